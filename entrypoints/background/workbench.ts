// The dealer workbench's batches, run here so that closing the page does not stop them: record
// checks or purchases, one row at a time and at least BATCH_SPACING_MS apart. The batch is kept in
// the background's store after every step; a worker that stops mid-batch leaves it "interrupted",
// and only the user's Resume carries on (a purchase is never sent again by itself: the row it was
// on is settled from its intent, by the purchase reconciler).
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import type { Provider } from '@/lib/api/schemas';
import type { CheckAllPlan } from '@/lib/economy';
import { describeIntent } from '@/lib/purchase-intent';
import { failWith, ok, type Result } from '@/lib/result';
import {
  BATCH_SPACING_MS,
  Batch,
  type BatchRow,
  isActive,
  PurchasePlan,
  planPurchases,
  skipRest,
  type WorkbenchView,
} from '@/lib/workbench';
import { cachedAccount, refreshAccount } from './account';
import { dropPlan, keepPlan, planAndKeep, readPlan, STOPPERS, takeCheckPlan } from './check-all';
import { latestIntent } from './purchase-intents';
import { purchaseReport } from './purchases';
import { countsFor, knownCounts } from './record-cache';
import { storedValue } from './store';
import { RECONCILE_SCHEDULE } from './timing';

const table = storedValue('workbenchVins', z.array(z.string()), () => []);
const batchItem = storedValue('workbenchBatch', z.nullable(Batch), () => null);

/** The batch this worker is running; another one found running in the store was left by a stopped worker. */
let runner: string | undefined;

/** A 429 without retry_after pauses this long. */
const DEFAULT_PAUSE_MS = 30_000;
// A batch's purchases read the report list (1.5 MB for a dealer) at most once a minute; what this
// extension buys meanwhile is added to it as it is bought, and open intents guard the rest.
const LIST_MAX_AGE_MS = 60_000;

async function changeBatch(id: string, change: (batch: Batch) => Batch): Promise<Batch | null> {
  return batchItem.update((batch) => (batch && batch.id === id ? change(batch) : batch));
}

const setRow = (batch: Batch, index: number, row: BatchRow): Batch => ({
  ...batch,
  rows: batch.rows.map((r, i) => (i === index ? row : r)),
});

/**
 * A purchase row as its intent says (the intent is the truth: written before the request). Undefined
 * when no intent was opened since the row began: nothing was sent.
 */
async function rowFromIntent(row: BatchRow): Promise<BatchRow | undefined> {
  if (!row.provider) return undefined;
  const intent = await latestIntent(row.provider, row.vin);
  if (!intent || intent.createdAt < (row.startedAt ?? 0)) return undefined;
  switch (intent.state) {
    case 'held':
      return {
        ...row,
        state: 'done',
        reportId: intent.reportId,
        message: describeIntent(intent, RECONCILE_SCHEDULE),
      };
    case 'none':
    case 'unresolved':
      return { ...row, state: 'failed', message: describeIntent(intent, RECONCILE_SCHEDULE) };
    default:
      return { ...row, state: 'unsure', message: 'Checking whether this went through.' };
  }
}

/** Replaces, by index, the rows still in `state` that `settled` has an answer for (others may have moved meanwhile). */
const mergeRows = (rows: BatchRow[], state: BatchRow['state'], settled: Array<BatchRow | undefined>) =>
  rows.map((r, i) => (r.state === state && settled[i] ? (settled[i] as BatchRow) : r));

const wasLeft = (batch: Batch) =>
  (batch.state === 'running' || batch.state === 'paused') && runner !== batch.id;

