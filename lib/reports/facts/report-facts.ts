// The key facts of one report (owners, accidents, title, odometer, use, recalls, score, service
// records), as the library, the compare view and the CSV show them. Each fact keeps the report's own
// words (`quote`) and where they are (`anchor`, an element id in the report, when it has one); a fact
// the report does not state is null ("not in this report"), never a guess. A report whose layout is
// not known has `layout: null` and no facts at all. Stored with the report (IndexedDB, background),
// so this schema is also what a stored copy is read back with: a change here bumps FACTS_VERSION and
// the library extracts again.
import { z } from 'zod/mini';

/**
 * Bumped whenever an extractor or this shape changes: facts of another version are read again.
 * 2: the real reports' layouts (docs/report-evidence.md), a variant, accidents counted or not.
 */
export const FACTS_VERSION = 2;

export const Severity = z.enum(['minor', 'moderate', 'severe']);
export type Severity = z.infer<typeof Severity>;
export const ReportVariant = z.enum(['A1', 'A2', 'B21', 'B24']);
export type ReportVariant = z.infer<typeof ReportVariant>;

const Quote = z.string().check(z.maxLength(300));
const stated = <T extends z.core.SomeType>(value: T) =>
  z.nullable(z.object({ value, quote: Quote, anchor: z.optional(z.string().check(z.maxLength(100))) }));
const Count = z.int().check(z.nonnegative());

export const ReportFacts = z.object({
  version: z.int(),
  /** The layout read, or null: one this version does not know (no facts, said so). */
  layout: z.nullable(z.enum(['providerA', 'providerB'])),
  /** Which generation of the layout (docs/report-evidence.md §1.5): A1, A2, B21, B24. */
  variant: z.optional(z.nullable(ReportVariant)),
  owners: stated(Count),
  /** `count` null: accidents reported, their number not stated (providerA's "Accident reported"). */
  accidents: stated(z.object({ count: z.nullable(Count), worst: z.nullable(Severity) })),
  /** Title brands reported ("Salvage", "Flood"…); an empty list is "none reported". */
  titleBrands: stated(z.array(z.string().check(z.maxLength(60))).check(z.maxLength(20))),
  lastOdometer: stated(z.object({ miles: Count, date: z.nullable(z.string().check(z.maxLength(40))) })),
  odometerProblem: stated(z.boolean()),
  /** How the vehicle was used, in the report's words: "Personal", "Fleet", "Rental", "Commercial"… */
  use: stated(z.string().check(z.maxLength(60))),
  openRecalls: stated(Count),
  /** The provider's own score, where it has one. */
  score: stated(z.number()),
  serviceRecords: stated(Count),
});
export type ReportFacts = z.infer<typeof ReportFacts>;
export type FactName = Exclude<keyof ReportFacts, 'version' | 'layout' | 'variant'>;
export type Stated<K extends FactName> = NonNullable<ReportFacts[K]>;

export const FACT_NAMES: FactName[] = [
  'owners',
  'accidents',
  'titleBrands',
  'lastOdometer',
  'odometerProblem',
  'use',
  'openRecalls',
  'score',
  'serviceRecords',
];

/** Facts of a report nothing could be read from (an unknown layout). */
export function noFacts(
  layout: ReportFacts['layout'] = null,
  variant: ReportVariant | null = null,
): ReportFacts {
  return {
    version: FACTS_VERSION,
    layout,
    variant,
    owners: null,
    accidents: null,
    titleBrands: null,
    lastOdometer: null,
    odometerProblem: null,
    use: null,
    openRecalls: null,
    score: null,
    serviceRecords: null,
  };
}
