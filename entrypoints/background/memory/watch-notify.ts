// A watched vehicle's news, told as the page the user opened shows it (never by fetching anything):
// its price went down, or it was relisted. Only with the option on, and where the browser has the
// notifications API at all (the permission, asked in the options page, granted); otherwise the
// watched page says it when next opened.
import { browser } from 'wxt/browser';
import { money } from '@/lib/memory/history-words';
import { lastPoint } from '@/lib/memory/listing-memory';
import type { ListingChange } from '../storage/memory-store';
import { watchedVehicles } from '../storage/memory-store';
import { memorySettings } from './memory-settings';

/** The news of a change, in words; null when there is none to tell. */
export function newsOf({ before, after }: ListingChange): string | null {
  if ((after.relist?.length ?? 0) > (before?.relist?.length ?? 0) || (!before && after.after !== undefined))
    return `relisted on ${after.site}`;
  const was = before && lastPoint(before.prices);
  const now = lastPoint(after.prices);
  // Only between two prices stated in one currency.
  return now?.[2] && now[2] === was?.[2] && now[1] < was[1]
    ? `price down to ${money(now[1], now[2])} on ${after.site} (was ${money(was[1], was[2])})`
    : null;
}

export async function notifyWatched(changes: ListingChange[]): Promise<void> {
  const notifications = browser.notifications;
  if (!notifications || !(await memorySettings.get()).notify) return;
  const watched = new Set((await watchedVehicles()).map((w) => w.vin));
  for (const change of changes) {
    const news = watched.has(change.after.vin) && newsOf(change);
    if (news)
      await notifications.create(`watched:${change.after.k}`, {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title: 'A vehicle you watch',
        message: `${change.after.vin}: ${news}.`,
      });
  }
}