/** The batch as it stands: a run a stopped worker left is interrupted, unsure purchases follow their intents. */
async function currentBatch(): Promise<Batch | null> {
  let batch = await batchItem.get();
  if (!batch) return null;
  if (wasLeft(batch)) {
    const kind = batch.kind;
    // The row under way: a check is simply not done; a purchase is what its intent says, or (no
    // intent was opened) was never sent.
    const settled = await Promise.all(
      batch.rows.map(async (row) =>
        row.state !== 'running'
          ? undefined
          : kind === 'check'
            ? { ...row, state: 'queued' as const }
            : ((await rowFromIntent(row)) ?? { ...row, state: 'queued' as const }),
      ),
    );
    batch = await changeBatch(batch.id, (b) =>
      wasLeft(b)
        ? {
            ...b,
            rows: mergeRows(b.rows, 'running', settled),
            state: 'interrupted',
            resumeAt: undefined,
            message:
              'The extension stopped in the middle of this batch. Nothing more is checked or bought until you press Resume.',
          }
        : b,
    );
  }
  if (batch?.rows.some((r) => r.state === 'unsure')) {
    const settled = await Promise.all(
      batch.rows.map((row) => (row.state === 'unsure' ? rowFromIntent(row) : undefined)),
    );
    // Merged into the batch as stored now: a runner may have moved other rows meanwhile.
    batch = await changeBatch(batch.id, (b) => ({ ...b, rows: mergeRows(b.rows, 'unsure', settled) }));
  }
  return batch;
}

export async function getWorkbench(): Promise<Result<WorkbenchView>> {
  const [batch, vins, account] = await Promise.all([currentBatch(), table.get(), cachedAccount()]);
  const inTable = new Set(vins);
  return ok({
    vins,
    batch,
    counts: await knownCounts(vins),
    held: (account?.reports ?? []).filter((r) => inTable.has(r.vin.toUpperCase())),
    limits: account?.limits ?? null,
  });
}

export async function setWorkbenchVins({ vins }: { vins: string[] }): Promise<Result<null>> {
  await table.set([...new Set(vins)]);
  return ok(null);
}

export const planWorkbenchChecks = ({ vins }: { vins: string[] }): Promise<Result<CheckAllPlan>> =>
  planAndKeep(vins);

const BUSY = 'A batch is under way: wait for it, or cancel it, before starting another.';
const refuseWhileActive = async (): Promise<Result<never> | undefined> =>
  isActive(await currentBatch()) ? failWith('busy', BUSY) : undefined;

export async function startWorkbenchChecks(request: {
  planId: string;
  override: boolean;
}): Promise<Result<Batch>> {
  const busy = await refuseWhileActive();
  if (busy) return busy;
  const plan = await takeCheckPlan(request.planId, request.override);
  if (!plan.ok) return plan;
  const rows: BatchRow[] = [
    ...plan.value.toCheck.map((vin): BatchRow => ({ vin, state: 'queued' })),
    ...plan.value.cached.map(
      (vin): BatchRow => ({ vin, state: 'done', message: 'Known already (cached): no check spent.' }),
    ),
  ];
  return start('check', rows);
}

export async function planWorkbenchPurchase(request: {
  items: Array<{ vin: string; provider: Provider }>;
}): Promise<Result<PurchasePlan>> {
  // Today's credits, allowance and reports: the plan says what fits before anything is spent.
  const account = await refreshAccount();
  const plan = planPurchases(request.items, account.reports, account.limits, crypto.randomUUID());
  await keepPlan(plan.id, plan);
  return ok(plan);
}

export async function startWorkbenchPurchase({ planId }: { planId: string }): Promise<Result<Batch>> {
  const busy = await refuseWhileActive();
  if (busy) return busy;
  const plan = await readPlan(planId, PurchasePlan);
  if (!plan) return failWith('invalid-input', 'That confirmation has expired: open "Buy selected…" again.');
  await dropPlan(planId);
  const rows = plan.rows.map(({ vin, provider, fate, reportId }): BatchRow => {
    if (fate === 'buy') return { vin, provider, state: 'queued' };
    if (fate === 'held')
      return {
        vin,
        provider,
        state: 'held',
        reportId,
        message: 'Already yours: opens free, not bought again.',
      };
    const why =
      fate === 'no-credits'
        ? 'your credits do not cover it'
        : `today's ${provider} allowance does not cover it`;
    return { vin, provider, state: 'skipped', message: `Not bought: ${why}.` };
  });
  return start('buy', rows);
}

