// The record counts a report was bought against, kept with the report (by provider and id), so that
// "Check for new records" can say how many records were added since. Not a cache: "Clear cached
// data" keeps them. A report bought elsewhere has none: the answer says the counts then are unknown.
import { z } from 'zod/mini';
import type { Provider } from '@/lib/domain';
import type { NewRecords } from '@/lib/messaging/page-messages';
import { failWith, ok, type Result } from '@/lib/messaging/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import { findHeld } from '@/lib/purchases/purchase-rules';
import { reportKey } from '@/lib/reports/report-key';
import type { Vin } from '@/lib/vin/vin-syntax';
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
 * counts at purchase of the newest report held for this VIN.
 */
export async function checkNewRecords({ vin }: { vin: Vin }, sender?: Sender): Promise<Result<NewRecords>> {
  const reports = (await cachedAccount())?.reports ?? [];
  const held = findHeld(reports, 'providerA', vin) ?? findHeld(reports, 'providerB', vin);
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
