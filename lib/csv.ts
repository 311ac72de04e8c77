// CSV for dealers' spreadsheets: cells safe to open, and the report list as a file.
import type { ReportSummary } from './domain';

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