/** Stores and runs a new batch, unless one is under way: two pages starting at once get one batch. */
async function start(kind: Batch['kind'], rows: BatchRow[]): Promise<Result<Batch>> {
  const batch: Batch = { id: crypto.randomUUID(), kind, state: 'running', rows };
  const stored = await batchItem.update((current) => (isActive(current) ? current : batch));
  if (stored?.id !== batch.id) return failWith('busy', BUSY);
  runner = batch.id;
  void run(batch.id);
  return ok(batch);
}

export async function cancelWorkbenchBatch(): Promise<Result<Batch | null>> {
  const batch = await currentBatch();
  if (!batch || !isActive(batch)) return ok(batch);
  return ok(
    await changeBatch(batch.id, (b) => ({
      ...b,
      state: 'cancelled',
      rows: skipRest(
        b.rows,
        b.kind === 'buy' ? 'Not bought: you cancelled the batch.' : 'Not checked: you cancelled the batch.',
      ),
      message: b.rows.some((r) => r.state === 'running')
        ? 'Cancelled. The row under way when you cancelled finishes; nothing after it runs.'
        : 'Cancelled: nothing more runs.',
    })),
  );
}

export async function resumeWorkbenchBatch(): Promise<Result<Batch | null>> {
  const batch = await currentBatch();
  if (batch?.state !== 'interrupted') return ok(batch);
  // Check and set in one transaction: of two Resumes a moment apart, one starts the runner; two
  // runners would each take rows, and buy past a purchase whose outcome is unknown.
  let resumedHere = false;
  const resumed = await changeBatch(batch.id, (b) => {
    if (b.state !== 'interrupted') return b;
    resumedHere = true;
    return { ...b, state: 'running', message: undefined };
  });
  if (!resumedHere) return ok(resumed);
  runner = batch.id;
  void run(batch.id);
  return ok(resumed);
}

/** What one row's check or purchase came to, and what it means for the rest of the batch. */
interface Step {
  row: BatchRow;
  /** The batch ends here, with this said. */
  stop?: string;
  /** Rate-limited: the batch waits this long, then tries the row again. */
  pauseMs?: number;
}

async function checkRow(row: BatchRow): Promise<Step> {
  try {
    const counts = await countsFor(row.vin);
    return {
      row: {
        ...row,
        state: 'done',
        message: `${counts.records.providerA} providerA · ${counts.records.providerB} providerB records`,
      },
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'rate-limited') {
      const pauseMs = error.retryAfterMs ?? DEFAULT_PAUSE_MS;
      return { row: { ...row, state: 'queued', message: error.message }, pauseMs };
    }
    const failed: BatchRow = { ...row, state: 'failed', message: error.message };
    return STOPPERS.has(error.kind)
      ? { row: failed, stop: `Stopped at ${row.vin}: ${error.message}` }
      : { row: failed };
  }
}

