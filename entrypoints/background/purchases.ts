// Buying reports (endpoints 4 and 6): the one place the extension spends the user's money.
// - Only after the user confirmed in the extension's own window (extension pages only).
// - Never twice at once for one (provider, VIN); never retried automatically.
// - A report already held is offered instead, free, unless the user asks to buy again.
// - A pending record is written before the request; after a lost answer (timeout, dropped
//   connection, 5xx, a worker that died) the purchase is reconciled through /user/reports.
// - After a timeout the service may still be working on it: for SETTLE_AFTER_MS "no new report"
//   does not mean "not bought", and the same report is not bought again meanwhile.
import { storage } from 'wxt/utils/storage';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { Provider, type ReportSummary } from '@/lib/api/schemas';
import type { PurchaseOutcome, PurchaseRequest } from '@/lib/message-shapes';
import { AMBIGUOUS, findHeld, findNewReport, purchaseKey } from '@/lib/purchase-rules';
import { fail, ok, type Result } from '@/lib/result';
import { createSerialQueue } from '@/lib/serial-queue';
import { refreshAccount } from './account';
import { recordInLedger } from './ledger';
import { keepReport } from './report-library';
import { currentClient } from './service';

const Pending = z.object({
  provider: Provider,
  vin: z.string(),
  /** Ids of this provider's reports for the VIN before the request: the new one is not among them. */
  heldBefore: z.array(z.string()),
  startedAt: z.number(),
  /** We stopped waiting (timeout) while the service may still have been working on it. */
  timedOut: z.optional(z.boolean()),
});
type Pending = z.infer<typeof Pending>;
const PendingMap = z.record(z.string(), Pending);

/**
 * How long after a purchase we stopped waiting for the service may still finish it (and charge):
 * until then, "no new report" does not mean "not bought", and the same report is not bought again.
 */
export const SETTLE_AFTER_MS = 120_000;

const rawPending = storage.defineItem<unknown>('local:pendingPurchases', { fallback: {} });
const pendingItem = {
  getValue: async (): Promise<Record<string, Pending>> =>
    PendingMap.safeParse(await rawPending.getValue()).data ?? {},
  setValue: (value: Record<string, Pending>) => rawPending.setValue(value),
};
const underWay = new Set<string>();
const exclusive = createSerialQueue();

function setPending(key: string, pending: Pending | null) {
  return exclusive(async () => {
    const all = await pendingItem.getValue();
    if (pending) all[key] = pending;
    else delete all[key];
    await pendingItem.setValue(all);
  });
}

export async function purchaseReport(request: PurchaseRequest): Promise<Result<PurchaseOutcome>> {
  const { provider, vin } = request;
  const key = purchaseKey(provider, vin);
  if (underWay.has(key)) {
    return fail({
      kind: 'busy',
      message: `A ${provider} report for ${vin} is being bought already: wait for it.`,
    });
  }
  underWay.add(key);
  try {
    return await buy(request, key);
  } finally {
    underWay.delete(key);
  }
}

