// Buying reports (endpoints 4 and 6): the one place the extension spends the user's money.
// - Only after the user confirmed in the extension's own window (extension pages only).
// - An intent is written before the request (intent-store.ts); if it cannot be, nothing is bought.
// - One request per intent, never retried; no new purchase of a (provider, VIN) while an intent for
//   it is open or unresolved (an unresolved one only with the user's explicit override).
// - A report already held is offered instead, free, unless the user asks to buy again.
// - An answer that is lost is reconciled (reconciler.ts), never sent again.
// - One client from start to end, of the settings the user confirmed for: a key changed meanwhile
//   never makes it check one account and buy from another.
// - Past the moment the intent says "sent", whatever fails (a refused write, a bug) is answered as an
//   outcome not known yet, never as "nothing was sent": the stored intent blocks a second purchase and
//   the reconciler finishes what is left (the writes after a charge are made again until they land).

import { generationOf } from '@/lib/account/account-messages';
import { ApiError } from '@/lib/api/errors';
import type { Report, ReportSummary } from '@/lib/domain';
import { fail, failWith, ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import {
  describeIntent,
  isRefusal,
  type PurchaseIntent,
  purchaseOutcomeMessage,
} from '@/lib/purchases/purchase-intent';
import type { PurchaseOutcome, PurchaseRequest } from '@/lib/purchases/purchase-messages';
import { findHeld, reportOf } from '@/lib/purchases/purchase-rules';
import { cachedAccount, noteReports } from '../account/account';
import { type AccountClient, currentClient } from '../service/service';
import { keepReport } from '../storage/store';
import { PURCHASE_TIMEOUT_MS, RECONCILE_SCHEDULE } from '../timing';
import { afterPurchase } from './after-purchase';
import { moveIntent, openIntent } from './intent-store';
import { checkIntent, reconcileDue, scheduleReconciliation, workingOn } from './reconciler';

/** Why no new purchase is sent while this intent stands, in the kind and words the pages show. */
function refusedBecause(intent: PurchaseIntent): Result<never> {
  if (intent.state === 'unresolved' || intent.state === 'unknown')
    return failWith('unknown-outcome', describeIntent(intent, RECONCILE_SCHEDULE));
  return failWith(
    'busy',
    `A ${intent.provider} report for ${intent.vin} is being bought already: wait for it.`,
  );
}

/**
 * The reports held, from the service; or, when the caller allows it (a workbench batch: at most one
 * read of a dealer's 1.5 MB list a minute), the list read less than `maxAgeMs` ago, with the
 * purchases made since added to it (after-purchase.ts). A report bought meanwhile from another
 * device is then not seen; one bought here always is (its intent, and the list kept up to date).
 */
async function reportsHeld(client: AccountClient, maxAgeMs: number | undefined): Promise<ReportSummary[]> {
  if (maxAgeMs !== undefined) {
    const cached = await cachedAccount();
    // A list "read" in the future (a clock set back since) is read again; another account's never used.
    const age = Date.now() - (cached?.at ?? Number.NaN);
    if (cached && generationOf(cached) === client.generation && age >= 0 && age <= maxAgeMs)
      return cached.reports;
  }
  const reports = await client.getUserReports();
  await noteReports(reports, client.generation);
  return reports;
}

/** What a purchase confirmed for other settings than those saved now is answered: nothing bought. */
const KEY_CHANGED =
  'The API key or the service was changed after this purchase was confirmed, so nothing was bought. Look at the offer again: it is for the account of the key saved now.';

/** The message handler: a page's Buy, which always reads the report list afresh. */
export const purchaseReport = (request: PurchaseRequest, _sender: Sender): Promise<Result<PurchaseOutcome>> =>
  makePurchase(request);

/**
 * One purchase, a page's or a workbench row's; `listMaxAgeMs`: how old a report list may be read
 * (a batch reads it once at its start).
 */
export async function makePurchase(
  request: PurchaseRequest,
  { listMaxAgeMs }: { listMaxAgeMs?: number } = {},
): Promise<Result<PurchaseOutcome>> {
  const { provider, vin, buyAgain } = request;
  const client = await currentClient();
  if (request.generation !== undefined && request.generation !== client.generation)
    return failWith('needs-confirmation', KEY_CHANGED);
  // Intents left open by a stopped worker are settled first: one may already have bought this.
  await reconcileDue();
  const limits = await client.getLimits();
  if (limits.credits <= 0)
    return failWith(
      'exhausted',
      'You have no credits left, so nothing was bought. Add credits with your report service.',
    );
  const left = provider === 'providerA' ? limits.providerAReportsLeftToday : limits.providerBReportsLeftToday;
  if (left <= 0)
    return failWith(
      'exhausted',
      `Today's ${provider} allowance is used up (${limits.dailyLimit} a day), so nothing was bought.`,
    );
  const reports = await reportsHeld(client, listMaxAgeMs);
  const held = findHeld(reports, provider, vin);
  if (held && !buyAgain) return ok(outcome('held', held, 'You already own this report: it opens for free.'));

  const heldBefore = reports.filter(reportOf(provider, vin)).map((r) => r.id);
  // Registered before the intent exists: a reconciler running meanwhile must not settle it.
  const id = crypto.randomUUID();
  workingOn.add(id);
  try {
    return await send(client, id, request, heldBefore, limits.credits);
  } finally {
    workingOn.delete(id);
  }
}

/** Whether a purchase is being sent by this worker now (the settings may not change meanwhile). */
export const purchaseUnderWay = (): boolean => workingOn.size > 0;

async function send(
  client: AccountClient,
  id: string,
  { provider, vin, overrideUnresolved }: PurchaseRequest,
  heldBefore: string[],
  creditsBefore: number,
): Promise<Result<PurchaseOutcome>> {
  const account = await cachedAccount();
  const opened = await openIntent({
    id,
    provider,
    vin,
    heldBefore,
    creditsBefore,
    overrideUnresolved: overrideUnresolved === true,
    generation: client.generation,
    ...(account && generationOf(account) === client.generation ? { accountName: account.user.name } : {}),
  });
  if ('blocked' in opened) return refusedBecause(opened.blocked);
  if ('bought' in opened) {
    const { provider: p, vin: v, reportId, yearMakeModel } = opened.bought;
    return ok({
      status: 'held',
      provider: p,
      id: reportId ?? '',
      vin: v,
      yearMakeModel: yearMakeModel ?? '',
      message:
        'This report was bought a moment ago (in another window): it is yours and opens for free. Nothing more was bought.',
    });
  }
  const sentAt = Date.now();
  // Written before the request: a worker that stops from here on leaves an intent that is reconciled.
  const sent = await moveIntent(id, ['intended'], (i) => ({
    ...i,
    state: 'sent',
    sentAt,
    nextCheckAt: sentAt + PURCHASE_TIMEOUT_MS + 5_000,
  })).catch(async (error: unknown) => {
    // The store refused: the request never left. The intent is let go now if the store takes that,
    // else by the reconciler later (an intent left intended would hold this report back).
    await moveIntent(id, ['intended'], (i) => ({
      ...i,
      state: 'none',
      settledAt: Date.now(),
      cause: {
        kind: 'internal',
        message: 'The extension could not record the purchase, so it was not sent.',
      },
    })).catch(() => undefined);
    await scheduleReconciliation().catch(() => undefined);
    throw error;
  });
  if (!sent)
    return failWith('busy', 'This purchase was settled elsewhere before it was sent: nothing was bought.');
  try {
    return await sendAndSettle(client, sent);
  } catch (error) {
    return lostAfterSending(sent, error);
  }
}

/** The request, and what follows its answer. Anything thrown here happened after "sent". */
async function sendAndSettle(client: AccountClient, sent: PurchaseIntent): Promise<Result<PurchaseOutcome>> {
  const { provider, vin } = sent;
  let report: Report;
  try {
    report = await client.buyReport(provider, vin);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return settleFailure(client, sent, error);
  }
  await moveIntent(sent.id, ['sent'], (i) => ({
    ...i,
    state: 'held',
    settledAt: Date.now(),
    reportId: report.id,
    yearMakeModel: report.yearMakeModel,
    nextCheckAt: undefined,
    followedUp: false,
  }));
  // Counted first (ledger, purchase counts, account): the offline copy is a convenience that the
  // browser may refuse, and its failure must never hide a charge.
  const now = new Date().toISOString();
  const extra = await afterPurchase(client, sent, {
    provider,
    id: report.id,
    vin: report.vin,
    yearMakeModel: report.yearMakeModel,
    createdAt: now,
    updatedAt: now,
  });
  const { saved } = await keepReport(report, now);
  const notSaved = saved
    ? ''
    : ' The browser refused to store it for reading offline, so it opens from the service instead.';
  return ok({
    status: 'bought',
    provider,
    id: report.id,
    vin: report.vin,
    yearMakeModel: report.yearMakeModel,
    message: purchaseOutcomeMessage('Bought.', extra.length + 1) + notSaved,
    saved,
    ...(extra.length ? { chargedTimes: extra.length + 1 } : {}),
  });
}

/**
 * Something failed after the request may have left (a write the browser refused, a bug): whether a
 * credit was spent is not known to this answer, so it never says nothing was. The stored intent (sent,
 * or held if that write landed) holds back a second purchase, and the reconciler settles it and makes
 * the writes that follow a charge when the store takes them again.
 */
async function lostAfterSending(sent: PurchaseIntent, error: unknown): Promise<Result<PurchaseOutcome>> {
  console.error('[purchase] failed after it was sent:', error);
  await scheduleReconciliation().catch(() => undefined);
  const cause = error instanceof Error ? error.message : String(error);
  return failWith(
    'unknown-outcome',
    `The purchase of the ${sent.provider} report for ${sent.vin} was sent to the service, but the extension could not finish recording what happened (${cause.slice(0, 160)}). A credit may have been spent. Nothing will be bought again for this report until it is settled: it is checked again automatically.`,
  );
}

/** The purchase request failed: a refusal by kind is "none"; anything else is unknown, checked at once. */
async function settleFailure(
  client: AccountClient,
  sent: PurchaseIntent,
  error: ApiError,
): Promise<Result<PurchaseOutcome>> {
  const cause = error.toData();
  if (isRefusal(cause.kind)) {
    const none = await moveIntent(sent.id, ['sent'], (i) => ({
      ...i,
      state: 'none',
      settledAt: Date.now(),
      cause,
      nextCheckAt: undefined,
    }));
    // Settled elsewhere meanwhile (it cannot be, but then this answer cannot say what happened).
    if (!none) throw new Error('the purchase was settled elsewhere while its refusal was recorded');
    return fail({ ...cause, message: `${cause.message} No credit was spent.` });
  }
  const unknown = await moveIntent(sent.id, ['sent'], (i) => ({
    ...i,
    state: 'unknown',
    cause,
    nextCheckAt: Date.now(),
  }));
  // First check at once: a charged-then-dropped purchase is usually found right away.
  const checked = unknown ? await checkIntent(unknown, client).catch(ignoreServiceError(unknown)) : undefined;
  await scheduleReconciliation();
  if (checked?.state === 'held' && checked.reportId) {
    const reports = (checked.extraReportIds?.length ?? 0) + 1;
    return ok({
      status: 'recovered',
      provider: sent.provider,
      id: checked.reportId,
      vin: sent.vin,
      yearMakeModel: checked.yearMakeModel ?? '',
      message: purchaseOutcomeMessage(
        'The connection failed after the service had charged for this report; it was found and kept.',
        reports,
      ),
      ...(reports > 1 ? { chargedTimes: reports } : {}),
    });
  }
  return failWith('unknown-outcome', describeIntent(checked ?? unknown ?? sent, RECONCILE_SCHEDULE));
}

/** The service could not be asked now: the intent stays unknown and the reconciler asks again later. */
const ignoreServiceError = (intent: PurchaseIntent) => (error: unknown) => {
  if (error instanceof ApiError) return intent;
  throw error;
};

function outcome(status: PurchaseOutcome['status'], r: ReportSummary, message: string): PurchaseOutcome {
  return { status, provider: r.provider, id: r.id, vin: r.vin, yearMakeModel: r.yearMakeModel, message };
}