async function buyRow(row: BatchRow): Promise<Step> {
  const stopHere = (what: string) =>
    `Stopped at ${row.vin} (${row.provider}): ${what} The rows after it were not bought.`;
  // Every purchase row of a plan names its provider; a stored row without one buys nothing.
  const { provider } = row;
  if (!provider) {
    const message = 'No provider was chosen for this row: nothing was bought.';
    return { row: { ...row, state: 'failed', message }, stop: stopHere(message) };
  }
  let result: Awaited<ReturnType<typeof purchaseReport>>;
  try {
    result = await purchaseReport({ provider, vin: row.vin }, { listMaxAgeMs: LIST_MAX_AGE_MS });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const settled = (await rowFromIntent(row)) ?? {
      ...row,
      state: 'failed',
      message: `${error.message} Nothing was bought.`,
    };
    return { row: settled, stop: stopHere(settled.message ?? error.message) };
  }
  if (result.ok) {
    const { status, id, message } = result.value;
    if (status === 'held') return { row: { ...row, state: 'held', reportId: id, message } };
    const bought: BatchRow = { ...row, state: 'done', reportId: id, message };
    // The purchase failed by kind (its answer was lost) and the report was found: the outcome of the
    // next one could be lost too. The batch stops for the user to look first.
    if (status === 'recovered') return { row: bought, stop: stopHere(message) };
    return { row: bought };
  }
  const { kind, message } = result.error;
  if (kind === 'unknown-outcome')
    return {
      row: { ...row, state: 'unsure', message: 'Checking whether this went through.' },
      stop: stopHere(message),
    };
  const failed: BatchRow = { ...row, state: 'failed', message };
  // Another window is buying this very report: nothing was sent for this row, the rest can go on.
  if (kind === 'busy') return { row: failed };
  return { row: failed, stop: stopHere(message) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps Chrome from stopping the worker between steps: an extension API call resets its 30-second
 * idle timer, a timer alone does not. Harmless where it does not apply.
 */
const stayAwake = () => browser.storage.session.get('workbenchAwake').catch(() => undefined);

/** Runs the batch's queued rows, one at a time, until it ends, is cancelled or this worker stops. */
async function run(id: string): Promise<void> {
  try {
    for (;;) {
      await stayAwake();
      const batch = await batchItem.get();
      if (!batch || batch.id !== id || (batch.state !== 'running' && batch.state !== 'paused')) return;
      const index = batch.rows.findIndex((r) => r.state === 'queued');
      if (index < 0) {
        // Only a batch still under way becomes done: a stop, and what it says, is never overwritten.
        await changeBatch(id, (b) =>
          b.state === 'running' || b.state === 'paused' ? { ...b, state: 'done', message: undefined } : b,
        );
        return;
      }
      const due = Math.max((batch.lastDoneAt ?? 0) + BATCH_SPACING_MS, batch.resumeAt ?? 0);
      if (due > Date.now()) {
        // Short sleeps: a Cancel is seen within a second.
        await sleep(Math.min(due - Date.now(), 1_000));
        continue;
      }
      const startedAt = Date.now();
      const row: BatchRow = { ...(batch.rows[index] as BatchRow), state: 'running', startedAt };
      const marked = await changeBatch(id, (b) =>
        b.state === 'running' || b.state === 'paused'
          ? {
              ...setRow(b, index, row),
              state: 'running',
              resumeAt: undefined,
              message: undefined,
            }
          : b,
      );
      if (marked?.state !== 'running') return;
      const step = batch.kind === 'check' ? await checkRow(row) : await buyRow(row);
      await changeBatch(id, (b) => {
        const next = { ...setRow(b, index, step.row), lastDoneAt: Date.now() };
        // Cancelled meanwhile: the row's outcome is recorded, the batch stays cancelled.
        if (!isActive(b)) return next;
        if (step.stop)
          return {
            ...next,
            state: 'stopped',
            message: step.stop,
            rows: skipRest(next.rows, 'Not run: the batch stopped before this row.'),
          };
        if (step.pauseMs !== undefined) {
          const seconds = Math.ceil(step.pauseMs / 1000);
          return {
            ...next,
            state: 'paused',
            resumeAt: Date.now() + step.pauseMs,
            message: `The service asked to slow down (HTTP 429): the batch waits ${seconds} s, then goes on.`,
          };
        }
        return next;
      });
    }
  } catch (error) {
    // A bug or a storage failure: left as a stopped worker leaves it (interrupted, waiting for Resume).
    console.error('[workbench]', error);
    if (runner === id) runner = undefined;
    await currentBatch();
  } finally {
    if (runner === id) runner = undefined;
  }
}