async function buy(
  { provider, vin, buyAgain }: PurchaseRequest,
  key: string,
): Promise<Result<PurchaseOutcome>> {
  const client = await currentClient();
  // An earlier attempt whose answer was lost is settled first: it may already have bought this.
  const earlier = (await pendingItem.getValue())[key];
  if (earlier) {
    const recovered = await reconcile(key, earlier);
    if (recovered === 'unsettled') {
      return fail({
        kind: 'timeout',
        message: `An earlier purchase of this report got no answer ${Math.round((Date.now() - earlier.startedAt) / 1000)} s ago and the service may still complete it, so nothing new was bought. Try again in ${Math.ceil(SETTLE_AFTER_MS / 60_000)} minutes if the report has not appeared by then.`,
      });
    }
    if (recovered) return ok(recovered);
  }
  const limits = await client.getLimits();
  if (limits.credits <= 0) {
    return fail({
      kind: 'exhausted',
      message: 'You have no credits left, so nothing was bought. Add credits with your report service.',
    });
  }
  const left = provider === 'providerA' ? limits.providerAReportsLeftToday : limits.providerBReportsLeftToday;
  if (left <= 0) {
    return fail({
      kind: 'exhausted',
      message: `Today's ${provider} allowance is used up (${limits.dailyLimit} a day), so nothing was bought.`,
    });
  }
  const reports = await client.getUserReports();
  const held = findHeld(reports, provider, vin);
  if (held && !buyAgain) return ok(outcome('held', held, 'You already own this report: it opens for free.'));

  const heldBefore = reports.filter((r) => r.provider === provider && r.vin === vin).map((r) => r.id);
  await setPending(key, { provider, vin, heldBefore, startedAt: Date.now() });
  try {
    const report = await client.buyReport(provider, vin);
    const createdAt = new Date().toISOString();
    await keepReport(report, createdAt);
    await setPending(key, null);
    await afterPurchase(vin);
    return ok({
      status: 'bought',
      provider,
      id: report.id,
      vin: report.vin,
      yearMakeModel: report.yearMakeModel,
      message: 'Bought: one credit spent.',
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (!AMBIGUOUS.has(error.kind)) {
      // The service refused: nothing was charged.
      await setPending(key, null);
      return fail({ ...error.toData(), message: `${error.message} No credit was spent.` });
    }
    return settleLostAnswer(key, error);
  }
}

/** The answer was lost: ask the service what happened instead of asking again. */
async function settleLostAnswer(key: string, cause: ApiError): Promise<Result<PurchaseOutcome>> {
  let pending = (await pendingItem.getValue())[key] as Pending;
  if (cause.kind === 'timeout') {
    pending = { ...pending, timedOut: true };
    await setPending(key, pending);
    // Settled later if the worker is still alive; otherwise at its next start or the next attempt.
    setTimeout(
      () => void reconcilePendingPurchases(),
      pending.startedAt + SETTLE_AFTER_MS + 1_000 - Date.now(),
    );
  }
  let recovered: PurchaseOutcome | null | 'unsettled';
  try {
    recovered = await reconcile(key, pending);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail({
      kind: cause.kind,
      message: `${cause.message} We could not confirm whether the report was bought, so a credit may have been spent. The extension checks again when you next open it and shows the report if it arrived: do not buy it again before then.`,
    });
  }
  if (recovered === 'unsettled') {
    return fail({
      kind: cause.kind,
      message: `${cause.message} It may still complete the purchase, so a credit may have been spent. The extension checks your reports again and keeps the report if it arrives (it appears under your reports); it will not buy this report again before that is settled.`,
    });
  }
  if (recovered) return ok(recovered);
  return fail({
    ...cause.toData(),
    message: `${cause.message} The service holds no new report for this VIN, so no credit was spent.`,
  });
}

/**
 * Settles a pending purchase through /user/reports (a free read). Returns the report when the
 * service did create it, null when it did not (the pending record is closed either way), and
 * 'unsettled' when it has not yet but still may (we stopped waiting less than SETTLE_AFTER_MS ago).
 * Throws when the service cannot be asked (the record stays for the next try).
 */
async function reconcile(key: string, pending: Pending): Promise<PurchaseOutcome | null | 'unsettled'> {
  const client = await currentClient();
  const after = await client.getUserReports();
  const created = findNewReport(after, pending.provider, pending.vin, pending.heldBefore);
  if (!created) {
    if (pending.timedOut && Date.now() - pending.startedAt < SETTLE_AFTER_MS) return 'unsettled';
    await setPending(key, null);
    return null;
  }
  const report = await client.getReport(created.provider, created.id);
  await keepReport(report, created.createdAt);
  await setPending(key, null);
  await afterPurchase(pending.vin);
  return outcome(
    'recovered',
    created,
    'The connection failed after the service had charged for this report; it was found and kept. One credit was spent.',
  );
}

async function afterPurchase(vin: string) {
  await recordInLedger('purchase', vin);
  // Credits and allowance changed: refresh what pages show (failure here loses nothing).
  await refreshAccount().catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}

function outcome(status: PurchaseOutcome['status'], r: ReportSummary, message: string): PurchaseOutcome {
  return { status, provider: r.provider, id: r.id, vin: r.vin, yearMakeModel: r.yearMakeModel, message };
}

/** At start-up: settle purchases a stopped service worker left open. */
export async function reconcilePendingPurchases(): Promise<void> {
  for (const [key, pending] of Object.entries(await pendingItem.getValue())) {
    try {
      await reconcile(key, pending);
    } catch (error) {
      // Offline or no key yet: the record stays and is settled on the next start or purchase.
      if (!(error instanceof ApiError)) throw error;
    }
  }
}
