// The messages of VINs on pages and record checks: a page's candidates, what the background answers,
// the tab's list, "Check all", new records since a report.
import { z } from 'zod/mini';

import { Provider, RecordCounts } from '../domain';
import { resultOf } from '../errors/error-data';
import { CANDIDATES_PER_MESSAGE } from '../vin/page-limits';
import { VinSchema } from '../vin/vin-schema';
import { LocalDecode } from '../vin/vin-verdict';
import { CheckAllPlan } from './economy';

export const PageCandidates = z.object({
  /** Candidates not judged yet; `labelled` when a name said "VIN" (data-vin, a "vin" JSON key). */
  candidates: z
    .array(z.object({ vin: VinSchema, labelled: z.boolean() }))
    .check(z.maxLength(CANDIDATES_PER_MESSAGE, 'Too many candidates in one message.')),
  /** The first message of a page (a load, an in-page navigation): the tab's list starts again. */
  reset: z.boolean(),
});
export type PageCandidates = z.infer<typeof PageCandidates>;

const KnownCounts = z.record(z.string(), RecordCounts);

/** "Check for new records" about a VIN; from a report's viewer, about that report (its provider's). */
export const NewRecordsRequest = z.object({
  vin: VinSchema,
  report: z.optional(z.object({ provider: Provider, id: z.string().check(z.maxLength(200)) })),
});
export type NewRecordsRequest = z.infer<typeof NewRecordsRequest>;

/** "Check for new records": today's counts, the report held, and the counts it was bought against. */
export const NewRecords = z.object({
  counts: RecordCounts,
  report: z.object({ provider: Provider, id: z.string(), createdAt: z.string() }),
  before: z.nullable(z.object({ providerA: z.number(), providerB: z.number(), at: z.number() })),
});
export type NewRecords = z.infer<typeof NewRecords>;

export const PageVinsAnswer = z.object({
  /** The new candidates that are VINs, decoded offline. */
  vins: z.array(LocalDecode),
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: KnownCounts,
  /** The VINs among them the user holds a report for (as last read): the badge says "owned". */
  owned: z.array(z.string()),
});
export type PageVinsAnswer = z.infer<typeof PageVinsAnswer>;

export const TabVinsAnswer = z.object({
  /** The VINs the tab shows, in order of discovery. */
  vins: z.array(VinSchema),
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: KnownCounts,
  /** The providers whose report the user holds, for each VIN among them that has one (as last read). */
  owned: z.record(z.string(), z.array(Provider)),
});
export type TabVinsAnswer = z.infer<typeof TabVinsAnswer>;

/** Runs the plan the user saw (by its id), past the hard limit only with `override`. */
export const CheckAllRequest = z.object({
  planId: z.string().check(z.minLength(1), z.maxLength(64)),
  override: z.boolean(),
});

export const CheckAllOutcome = z.object({
  plan: CheckAllPlan,
  results: z.record(z.string(), resultOf(RecordCounts)),
});
export type CheckAllOutcome = z.infer<typeof CheckAllOutcome>;
