// The short form of a report's facts, one line ("3 owners · 1 accident (minor) · clean title ·
// 48,900 mi on 03/14/2025"), and the library's filters on them. What the report does not state is
// left out of the line and never matches a filter: "no accidents" means the report says none.
import { plural } from '../../plural';
import type { FactName, ReportFacts } from './report-facts';

export function factsLine(facts: ReportFacts): string {
  if (facts.layout === null) return 'facts: layout not known';
  const parts: string[] = [];
  if (facts.owners) parts.push(plural(facts.owners.value, 'owner'));
  const accidents = facts.accidents?.value;
  if (accidents)
    parts.push(
      accidents.count === 0
        ? 'no accidents'
        : `${accidents.count === null ? 'accidents reported' : plural(accidents.count, 'accident')}${accidents.worst ? ` (${accidents.worst})` : ''}`,
    );
  const brands = facts.titleBrands?.value;
  if (brands) parts.push(brands.length === 0 ? 'clean title' : `${brands.join(', ')} title`);
  const odometer = facts.lastOdometer?.value;
  if (odometer)
    parts.push(`${odometer.miles.toLocaleString('en-US')} mi${odometer.date ? ` on ${odometer.date}` : ''}`);
  if (facts.odometerProblem?.value) parts.push('odometer problem');
  return parts.length ? parts.join(' · ') : 'no key facts stated';
}

export const FACT_FILTERS = {
  noAccidents: 'No accidents',
  oneOwner: '1 owner',
  cleanTitle: 'Clean title',
} as const;
export type FactFilter = keyof typeof FACT_FILTERS;

export function matchesFact(facts: ReportFacts | undefined, filter: FactFilter): boolean {
  if (!facts) return false;
  switch (filter) {
    case 'noAccidents':
      return facts.accidents?.value.count === 0;
    case 'oneOwner':
      return facts.owners?.value === 1;
    case 'cleanTitle':
      return facts.titleBrands?.value.length === 0;
  }
}

/** Each fact's name as the library's rows and the CSV's header say it. */
export const FACT_LABELS: Record<FactName, string> = {
  owners: 'Owners',
  accidents: 'Accidents or damage',
  titleBrands: 'Title brands',
  lastOdometer: 'Last odometer reading',
  odometerProblem: 'Odometer problem',
  use: 'Use',
  openRecalls: 'Open recalls',
  score: "Provider's score",
  serviceRecords: 'Service records',
};

export const NOT_STATED = 'not in this report';

/** One fact's value in words ("1 (minor)", "none reported", "48,900 mi on 03/14/2025"). */
export function factText(facts: ReportFacts, name: FactName): string {
  switch (name) {
    case 'owners':
      return facts.owners ? String(facts.owners.value) : NOT_STATED;
    case 'accidents': {
      const a = facts.accidents?.value;
      if (!a) return NOT_STATED;
      if (a.count === 0) return 'none reported';
      return `${a.count ?? 'reported, number not stated'}${a.worst ? ` (worst: ${a.worst})` : ''}`;
    }
    case 'titleBrands': {
      const brands = facts.titleBrands?.value;
      if (!brands) return NOT_STATED;
      return brands.length ? brands.join(', ') : 'none reported';
    }
    case 'lastOdometer': {
      const o = facts.lastOdometer?.value;
      if (!o) return NOT_STATED;
      return `${o.miles.toLocaleString('en-US')} mi${o.date ? ` on ${o.date}` : ''}`;
    }
    case 'odometerProblem':
      return facts.odometerProblem
        ? facts.odometerProblem.value
          ? 'reported'
          : 'none reported'
        : NOT_STATED;
    case 'use':
      return facts.use?.value ?? NOT_STATED;
    case 'openRecalls':
      return facts.openRecalls ? String(facts.openRecalls.value) : NOT_STATED;
    case 'score':
      return facts.score ? String(facts.score.value) : NOT_STATED;
    case 'serviceRecords':
      return facts.serviceRecords ? String(facts.serviceRecords.value) : NOT_STATED;
  }
}

/**
 * Whether two reports of one vehicle disagree on a fact: both state it, differently. (Providers
 * count service records and read odometers from their own sources; those differ by nature and are
 * compared too: the user decides what a difference means.) A score is each provider's own scale.
 */
export function factsDisagree(a: ReportFacts, b: ReportFacts, name: FactName): boolean {
  if (name === 'score' || a[name] === null || b[name] === null) return false;
  return factText(a, name) !== factText(b, name);
}
