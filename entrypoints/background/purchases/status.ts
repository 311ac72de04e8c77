// What pages are told of purchases in progress: the confirmation window reconnects to the intent of
// its report (after a worker restart too) instead of offering Buy, and the popup lists those still
// being checked. Reads only: settling is the reconciler's (its alarm, the start-up, the purchase's own
// first check); asking only makes sure its alarm is on time (after a clock set back).

import type { Provider } from '@/lib/domain';
import { ok, type Result } from '@/lib/errors/result';
import { describeIntent, OPEN_STATES, type PurchaseIntent } from '@/lib/purchases/purchase-intent';
import type { PurchaseStatus } from '@/lib/purchases/purchase-messages';
import { RECONCILE_SCHEDULE } from '../timing';
import { allIntents, latestIntent } from './intent-store';
import { keepReconcilerOnTime } from './reconciler';

function view(intent: PurchaseIntent): PurchaseStatus {
  const status: PurchaseStatus = {
    id: intent.id,
    provider: intent.provider,
    vin: intent.vin,
    state: intent.state,
    message: describeIntent(intent, RECONCILE_SCHEDULE),
    createdAt: intent.createdAt,
  };
  if (intent.reportId) status.reportId = intent.reportId;
  if (intent.extraReportIds?.length) status.chargedTimes = intent.extraReportIds.length + 1;
  return status;
}

const WEEK = 7 * 24 * 60 * 60 * 1000;
/** Shown in the popup: not settled, unresolved, or charged more than once this week. */
const pending = (i: PurchaseIntent) =>
  OPEN_STATES.has(i.state) ||
  (i.state === 'unresolved' && !i.overridden) ||
  (!!i.extraReportIds?.length && Date.now() - i.createdAt < WEEK);

export async function getPurchaseStatus({
  provider,
  vin,
}: {
  provider: Provider;
  vin: string;
}): Promise<Result<PurchaseStatus | null>> {
  await keepReconcilerOnTime();
  const intent = await latestIntent(provider, vin);
  return ok(intent ? view(intent) : null);
}

export async function getOpenPurchases(): Promise<Result<PurchaseStatus[]>> {
  await keepReconcilerOnTime();
  return ok(
    (await allIntents())
      .filter(pending)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(view),
  );
}
