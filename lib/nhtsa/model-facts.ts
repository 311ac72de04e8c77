// What the background keeps of a model's recalls, complaints and crash ratings (7 days, by make,
// model and year): recall rows as NHTSA sent them, complaints reduced to counts (a popular model has
// thousands of narratives), the overall stars of its first rated version. Pure: no browser globals.
import { z } from 'zod/mini';
import { type ComplaintsAnswer, type DecodeRow, RecallRow } from './nhtsa-wire';

export const ComplaintSummary = z.object({
  count: z.int(),
  crashes: z.int(),
  fires: z.int(),
  /** The components named most, most first (at most 3). */
  top: z.array(z.object({ component: z.string(), count: z.int() })),
});
export type ComplaintSummary = z.infer<typeof ComplaintSummary>;

/** NHTSA's "OverallRating" ("1" to "5", or "Not Rated") of the first of `variants` rated versions. */
export const CrashRating = z.object({ overall: z.nullable(z.string()), variants: z.int() });
export type CrashRating = z.infer<typeof CrashRating>;

export const ModelFacts = z.object({
  recalls: z.array(RecallRow),
  complaints: ComplaintSummary,
  rating: CrashRating,
});
export type ModelFacts = z.infer<typeof ModelFacts>;

/** The complaints' count (NHTSA's own, which may exceed the rows it sent) and what they name most. */
export function reduceComplaints(answer: z.infer<typeof ComplaintsAnswer>): ComplaintSummary {
  const tally = new Map<string, number>();
  for (const row of answer.results)
    for (const part of new Set((row.components ?? '').split(',')))
      if (part.trim()) tally.set(part.trim(), (tally.get(part.trim()) ?? 0) + 1);
  return {
    count: Math.max(answer.count, answer.results.length),
    crashes: answer.results.filter((r) => r.crash).length,
    fires: answer.results.filter((r) => r.fire).length,
    top: [...tally]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([component, count]) => ({ component, count })),
  };
}

/** The make, model and year a decode names, which a model's facts are asked and kept by; null without. */
export function modelOf(row: DecodeRow): { make: string; model: string; year: number } | null {
  const year = Number(row.ModelYear);
  const make = row.Make?.trim();
  const model = row.Model?.trim();
  return make && model && year > 1900 ? { make, model, year } : null;
}
