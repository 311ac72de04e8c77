// One row of a batch: its record check, or its purchase (through the same path as any other, so
// one charge at most), and what that means for the rest of the batch.
import { ApiError } from '@/lib/api/errors';
import type { BatchRow, Step } from '@/lib/workbench/batch';
import { makePurchase } from '../purchases/purchases';
import { STOPPERS } from '../records/check-all';
import { countsFor } from '../records/record-cache';
import { rowFromIntent } from './batch-store';

/** A 429 without retry_after pauses this long. */
const DEFAULT_PAUSE_MS = 30_000;
// A batch's purchases read the report list (1.5 MB for a dealer) at most once a minute; what this
// extension buys meanwhile is added to it as it is bought, and open intents guard the rest.
const LIST_MAX_AGE_MS = 60_000;

export async function checkRow(row: BatchRow): Promise<Step> {
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

/** One row's purchase, under the settings generation its batch was confirmed for (when it has one). */
export async function buyRow(row: BatchRow, generation?: string): Promise<Step> {
  const stopHere = (what: string) =>
    `Stopped at ${row.vin} (${row.provider}): ${what} The rows after it were not bought.`;
  // Every purchase row of a plan names its provider; a stored row without one buys nothing.
  const { provider } = row;
  if (!provider) {
    const message = 'No provider was chosen for this row: nothing was bought.';
    return { row: { ...row, state: 'failed', message }, stop: stopHere(message) };
  }
  let result: Awaited<ReturnType<typeof makePurchase>>;
  try {
    result = await makePurchase(
      { provider, vin: row.vin, ...(generation !== undefined ? { generation } : {}) },
      { listMaxAgeMs: LIST_MAX_AGE_MS },
    );
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
