// Runs a batch's queued rows, one at a time and at least BATCH_SPACING_MS apart, until it ends, is
// cancelled or this worker stops; and starts a batch, one at a time.
import { z } from 'zod/mini';
import { failWith, ok, type Result } from '@/lib/errors/result';
import {
  afterStep,
  BATCH_SPACING_MS,
  type Batch,
  type BatchRow,
  isActive,
  setRow,
} from '@/lib/workbench/batch';
import { sessionItem } from '../storage/store';
import { batchItem, changeBatch, currentBatch, running } from './batch-store';
import { buyRow, checkRow } from './row-steps';

export const BUSY = 'A batch is under way: wait for it, or cancel it, before starting another.';

/** Stores and runs a new batch, unless one is under way: two pages starting at once get one batch. */
export async function startBatch(
  kind: Batch['kind'],
  rows: BatchRow[],
  generation?: string,
): Promise<Result<Batch>> {
  const batch: Batch = {
    id: crypto.randomUUID(),
    kind,
    state: 'running',
    rows,
    ...(generation !== undefined ? { generation } : {}),
  };
  const stored = await batchItem.update((current) => (isActive(current) ? current : batch));
  if (stored?.id !== batch.id) return failWith('busy', BUSY);
  running.id = batch.id;
  void run(batch.id);
  return ok(batch);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps Chrome from stopping the worker between steps: an extension API call resets its 30-second
 * idle timer, a timer alone does not. Harmless where it does not apply.
 */
const awake = sessionItem('workbenchAwake', z.unknown(), () => undefined);
const stayAwake = () => awake.get().catch(() => undefined);

/** Runs the batch's queued rows, one at a time, until it ends, is cancelled or this worker stops. */
export async function run(id: string): Promise<void> {
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
      const step = batch.kind === 'check' ? await checkRow(row) : await buyRow(row, batch.generation);
      await changeBatch(id, (b) => afterStep(b, index, step, Date.now()));
    }
  } catch (error) {
    // A bug or a storage failure: left as a stopped worker leaves it (interrupted, waiting for Resume).
    console.error('[workbench]', error);
    if (running.id === id) running.id = undefined;
    // Marks it interrupted (waiting for Resume) when the store takes it; else the next look does.
    await currentBatch().catch((failure: unknown) => console.error('[workbench]', failure));
  } finally {
    if (running.id === id) running.id = undefined;
  }
}
