// The dealer workbench's table: the VINs a dealer works on (at most MAX_WORKBENCH_VINS), merged with
// what another workbench tab changed meanwhile, and what the page is shown of it. The batch, the
// purchase plan and the export are beside this file. Wire types for the workbench messages are these
// schemas. Pure.
import { z } from 'zod/mini';
import { Limits, RecordCounts, ReportSummary } from '../domain';
import { VinSchema } from '../vin/vin-schema';
import type { Vin } from '../vin/vin-syntax';
import { Batch } from './batch';

/** A table holds at most this many VINs (a day's auction run list is a few hundred). */
export const MAX_WORKBENCH_VINS = 2_000;

export const WorkbenchVins = z.object({
  vins: z.array(VinSchema).check(z.maxLength(MAX_WORKBENCH_VINS, 'Too many VINs for one table.')),
  /**
   * The table as the page had it before this change: only what the page added and removed is
   * applied, so two workbench tabs do not overwrite each other's VINs. Absent: the whole list.
   */
  base: z.optional(z.array(VinSchema).check(z.maxLength(MAX_WORKBENCH_VINS))),
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

export const WorkbenchView = z.object({
  vins: z.array(VinSchema),
  batch: z.nullable(Batch),
  /** Record counts already known (cached, free) for the table's VINs. */
  counts: z.record(z.string(), RecordCounts),
  /** The reports held for the table's VINs, as last read. */
  held: z.array(ReportSummary),
  limits: z.nullable(Limits),
});
export type WorkbenchView = z.infer<typeof WorkbenchView>;
