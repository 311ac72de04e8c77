// A vehicle's key facts over every report the user holds for it: the worst value each report states
// (the most owners, the most accidents and the worst severity, every title brand, an odometer problem
// if any report finds one, every use, the most open recalls, the highest last reading), with the
// facts the reports state differently marked. Issue 43: the badge panel said "1 owner · no accidents
// · clean title" from the newest report while the user's other report of the car lists a severe
// accident. A fact no report states stays unstated; a report whose layout is not known adds nothing.
import { factsLine, factText } from './facts-line';
import { FACT_NAMES, type FactName, noFacts, type ReportFacts, type Severity } from './report-facts';

export interface VehicleFacts {
  /** The worst of every read report, in the shape of one report's facts (quotes from the report that said it). */
  facts: ReportFacts;
  /** The facts two reports state differently (a provider's score is its own scale: never compared). */
  differ: FactName[];
  /** How many reports were read in a layout this version knows. */
  reports: number;
}

const SEVERITIES: Severity[] = ['minor', 'moderate', 'severe'];
const rank = (s: Severity | null) => (s === null ? -1 : SEVERITIES.indexOf(s));

/** The fact of the report whose value ranks highest (ties: the first, the newest if newest first). */
function highest<K extends FactName>(
  list: ReportFacts[],
  name: K,
  score: (f: NonNullable<ReportFacts[K]>) => number,
) {
  let best: ReportFacts[K] = null as ReportFacts[K];
  for (const facts of list) {
    const fact = facts[name];
    if (
      fact !== null &&
      (best === null ||
        score(fact as NonNullable<ReportFacts[K]>) > score(best as NonNullable<ReportFacts[K]>))
    )
      best = fact;
  }
  return best;
}

/** Every value of a list-like fact, in the order the reports give them. */
const union = (values: string[][]) => [...new Set(values.flat())];

/** The combined facts of one vehicle's reports, newest first. */
export function vehicleFacts(list: ReportFacts[]): VehicleFacts {
  const read = list.filter((f) => f.layout !== null);
  const facts = noFacts(read[0]?.layout ?? null);
  facts.owners = highest(read, 'owners', (f) => f.value);
  // A count not stated (accidents reported, no number) ranks above none and below any number.
  const accidents = read.flatMap((f) => (f.accidents ? [f.accidents] : []));
  if (accidents.length) {
    const counts = accidents.map((a) => a.value.count);
    const known = counts.filter((c): c is number => c !== null);
    const most = Math.max(0, ...known);
    const count = most === 0 && counts.includes(null) ? null : most;
    const worst = accidents.map((a) => a.value.worst).reduce((w, s) => (rank(s) > rank(w) ? s : w), null);
    const source = accidents.find((a) => a.value.count === count) ?? accidents[0];
    if (source) facts.accidents = { ...source, value: { count, worst } };
  }
  const brands = read.flatMap((f) => (f.titleBrands ? [f.titleBrands] : []));
  if (brands[0])
    facts.titleBrands = {
      ...(brands.find((b) => b.value.length) ?? brands[0]),
      value: union(brands.map((b) => b.value)),
    };
  facts.lastOdometer = highest(read, 'lastOdometer', (f) => f.value.miles);
  facts.odometerProblem = highest(read, 'odometerProblem', (f) => (f.value ? 1 : 0));
  const uses = read.flatMap((f) => (f.use ? [f.use] : []));
  if (uses[0]) facts.use = { ...uses[0], value: union(uses.map((u) => u.value.split(/,\s*/))).join(', ') };
  facts.openRecalls = highest(read, 'openRecalls', (f) => f.value);
  // A provider's score is its own scale: the newest report's that has one.
  facts.score = read.find((f) => f.score)?.score ?? null;
  // Providers count their own sources' service records: the most any report lists (fewer is no finding).
  facts.serviceRecords = highest(read, 'serviceRecords', (f) => f.value);
  const differ = FACT_NAMES.filter(
    (name) =>
      name !== 'score' &&
      new Set(read.filter((f) => f[name] !== null).map((f) => factText(f, name))).size > 1,
  );
  return { facts, differ, reports: read.length };
}

/**
 * The short line of a vehicle's reports: one report's line as it is, several reports' worst values
 * with where they differ ("2 owners · 1 accident (severe) · … · reports differ on accidents").
 */
export function vehicleFactsLine(combined: VehicleFacts): string {
  const line = factsLine(combined.facts);
  if (combined.reports < 2 || combined.differ.length === 0) return line;
  return `${line} · reports differ on ${combined.differ.map((name) => DIFFER_WORDS[name]).join(', ')}`;
}

const DIFFER_WORDS: Record<FactName, string> = {
  owners: 'owners',
  accidents: 'accidents',
  titleBrands: 'title',
  lastOdometer: 'odometer',
  odometerProblem: 'odometer problem',
  use: 'use',
  openRecalls: 'recalls',
  score: 'score',
  serviceRecords: 'service records',
};
