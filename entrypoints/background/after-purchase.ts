// What follows a report the user paid for: the ledger counts it, pages see the new balance, and a
// purchase that brought more than one new report (the service charged twice) is recorded as such.
import { ApiError } from '@/lib/api/errors';
import type { Account } from '@/lib/message-shapes';
import type { PurchaseIntent } from '@/lib/purchase-intent';
import { findNewReports } from '@/lib/purchase-rules';
import { refreshAccount } from './account';
import { recordInLedger } from './ledger';
import { rememberPurchaseCounts } from './purchase-counts';
import { moveIntent } from './purchase-intents';

/** Returns the ids of reports beyond `reportId` that the purchase brought (empty when charged once). */
export async function afterPurchase(intent: PurchaseIntent, reportId: string): Promise<string[]> {
  await recordInLedger('purchase', intent.vin);
  // The counts the user bought against, for "Check for new records" later.
  await rememberPurchaseCounts(intent.provider, reportId, intent.vin);
  // Credits, allowance and reports changed: refresh what pages show (failure here loses nothing).
  const account: Account | undefined = await refreshAccount().catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  });
  if (!account) return [];
  const extra = findNewReports(account.reports, intent.provider, intent.vin, intent.heldBefore)
    .map((r) => r.id)
    .filter((id) => id !== reportId);
  if (extra.length === 0) return [];
  for (const _ of extra) await recordInLedger('purchase', intent.vin);
  await moveIntent(intent.id, ['held'], (i) => ({ ...i, extraReportIds: extra }));
  return extra;
}
