// The dealer workbench's model: the batch a background worker runs (record checks or purchases, one
// row at a time), the purchase plan the user confirms, and the CSV export. Wire types for the
// workbench messages are these schemas. Pure.
import { z } from 'zod/mini';
import { Limits, Provider, RecordCounts, ReportSummary } from '../domain';
import { findHeld } from '../purchases/purchase-rules';
import { csvLine } from '../reports/csv';
import { reportKey } from '../reports/report-key';
import { Vin } from '../vin/vin-schema';
import type { LocalDecode } from '../vin/vin-verdict';

/** A table holds at most this many VINs (a day's auction run list is a few hundred). */
export const MAX_WORKBENCH_VINS = 2_000;
/** Checks and purchases of a batch are at least this far apart. */
export const BATCH_SPACING_MS = 1_000;

export const WorkbenchVins = z.object({
  vins: z.array(Vin).check(z.maxLength(MAX_WORKBENCH_VINS, 'Too many VINs for one table.')),
  /**
   * The table as the page had it before this change: only what the page added and removed is
   * applied, so two workbench tabs do not overwrite each other's VINs. Absent: the whole list.
   */
  base: z.optional(z.array(Vin).check(z.maxLength(MAX_WORKBENCH_VINS))),
});

/** The table after a page's change (from `base` to `next`) is applied to what is stored now. Pure. */
export function mergeTable(current: Vin[], next: Vin[], base?: Vin[]): Vin[] {
  if (!base) return [...new Set(next)];
  const before = new Set(base);
  const after = new Set(next);
  const removed = new Set(base.filter((vin) => !after.has(vin)));
  const kept = current.filter((vin) => !removed.has(vin));
  const present = new Set(kept);
  const added = next.filter((vin) => !before.has(vin) && !present.has(vin));
  return [...new Set([...kept, ...added])].slice(0, MAX_WORKBENCH_VINS);
}

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
  vin: Vin,
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

export const WorkbenchView = z.object({
  vins: z.array(Vin),
  batch: z.nullable(Batch),
  /** Record counts already known (cached, free) for the table's VINs. */
  counts: z.record(z.string(), RecordCounts),
  /** The reports held for the table's VINs, as last read. */
  held: z.array(ReportSummary),
  limits: z.nullable(Limits),
});
export type WorkbenchView = z.infer<typeof WorkbenchView>;

export const StartPurchaseRequest = z.object({ planId: z.string().check(z.minLength(1), z.maxLength(64)) });

// ---- the purchase plan ----

export const PurchaseChoice = z.object({ vin: Vin, provider: Provider });
export const PurchasePlanRequest = z.object({
  items: z.array(PurchaseChoice).check(z.maxLength(2 * MAX_WORKBENCH_VINS)),
});

export const PlanFate = z.enum(['buy', 'held', 'no-credits', 'no-allowance']);
export type PlanFate = z.infer<typeof PlanFate>;

export const PurchasePlan = z.object({
  id: z.string(),
  rows: z.array(z.object({ vin: Vin, provider: Provider, fate: PlanFate, reportId: z.optional(z.string()) })),
  /** Credits the plan spends: one per report bought. */
  credits: z.int(),
  creditsNow: z.int(),
  allowanceLeft: z.object({ providerA: z.int(), providerB: z.int() }),
  dailyLimit: z.int(),
  /** The settings generation of the account it was planned for (its purchases are bound to it). */
  generation: z.optional(z.string()),
});
export type PurchasePlan = z.infer<typeof PurchasePlan>;

/**
 * What buying these (VIN, provider) pairs would do, in order: a report held is opened, never bought;
 * the rest is bought while credits and the provider's allowance for today last; what does not fit is
 * said before anything is spent.
 */
/** The rows of a purchase plan the user confirmed: what it buys queued, the rest said why not. */
export function purchaseRows(plan: PurchasePlan): BatchRow[] {
  return plan.rows.map(({ vin, provider, fate, reportId }): BatchRow => {
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
}

export function planPurchases(
  items: Array<{ vin: Vin; provider: Provider }>,
  held: ReportSummary[],
  limits: Limits,
  id = '',
): PurchasePlan {
  let credits = limits.credits;
  const left = { providerA: limits.providerAReportsLeftToday, providerB: limits.providerBReportsLeftToday };
  const seen = new Set<string>();
  const rows: PurchasePlan['rows'] = [];
  for (const { vin, provider } of items) {
    const key = `${provider}:${vin}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const report = findHeld(held, provider, vin);
    if (report) rows.push({ vin, provider, fate: 'held', reportId: report.id });
    else if (credits <= 0) rows.push({ vin, provider, fate: 'no-credits' });
    else if (left[provider] <= 0) rows.push({ vin, provider, fate: 'no-allowance' });
    else {
      credits--;
      left[provider]--;
      rows.push({ vin, provider, fate: 'buy' });
    }
  }
  return {
    id,
    rows,
    credits: rows.filter((r) => r.fate === 'buy').length,
    creditsNow: limits.credits,
    allowanceLeft: {
      providerA: limits.providerAReportsLeftToday,
      providerB: limits.providerBReportsLeftToday,
    },
    dailyLimit: limits.dailyLimit,
  };
}

// ---- the export ----

const STATE_WORDS: Record<RowState, string> = {
  queued: 'waiting',
  running: 'under way',
  done: 'done',
  held: 'already held',
  unsure: 'checking whether this went through',
  failed: 'failed',
  skipped: 'not run',
};

/** One CSV line per VIN: decode, counts per provider, reports held (ids and dates), the batch status. */
export function workbenchCsv(
  decodes: LocalDecode[],
  counts: Record<string, RecordCounts>,
  held: ReportSummary[],
  batch: Batch | null,
): string {
  const header = [
    'vin',
    'year',
    'make',
    'country',
    'check_digit',
    'providerA_records',
    'providerB_records',
    'report_ids',
    'report_titles',
    'report_dates',
    'status',
  ];
  const byVin = new Map<string, ReportSummary[]>();
  for (const r of held) {
    byVin.set(r.vin, [...(byVin.get(r.vin) ?? []), r]);
  }
  const status = new Map(
    (batch?.rows ?? []).map((r) => [
      r.vin,
      `${batch?.kind === 'buy' ? `buy ${r.provider}` : 'check'}: ${STATE_WORDS[r.state]}${r.message ? ` (${r.message})` : ''}`,
    ]),
  );
  const lines = decodes.map((d) => {
    const reports = byVin.get(d.vin) ?? [];
    const c = counts[d.vin];
    return csvLine([
      d.vin,
      d.modelYear?.toString() ?? '',
      d.make ?? '',
      d.country ?? d.region,
      d.checkDigit,
      c ? String(c.records.providerA) : '',
      c ? String(c.records.providerB) : '',
      reports.map(reportKey).join('; '),
      // A third party's words: a title starting with "=" must not become a formula (csvCell).
      reports.map((r) => r.yearMakeModel).join('; '),
      reports.map((r) => r.createdAt).join('; '),
      status.get(d.vin) ?? '',
    ]);
  });
  return [csvLine(header), ...lines].join('\r\n');
}
