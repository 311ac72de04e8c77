// The report library's rows: one per vehicle (VIN), its reports from both providers, newest first;
// filtered and sorted without touching the DOM, so 10,000 reports stay quick to search.
import type { Provider, ReportSummary } from '../domain';
import { type FactFilter, matchesFact } from './facts/facts-line';
import type { ReportFacts } from './facts/report-facts';
import { vehicleFacts } from './facts/vehicle-facts';
import { reportKey } from './report-key';
import { matchesText, searchText } from './report-search';

export interface VehicleGroup {
  vin: string;
  yearMakeModel: string;
  reports: ReportSummary[];
  /** The newest report's date (ISO), for sorting. */
  latest: string;
  /** Lower-case text searched: VIN, year, make, model, providers. */
  text: string;
}

export function groupByVehicle(reports: ReportSummary[]): VehicleGroup[] {
  const byVin = new Map<string, VehicleGroup>();
  for (const r of reports) {
    const group = byVin.get(r.vin);
    if (group) {
      group.reports.push(r);
      if (r.createdAt > group.latest) group.latest = r.createdAt;
      if (!group.yearMakeModel) group.yearMakeModel = r.yearMakeModel;
      group.text += ` ${r.provider}`;
    } else
      byVin.set(r.vin, {
        vin: r.vin,
        yearMakeModel: r.yearMakeModel,
        reports: [r],
        latest: r.createdAt,
        text: searchText(r),
      });
  }
  for (const group of byVin.values()) group.reports.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...byVin.values()];
}

export interface LibraryFilter {
  query: string;
  provider: Provider | 'all';
  offlineOnly: boolean;
  /** Key facts every report of the vehicle whose facts are read must state ("no accidents"…). */
  facts?: FactFilter[];
  sort: 'newest' | 'oldest';
}

/**
 * Whether a vehicle's reports together state `filter` (their worst value: vehicle-facts.ts): one
 * provider listing an accident the other missed is not "no accidents". A vehicle none of whose
 * reports states the fact (not read yet, or a layout not known) matches none.
 */
export function vehicleMatchesFact(
  group: VehicleGroup,
  filter: FactFilter,
  facts: Record<string, ReportFacts>,
): boolean {
  const read = group.reports.flatMap((r) => facts[reportKey(r)] ?? []);
  return matchesFact(vehicleFacts(read).facts, filter);
}

/** The groups to show: every word of the query matched (VIN, year, make, model or the note). */
export function filterGroups(
  groups: VehicleGroup[],
  filter: LibraryFilter,
  offline: Set<string>,
  notes: Record<string, string>,
  facts: Record<string, ReportFacts> = {},
): VehicleGroup[] {
  const query = filter.query.trim();
  const shown: VehicleGroup[] = [];
  for (const group of groups) {
    if (filter.provider !== 'all' && !group.reports.some((r) => r.provider === filter.provider)) continue;
    if (filter.offlineOnly && !group.reports.some((r) => offline.has(reportKey(r)))) continue;
    if (filter.facts?.some((f) => !vehicleMatchesFact(group, f, facts))) continue;
    if (
      query &&
      !matchesText(notes[group.vin] ? `${group.text} ${notes[group.vin]?.toLowerCase()}` : group.text, query)
    )
      continue;
    shown.push(group);
  }
  const sign = filter.sort === 'newest' ? -1 : 1;
  return shown.sort((a, b) => sign * a.latest.localeCompare(b.latest));
}
