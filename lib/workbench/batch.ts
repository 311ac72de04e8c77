// A workbench batch: record checks or purchases a background worker runs one row at a time, and its
// pure transitions (a step recorded, a stop that skips the rest, a 429's pause, a cancel, a stopped
// worker's batch interrupted). Pure.
import { z } from 'zod/mini';
import { Provider } from '../domain';
import { VinSchema } from '../vin/vin-schema';
import type { Vin } from '../vin/vin-syntax';

/** Checks and purchases of a batch are at least this far apart. */
export const BATCH_SPACING_MS = 1_000;

export const RowState = z.enum([
  'queued', // waiting its turn
  'running', // its check or purchase is under way
  'done', // checked, or bought
  'held', // a report already held: never bought again
  'unsure', // a purchase whose outcome is not known yet: "checking whether this went through"
  'failed', // refused or failed: nothing spent (said in the message)
  'skipped', // never tried: the batch stopped or was cancelled before it
]);
export type RowState = z.infer<typeof RowState>;

export const BatchRow = z.object({
  vin: VinSchema,
  /** Purchases only: which provider's report. */
  provider: z.optional(Provider),
  state: RowState,
  message: z.optional(z.string()),
  reportId: z.optional(z.string()),
  /** When its check or purchase began (a purchase's intent is looked up from then on). */
  startedAt: z.optional(z.number()),
});
export type BatchRow = z.infer<typeof BatchRow>;

export const BatchState = z.enum([
  'running',
  'paused', // rate-limited: resumes by itself at `resumeAt`
  'interrupted', // the worker stopped mid-batch: waits for the user's Resume
  'stopped', // ended early on a refusal or an unknown outcome
  'cancelled',
  'done',
]);
export type BatchState = z.infer<typeof BatchState>;

export const Batch = z.object({
  id: z.string(),
  kind: z.enum(['check', 'buy']),
  state: BatchState,
  rows: z.array(BatchRow),
  /** When its last check or purchase ended (the next one starts BATCH_SPACING_MS after it, at the earliest). */
  lastDoneAt: z.optional(z.number()),
  resumeAt: z.optional(z.number()),
  /** Why it stopped, paused or was interrupted, for the user. */
  message: z.optional(z.string()),
  /** 429s in a row (reset by any other answer): at MAX_RATE_LIMITED_IN_A_ROW the batch stops. */
  rateLimitedInARow: z.optional(z.int()),
  /**
   * A purchase batch's settings generation (the account its plan was confirmed for): a row is
   * never bought under other settings.
   */
  generation: z.optional(z.string()),
});
export type Batch = z.infer<typeof Batch>;

/** A service that keeps answering 429 is not asked again and again: the batch stops at the third. */
export const MAX_RATE_LIMITED_IN_A_ROW = 3;

const ENDED: ReadonlySet<BatchState> = new Set(['stopped', 'cancelled', 'done']);
export const isActive = (batch: Batch | null | undefined): boolean => !!batch && !ENDED.has(batch.state);

/** Rows still to run, counted for the progress bar: everything but queued and running is settled. */
export function progressOf(batch: Batch): { settled: number; total: number } {
  const settled = batch.rows.filter((r) => r.state !== 'queued' && r.state !== 'running').length;
  return { settled, total: batch.rows.length };
}

/** The rest of a batch that will not run: marked skipped, with the reason. */
export function skipRest(rows: BatchRow[], reason: string): BatchRow[] {
  return rows.map((r) => (r.state === 'queued' ? { ...r, state: 'skipped', message: reason } : r));
}

/** What the page shows: the table's VINs, the batch, the counts known and the reports held for them. */
/** The batch with row `index` replaced. */
export const setRow = (batch: Batch, index: number, row: BatchRow): Batch => ({
  ...batch,
  rows: batch.rows.map((r, i) => (i === index ? row : r)),
});

/** Replaces, by index, the rows still in `state` that `settled` has an answer for (others may have moved meanwhile). */
export const mergeRows = (rows: BatchRow[], state: BatchRow['state'], settled: Array<BatchRow | undefined>) =>
  rows.map((r, i) => (r.state === state && settled[i] ? (settled[i] as BatchRow) : r));

/** A batch a stopped worker left mid-run: its row under way settled, nothing more until Resume. */
export const interrupted = (batch: Batch, settled: Array<BatchRow | undefined>): Batch => ({
  ...batch,
  rows: mergeRows(batch.rows, 'running', settled),
  state: 'interrupted',
  resumeAt: undefined,
  message:
    'The extension stopped in the middle of this batch. Nothing more is checked or bought until you press Resume.',
});

/** The rows of a check plan: the VINs to check queued, those known already done for free. */
export const checkRows = (plan: { toCheck: Vin[]; cached: Vin[] }): BatchRow[] => [
  ...plan.toCheck.map((vin): BatchRow => ({ vin, state: 'queued' })),
  ...plan.cached.map(
    (vin): BatchRow => ({ vin, state: 'done', message: 'Known already (cached): no check spent.' }),
  ),
];

/** What one row's check or purchase came to, and what it means for the rest of the batch. */
export interface Step {
  row: BatchRow;
  /** The batch ends here, with this said. */
  stop?: string;
  /** Rate-limited: the batch waits this long, then tries the row again. */
  pauseMs?: number;
}

/** The batch after row `index` took `step` at `now`: recorded, and stopped or paused as it says. */
export function afterStep(batch: Batch, index: number, step: Step, now: number): Batch {
  const next = { ...setRow(batch, index, step.row), lastDoneAt: now };
  // Cancelled meanwhile: the row's outcome is recorded, the batch stays cancelled.
  if (!isActive(batch)) return next;
  if (step.stop)
    return {
      ...next,
      state: 'stopped',
      message: step.stop,
      rows: skipRest(next.rows, 'Not run: the batch stopped before this row.'),
    };
  if (step.pauseMs !== undefined) {
    const inARow = (batch.rateLimitedInARow ?? 0) + 1;
    if (inARow >= MAX_RATE_LIMITED_IN_A_ROW)
      return {
        ...next,
        state: 'stopped',
        rateLimitedInARow: inARow,
        message: `The service answered "too many requests" (HTTP 429) ${inARow} times in a row: the batch stopped, so no more checks are sent into the limit. Try the rest later.`,
        rows: skipRest(next.rows, 'Not run: the service kept limiting requests.'),
      };
    const seconds = Math.ceil(step.pauseMs / 1000);
    return {
      ...next,
      state: 'paused',
      rateLimitedInARow: inARow,
      resumeAt: now + step.pauseMs,
      message: `The service asked to slow down (HTTP 429): the batch waits ${seconds} s, then goes on.`,
    };
  }
  return { ...next, rateLimitedInARow: 0 };
}
