// The popup's headline (who, credits, allowances, the newest reports and how many are held, as of
// when), kept apart from everything else so the popup can show it without waiting for the service
// worker to start and parse a dealer's cached list of thousands of reports. It lives in
// storage.session: kept in memory by the browser (an IndexedDB open in a fresh popup took 100-200 ms,
// longer than the worker's answer when it runs), readable by extension pages only (trusted contexts,
// the default in both browsers: no content script can read or forge it), gone when the browser
// closes (the first popup after a restart waits for the worker). It holds no key.
// Written by the background whenever the cached account changes; read by the popup only.
import { z } from 'zod/mini';
import { type Account, Account as AccountSchema } from '@/lib/message-shapes';
import { createSerialQueue } from '@/lib/serial-queue';
import { sessionItem } from '../storage/session-item';

const item = sessionItem('headline', z.nullable(AccountSchema), () => null);
/** The newest reports the popup lists (entrypoints/popup/reports-list.tsx shows this many). */
export const HEADLINE_REPORTS = 5;

/** The account cut to its headline: the newest reports and their count. */
export const headlineOf = (account: Account): Account => ({
  ...account,
  reports: account.reports.slice(0, HEADLINE_REPORTS),
  reportCount: account.reportCount ?? account.reports.length,
});

// Writes in the order asked, none waited for by the caller (a purchase never waits on a shortcut).
const serial = createSerialQueue();

/** Keeps the headline of this account (null: forgets it), in the background; never fails the caller. */
export function keepHeadline(account: Account | null): void {
  const headline = account && headlineOf(account);
  void serial(async () => {
    try {
      if (headline) await item.set(headline);
      else await item.remove();
    } catch (error) {
      console.warn('[headline] not kept:', error);
    }
  });
}

/** The headline as last kept, parsed; null when there is none or it cannot be read. */
export async function readHeadline(): Promise<Account | null> {
  return item.get().catch(() => null);
}
