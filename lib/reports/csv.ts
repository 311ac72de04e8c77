// CSV for dealers' spreadsheets: cells safe to open, and the report list as a file.
import type { ReportSummary } from '../domain';
import type { ReportFacts } from './facts/report-facts';
import { vehicleFacts } from './facts/vehicle-facts';
import { reportKey } from './report-key';

/**
 * A formula's first character (=, +, -, @) or a tab or carriage return, at the start of a cell or
 * right after a character a spreadsheet may split cells at (a comma, a semicolon where it is the list
 * separator, as in most of Europe, a tab, a line break), spaces and quote marks between allowed (a
 * cell read as `""=…` is an empty quoted text followed by `=…`: the formula).
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/**
 * One CSV cell, safe to open in a spreadsheet (OWASP's advice against CSV injection: report titles
 * come from a third party, notes from the user): always quoted, and every place a spreadsheet could
 * start reading a formula gets a ' first. Not only the cell's start: a spreadsheet that splits at ";"
 * reads `"a","X;=cmd"` as the cells `a,"X` and `=cmd"`, whatever the quotes say.
 */
export function csvCell(value: string): string {
  const safe = value.replace(FORMULA_START, "'$1");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line from its cells, each made safe. */
export const csvLine = (cells: string[]): string => cells.map(csvCell).join(',');

type FactColumn = [string, (f: ReportFacts) => string | number | boolean | null | undefined];
/** The key facts' columns: empty where the report does not state it, or its facts are not read. */
const FACT_COLUMNS: FactColumn[] = [
  ['owners', (f) => f.owners?.value],
  ['accidents', (f) => (f.accidents ? (f.accidents.value.count ?? 'reported') : null)],
  ['worst_accident', (f) => f.accidents?.value.worst],
  ['title_brands', (f) => (f.titleBrands ? f.titleBrands.value.join('; ') || 'none reported' : null)],
  ['last_odometer_mi', (f) => f.lastOdometer?.value.miles],
  ['last_odometer_date', (f) => f.lastOdometer?.value.date],
  ['odometer_problem', (f) => f.odometerProblem?.value],
  ['use', (f) => f.use?.value],
  ['open_recalls', (f) => f.openRecalls?.value],
  ['provider_score', (f) => f.score?.value],
  ['service_records', (f) => f.serviceRecords?.value],
];

/** The vehicle's columns: the worst value over every read report of its VIN (vehicle-facts.ts). */
const VEHICLE_COLUMNS: FactColumn[] = FACT_COLUMNS.filter(([name]) => name !== 'provider_score').map(
  ([name, read]) => [`vehicle_${name}`, read],
);

/**
 * The report list as CSV for dealers: one row per report, newest first, with the vehicle's note, one
 * column per key fact of the report (lib/reports/facts/), then the vehicle's: the worst value over
 * every report of it the user holds, and the facts its reports state differently.
 */
export function reportsCsv(
  reports: ReportSummary[],
  notes: Record<string, string> = {},
  facts: Record<string, ReportFacts> = {},
): string {
  const rows = [
    csvLine([
      'provider',
      'report_id',
      'vin',
      'year_make_model',
      'bought_at',
      'note',
      ...FACT_COLUMNS.map(([name]) => name),
      ...VEHICLE_COLUMNS.map(([name]) => name),
      'vehicle_reports_differ_on',
    ]),
  ];
  const cells = (columns: FactColumn[], known: ReportFacts | undefined) =>
    columns.map(([, read]) => {
      const value = known ? read(known) : null;
      return value === null || value === undefined ? '' : String(value);
    });
  const byVin = new Map<string, ReportFacts[]>();
  for (const r of reports) {
    const known = facts[reportKey(r)];
    if (known) byVin.set(r.vin, [...(byVin.get(r.vin) ?? []), known]);
  }
  const vehicles = new Map([...byVin].map(([vin, list]) => [vin, vehicleFacts(list)]));
  for (const r of reports) {
    const vehicle = vehicles.get(r.vin);
    rows.push(
      csvLine([
        r.provider,
        r.id,
        r.vin,
        r.yearMakeModel,
        r.createdAt,
        notes[r.vin] ?? '',
        ...cells(FACT_COLUMNS, facts[reportKey(r)]),
        ...cells(VEHICLE_COLUMNS, vehicle?.facts),
        (vehicle?.differ ?? []).join('; '),
      ]),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
