// What follows a report the user paid for: the ledger counts it, pages see the new balance, and a
// purchase that brought more than one new report (the service charged twice) is recorded as such.
// Written once per intent whatever happens: every write is keyed to the intent (the ledger's entries
// by its id, the counts by the report's), the intent says when all of them landed (followedUp), and
// the reconciler makes them again while it does not (a write the browser refused).

import type { Account } from '@/lib/account/account-messages';
import { ApiError } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/domain';
import { intentGeneration, type PurchaseIntent } from '@/lib/purchases/purchase-intent';
import { findNewReports } from '@/lib/purchases/purchase-rules';
import { noteBought, refreshAccount } from '../account/account';
import { tellTabsOwned } from '../library/tell-tabs-owned';
import { recordInLedger } from '../records/ledger';
import type { AccountClient } from '../service/service';
import { moveIntent } from './intent-store';
import { rememberPurchaseCounts } from './purchase-counts';

/**
 * Returns the ids of reports beyond `report` that the purchase brought (empty when charged once).
 * One request on the usual path: the balance after. When exactly one credit went since the purchase
 * began, that one credit was this report, and the cached account learns the report and the balance
 * without the report list being read again. More than one gone (another window's purchase, or a
 * request the browser resent), or no balance to read: the report list decides. `client` is the one
 * the purchase was made with; without one (the settings changed since), only the local writes are made.
 */
export async function afterPurchase(
  client: AccountClient | undefined,
  intent: PurchaseIntent,
  report: ReportSummary,
): Promise<string[]> {
  await recordInLedger('purchase', intent.vin, { ref: intent.id });
  // The counts the user bought against, for "Check for new records" later.
  await rememberPurchaseCounts(intent.provider, report.id, intent.vin);
  const extra = client ? await fromTheService(client, intent, report) : [];
  for (const id of extra) await recordInLedger('purchase', intent.vin, { ref: `${intent.id}:${id}` });
  await moveIntent(intent.id, ['held'], (i) => ({
    ...i,
    followedUp: true,
    ...(extra.length ? { extraReportIds: extra } : {}),
  }));
  // The listing tabs showing it: their badges offer the report from now on.
  void tellTabsOwned(intent.vin).catch((error: unknown) => console.warn('[owned]', error));
  return extra;
}

/** The balance after (and the report list when it does not tell): the account updated, second charges found. */
async function fromTheService(client: AccountClient, intent: PurchaseIntent, report: ReportSummary) {
  if (client.generation !== intentGeneration(intent)) return [];
  const limits = await client.getLimits().catch(unlessApiError(undefined));
  if (limits && intent.creditsBefore !== undefined && limits.credits === intent.creditsBefore - 1) {
    await noteBought(report, limits, client.generation);
    return [];
  }
  // Credits, allowance and reports changed: refresh what pages show (failure here loses nothing).
  const account: Account | undefined = await refreshAccount(client).catch(unlessApiError(undefined));
  if (!account) return [];
  return findNewReports(account.reports, intent.provider, intent.vin, intent.heldBefore)
    .map((r) => r.id)
    .filter((id) => id !== report.id);
}

/** A failure of the service is answered with `fallback`; anything else is a bug and is thrown. */
const unlessApiError =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (!(error instanceof ApiError)) throw error;
    return fallback;
  };
