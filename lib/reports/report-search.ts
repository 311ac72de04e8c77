// How a report is found by what the user types: part of the VIN, a year, a make, a model, any order.
import type { ReportSummary } from '../domain';

/** The text a report is searched in, lower case: computed once per report for long lists. */
export const searchText = (r: Pick<ReportSummary, 'vin' | 'yearMakeModel' | 'provider'>) =>
  `${r.vin} ${r.yearMakeModel} ${r.provider}`.toLowerCase();

/** Every word of the query appears in the report's text ("camry 2019", "4T1B"). */
export function matchesText(text: string, query: string): boolean {
  for (const word of query.toLowerCase().split(/\s+/)) if (word && !text.includes(word)) return false;
  return true;
}

export const matchesReport = (r: ReportSummary, query: string) => matchesText(searchText(r), query);
