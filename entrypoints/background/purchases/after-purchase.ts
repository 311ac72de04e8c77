// What follows a report the user paid for: the ledger counts it, pages see the new balance, and a
// purchase that brought more than one new report (the service charged twice) is recorded as such.
import { ApiError } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/domain';
import type { Account } from '@/lib/message-shapes';
import type { PurchaseIntent } from '@/lib/purchase-intent';
import { findNewReports } from '@/lib/purchase-rules';
import { noteBought, refreshAccount } from '../account/account';
import { currentClient } from '../account/service';
import { recordInLedger } from '../records/ledger';
import { moveIntent } from './intent-store';
import { rememberPurchaseCounts } from './purchase-counts';

/**
 * Returns the ids of reports beyond `report` that the purchase brought (empty when charged once).
 * One request on the usual path: the balance after. When exactly one credit went since the purchase
 * began, that one credit was this report, and the cached account learns the report and the balance
 * without the report list being read again. More than one gone (another window's purchase, or a
 * request the browser resent), or no balance to read: the report list decides.
 */
export async function afterPurchase(intent: PurchaseIntent, report: ReportSummary): Promise<string[]> {
  await recordInLedger('purchase', intent.vin);
  // The counts the user bought against, for "Check for new records" later.
  await rememberPurchaseCounts(intent.provider, report.id, intent.vin);
  const limits = await (await currentClient()).getLimits().catch(unlessApiError(undefined));
  if (limits && intent.creditsBefore !== undefined && limits.credits === intent.creditsBefore - 1) {
    await noteBought(report, limits);
    return [];
  }
  // Credits, allowance and reports changed: refresh what pages show (failure here loses nothing).
  const account: Account | undefined = await refreshAccount().catch(unlessApiError(undefined));
  if (!account) return [];
  const extra = findNewReports(account.reports, intent.provider, intent.vin, intent.heldBefore)
    .map((r) => r.id)
    .filter((id) => id !== report.id);
  if (extra.length === 0) return [];
  for (const _ of extra) await recordInLedger('purchase', intent.vin);
  await moveIntent(intent.id, ['held'], (i) => ({ ...i, extraReportIds: extra }));
  return extra;
}

/** A failure of the service is answered with `fallback`; anything else is a bug and is thrown. */
const unlessApiError =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (!(error instanceof ApiError)) throw error;
    return fallback;
  };
