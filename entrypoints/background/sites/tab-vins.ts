// Which VINs each tab shows: the toolbar count and the popup's "this tab" list. The content script
// proposes candidates; the manufacturer codes decide here (lib/vin/vin-verdict.ts).
// Kept in session storage so a restarted service worker still knows, and forgotten with the tab.
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { PROVIDERS } from '@/lib/domain';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { CheckAllPlan } from '@/lib/records/economy';
import type { PageCandidates, PageVinsAnswer, TabVinsAnswer } from '@/lib/records/page-messages';
import { MAX_TAB_VINS } from '@/lib/vin/page-limits';
import { VinSchema } from '@/lib/vin/vin-schema';
import type { Vin } from '@/lib/vin/vin-syntax';
import { acceptCandidates } from '@/lib/vin/vin-verdict';
import { cachedAccount } from '../account/account';
import { autoCheck } from '../records/auto-check';
import { planAndKeep } from '../records/check-all';
import { knownCounts } from '../records/record-cache';
import { sessionItem } from '../storage/store';
import { manufacturerCodes } from './wmi-file';

const TabList = z.array(VinSchema);
const itemFor = (tabId: number) => sessionItem(`tabVins:${tabId}`, TabList, () => []);

export async function reportPageVins(
  { candidates, reset }: PageCandidates,
  sender: Sender,
): Promise<Result<PageVinsAnswer>> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) return failWith('forbidden', 'Only a tab can report its VINs.');
  await manufacturerCodes();
  const fresh = acceptCandidates(candidates);
  // The top frame speaks for the tab: frames are not scanned.
  if (!sender.frameId) {
    // The VINs seen on this tab's page, those a virtualised list scrolled away included: the newest
    // MAX_TAB_VINS, in order of discovery.
    const item = itemFor(tabId);
    const kept = reset ? [] : await item.get();
    const known = new Set(kept);
    const vins = [...kept, ...fresh.map((d) => d.vin).filter((vin) => !known.has(vin))].slice(-MAX_TAB_VINS);
    if (reset || vins.length !== kept.length || fresh.length) await item.set(vins);
    await browser.action.setBadgeText({ tabId, text: vins.length ? String(Math.min(vins.length, 999)) : '' });
    await browser.action.setBadgeBackgroundColor({ tabId, color: '#0b57d0' });
  }
  const known = await knownCounts(fresh.map((d) => d.vin));
  const auto = fresh.length === 1 && !sender.frameId ? fresh[0]?.vin : undefined;
  if (auto && !known[auto]) {
    const counts = await autoCheck(auto, tabId, sender.url ?? '', () => itemFor(tabId).get());
    if (counts) known[auto] = counts;
  }
  // Owned: from the report list as last read (no request); a balance never reaches the page.
  const held = new Set((await cachedAccount())?.reports.map((r) => r.vin) ?? []);
  return ok({ vins: fresh, known, owned: fresh.map((d) => d.vin).filter((vin) => held.has(vin)) });
}

/** The VINs a tab shows, as last reported. */
export const tabVins = (tabId: number): Promise<Vin[]> => itemFor(tabId).get();

/** Whether the sender may ask about `vin`: an extension page, or a content script whose tab shows it. */
export async function mayAskAbout(vin: string, sender: Sender): Promise<boolean> {
  if (sender.kind === 'extension-page') return true;
  const tabId = sender.tab?.id;
  return tabId !== undefined && (await tabVins(tabId)).includes(vin as Vin);
}

export const NOT_ON_TAB = 'That vehicle is not on this page.';

/** The tab's VINs with the counts already cached (read from storage: no record check). */
export async function getTabVins({ tabId }: { tabId: number }): Promise<Result<TabVinsAnswer>> {
  const vins = await itemFor(tabId).get();
  // Owned: from the report list as last read (no request here).
  const shown = new Set<string>(vins);
  const owned: TabVinsAnswer['owned'] = {};
  for (const report of (await cachedAccount())?.reports ?? [])
    if (shown.has(report.vin) && !owned[report.vin]?.includes(report.provider))
      owned[report.vin] = PROVIDERS.filter((p) => p === report.provider || owned[report.vin]?.includes(p));
  return ok({ vins, known: await knownCounts(vins), owned });
}

export function forgetClosedTabs(): void {
  browser.tabs.onRemoved.addListener(
    (tabId) =>
      void itemFor(tabId)
        .remove()
        .catch(() => undefined),
  );
}

/** "Check all VINs on this page": the plan for the tab's VINs, kept for the user's confirmation. */
export async function planTabChecks({ tabId }: { tabId: number }): Promise<Result<CheckAllPlan>> {
  return planAndKeep(await tabVins(tabId));
}
