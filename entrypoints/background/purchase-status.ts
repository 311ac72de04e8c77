// What pages are told of purchases in progress: the confirmation window reconnects to the intent of
// its report (after a worker restart too) instead of offering Buy, and the popup lists those still
// being checked. Asking checks what is due first, so a page that polls sees an intent settle.

import { ApiError } from '@/lib/api/errors';
import type { Provider } from '@/lib/api/schemas';
import type { PurchaseStatus } from '@/lib/message-shapes';
import { describeIntent, OPEN_STATES, type PurchaseIntent } from '@/lib/purchase-intent';
import { ok, type Result } from '@/lib/result';
import { allIntents, latestIntent } from './purchase-intents';
import { checkIntent, reconcileAndReschedule } from './purchase-reconciler';
import { RECONCILE_SCHEDULE } from './timing';

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
  await reconcileAndReschedule();
  let intent = await latestIntent(provider, vin);
  // A report that arrives after the schedule ended still settles an unresolved intent as held;
  // looked for at most once a minute, however often a window polls (every 2 s): each look reads
  // the whole report list, 1.5 MB for a dealer.
  if (intent?.state === 'unresolved' && lateLookDue(intent.id))
    intent = await checkIntent(intent).catch((error: unknown) => {
      if (error instanceof ApiError) return intent as PurchaseIntent;
      throw error;
    });
  return ok(intent ? view(intent) : null);
}

const LATE_LOOK_MS = 60_000;
const lastLateLook = new Map<string, number>();
/** Whether an unresolved intent may be looked at again now (and notes that it is). */
function lateLookDue(id: string, now = Date.now()): boolean {
  const last = lastLateLook.get(id);
  // A clock set back makes the last look lie in the future: look again.
  if (last !== undefined && now - last < LATE_LOOK_MS && now >= last) return false;
  lastLateLook.set(id, now);
  return true;
}

export async function getOpenPurchases(): Promise<Result<PurchaseStatus[]>> {
  await reconcileAndReschedule();
  return ok(
    (await allIntents())
      .filter(pending)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(view),
  );
}
