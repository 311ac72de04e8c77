// The record counts a report was bought against, kept with the report (by provider and id), so that
// "Check for new records" can say how many records were added since. Not a cache: "Clear cached
// data" keeps them. A report bought elsewhere has none: the answer says the counts then are unknown.
import { z } from 'zod/mini';
import type { Provider } from '@/lib/domain';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import { findHeld } from '@/lib/purchases/purchase-rules';
import type { NewRecords, NewRecordsRequest } from '@/lib/records/page-messages';
import { reportKey } from '@/lib/reports/report-key';
import { cachedAccount } from '../account/account';
import { overPageBudget } from '../records/page-budget';
import { countsFor, knownCounts } from '../records/record-cache';
import { storedValue } from '../storage/store';

const Counted = z.object({ providerA: z.number(), providerB: z.number(), at: z.number() });
const atPurchase = storedValue('purchaseCounts', z.record(z.string(), Counted), () => ({}));

/** After a purchase: the counts the user saw when buying (cached by the confirmation's check), if any. */
export async function rememberPurchaseCounts(provider: Provider, id: string, vin: string): Promise<void> {
  const counts = (await knownCounts([vin]))[vin];
  if (!counts) return;
  await atPurchase.update((all) => ({
    ...all,
    [reportKey({ provider, id })]: { ...counts.records, at: Date.now() },
  }));
}

/**
 * One record check on request (never from the cache: the point is today's counts), compared with the
 * counts at purchase of the report the viewer shows, or (a badge) of the newest report held for this
 * VIN, whichever provider's (it took providerA's whenever there was one: issue 44).
 */
export async function checkNewRecords(
  { vin, report }: NewRecordsRequest,
  sender?: Sender,
): Promise<Result<NewRecords>> {
  const reports = (await cachedAccount())?.reports ?? [];
  const shown = report && reports.find((r) => r.vin === vin && reportKey(r) === reportKey(report));
  const newest = [findHeld(reports, 'providerA', vin), findHeld(reports, 'providerB', vin)]
    .filter((r) => r !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const held = shown ?? (report ? findHeld(reports, report.provider, vin) : newest);
  if (!held) return failWith('invalid-input', 'You hold no report for this VIN yet.');
  const refused = await overPageBudget(sender, 'checks');
  if (refused) return refused;
  const counts = await countsFor(vin, { fresh: true });
  const before = (await atPurchase.get())[reportKey(held)] ?? null;
  return ok({
    counts,
    report: { provider: held.provider, id: held.id, createdAt: held.createdAt },
    before,
  });
}
