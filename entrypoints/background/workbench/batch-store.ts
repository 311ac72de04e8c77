// The workbench's table and its batch, kept in the background's store after every step, and the
// batch read as it stands: a run a stopped worker left becomes interrupted (its row under way
// settled from its intent), and rows unsure of a purchase follow their intents.
import { z } from 'zod/mini';
import { describeIntent } from '@/lib/purchases/purchase-intent';
import { VinSchema } from '@/lib/vin/vin-schema';
import { Batch, type BatchRow, interrupted, mergeRows } from '@/lib/workbench/batch';
import { latestIntent } from '../purchases/intent-store';
import { storedValue } from '../storage/store';
import { RECONCILE_SCHEDULE } from '../timing';

/** The workbench's VINs, in the order the user added them. */
export const table = storedValue('workbenchVins', z.array(VinSchema), () => []);
export const batchItem = storedValue('workbenchBatch', z.nullable(Batch), () => null);

/** The batch this worker is running; another one found running in the store was left by a stopped worker. */
export const running: { id: string | undefined } = { id: undefined };

export async function changeBatch(id: string, change: (batch: Batch) => Batch): Promise<Batch | null> {
  return batchItem.update((batch) => (batch && batch.id === id ? change(batch) : batch));
}

/**
 * A purchase row as its intent says (the intent is the truth: written before the request). Undefined
 * when no intent was opened since the row began: nothing was sent.
 */
export async function rowFromIntent(row: BatchRow): Promise<BatchRow | undefined> {
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

const wasLeft = (batch: Batch) =>
  (batch.state === 'running' || batch.state === 'paused') && running.id !== batch.id;

/** The batch as it stands: a run a stopped worker left is interrupted, unsure purchases follow their intents. */
export async function currentBatch(): Promise<Batch | null> {
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
    batch = await changeBatch(batch.id, (b) => (wasLeft(b) ? interrupted(b, settled) : b));
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
