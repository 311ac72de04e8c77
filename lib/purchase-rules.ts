// Decisions around buying a report, kept pure so every path can be tested without a network.

import type { Provider, ReportSummary } from './api/schemas';

/**
 * The one rule for "this report is of that (provider, VIN)": VINs are canonical (upper case) from
 * the wire on (lib/api/schemas.ts `canonicalVin`), so the comparison is exact.
 */
export const reportOf = (provider: Provider, vin: string) => (r: ReportSummary) =>
  r.provider === provider && r.vin === vin;

/** The newest report the user already holds for this provider and VIN. */
export function findHeld(
  reports: ReportSummary[],
  provider: Provider,
  vin: string,
): ReportSummary | undefined {
  return reports.filter(reportOf(provider, vin)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** The report the service created for this purchase: one for (provider, VIN) that was not held before. */
export function findNewReport(
  after: ReportSummary[],
  provider: Provider,
  vin: string,
  heldBefore: string[],
): ReportSummary | undefined {
  return findNewReports(after, provider, vin, heldBefore)[0];
}

/**
 * Every report for (provider, VIN) that was not held before a purchase, oldest first. More than one
 * means the service charged more than once (a request resent by the network stack, see lib/api/client.ts).
 */
export function findNewReports(
  after: ReportSummary[],
  provider: Provider,
  vin: string,
  heldBefore: string[],
): ReportSummary[] {
  const before = new Set(heldBefore);
  return after
    .filter((r) => reportOf(provider, vin)(r) && !before.has(r.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * One CSV cell, safe to open in a spreadsheet: a cell a spreadsheet would read as a formula (it
 * starts with =, +, -, @, a tab or a carriage return) gets a leading ' (OWASP's advice against CSV
 * injection: report titles come from a third party, notes from the user), then quoted as needed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report list as CSV for dealers: one row per report, newest first, with the vehicle's note. */
export function reportsCsv(reports: ReportSummary[], notes: Record<string, string> = {}): string {
  const rows = [['provider', 'report_id', 'vin', 'year_make_model', 'bought_at', 'note'].join(',')];
  for (const r of reports)
    rows.push(
      [r.provider, r.id, r.vin, r.yearMakeModel, r.createdAt, notes[r.vin] ?? ''].map(csvCell).join(','),
    );
  return `${rows.join('\r\n')}\r\n`;
}
