// providerA's facts (docs/report-evidence.md §2.3-2.4), from what the report shows: the A1 overview
// where there is one, the columned tables' cells (the verdict is in the cells, never in a row's
// description, which lists every brand name even when none is reported), the owner tabs and the
// detailed history's records. The state script is a second witness only (provider-a-state.ts).
import { firstNumber, saysNone, saysNothing, squash, worstSeverity } from './fact-text';
import {
  columnHeadings,
  type HistoryRecord,
  historyRecords,
  lastOwnerNumber,
  type OverviewRow,
  overviewRows,
  ownerTypes,
  type TableCell,
  type TableRow,
  tableRows,
} from './provider-a-parts';
import { stateOverview } from './provider-a-state';
import { noFacts, type ReportFacts, type ReportVariant } from './report-facts';

/** Icons that mean a clean check, and those that flag a problem (§2.4; alert classes unobserved). */
const CLEAN_ICON = /^checkmark/i;
const ALERT_ICON = /^alert|^exclamation|warning/i;

interface Parts {
  doc: Document;
  overview: OverviewRow[];
  additional: TableRow[];
  title: TableRow[];
  ownership: TableRow[];
  records: HistoryRecord[];
}

/**
 * The one row shown for a fact; null when none, or when two shown copies disagree (a copy the
 * report's styles hide in a way not read here must never decide: "not read", never the first).
 */
function oneOf<T>(rows: T[], same: (a: T, b: T) => boolean): T | null {
  const [first, ...rest] = rows;
  return first !== undefined && rest.every((r) => same(first, r)) ? first : null;
}
const sameCells = (a: TableRow, b: TableRow) =>
  a.cells.map((c) => `${c.text}|${c.icon}|${c.alert}`).join() ===
  b.cells.map((c) => `${c.text}|${c.icon}|${c.alert}`).join();
const rowById = (rows: TableRow[], id: string) =>
  oneOf(
    rows.filter((r) => r.id === id),
    sameCells,
  );
const rowByLabel = (rows: TableRow[], label: RegExp) =>
  oneOf(
    rows.filter((r) => label.test(r.label)),
    sameCells,
  );
const overviewRow = (parts: Parts, pattern: RegExp) =>
  oneOf(
    parts.overview.filter((r) => pattern.test(r.text)),
    (a, b) => a.text === b.text && a.icon === b.icon,
  );
/** Cells that say something (not "---", "no data", "See Details"). */
const saying = (row: TableRow | null) => (row?.cells ?? []).filter((c) => !saysNothing(c.text));

/** A cell's verdict: clean, a problem, or null when its words and its icon disagree. */
function cellProblem(cell: TableCell): boolean | null {
  const byWords = !saysNone(cell.text);
  const byIcon =
    cell.alert || ALERT_ICON.test(cell.icon ?? '') ? true : CLEAN_ICON.test(cell.icon ?? '') ? false : null;
  return byIcon === null || byIcon === byWords ? byWords : null;
}

/** A row's verdict over its cells: a problem in any column, clean in all, or null (not stated). */
function rowProblem(row: TableRow | null): boolean | null {
  const cells = saying(row);
  if (cells.length === 0) return null;
  const verdicts = cells.map(cellProblem);
  if (verdicts.includes(null)) return null;
  return verdicts.includes(true);
}

const cellsQuote = (row: TableRow, cells = saying(row)) =>
  squash(`${row.label}: ${[...new Set(cells.map((c) => c.text))].join(' · ')}`);

function owners(parts: Parts, facts: ReportFacts) {
  const stated = overviewRow(parts, /\bprevious owners?\b/i);
  const count = firstNumber(stated?.text);
  if (stated && count !== null) {
    facts.owners = { value: count, quote: stated.text, anchor: 'ownership-history-section' };
    return;
  }
  const headings = columnHeadings(parts.doc.getElementById('ownership-history-section'));
  const blocks = parts.doc.querySelectorAll('#detailed-history-section .owner-block').length;
  const last = Math.max(lastOwnerNumber(headings) ?? 0, blocks);
  if (last > 0)
    facts.owners = {
      value: last,
      quote: squash(`Ownership History: ${headings.join(' · ') || `${blocks} owner blocks`}`),
      anchor: 'ownership-history-section',
    };
}

/** Records that report an accident or damage: one record each (§2.3; providerB repeats, not A). */
const accidentRecords = (parts: Parts) =>
  parts.records.filter((r) => r.headlines.some((h) => /^(accident|damage)\b.*\breported\b/i.test(h)));

function accidents(parts: Parts, facts: ReportFacts) {
  const row = rowById(parts.additional, 'accident-damage');
  const stated = overviewRow(parts, /\baccidents?\b|\bdamage\b/i);
  const problem = row ? rowProblem(row) : stated ? !saysNone(stated.text) : null;
  if (problem === null) return;
  const quote = stated?.text ?? (row ? cellsQuote(row) : '');
  if (!problem) {
    facts.accidents = { value: { count: 0, worst: null }, quote, anchor: 'additional-history-section' };
    return;
  }
  const listed = accidentRecords(parts);
  facts.accidents = {
    value: { count: listed.length || null, worst: worstSeverity(listed.map((r) => r.comments)) },
    quote,
    anchor: 'additional-history-section',
  };
}

/** "Salvage Title" → "Salvage"; "Not Actual Mileage" stays. */
const brandOf = (text: string) => text.replace(/\b(title|brand|reported|issued|guaranteed)\b/gi, '').trim();

function titleBrands(parts: Parts, facts: ReportFacts) {
  const rows = [rowByLabel(parts.title, /^damage brands?$/i), rowByLabel(parts.title, /^odometer brands?$/i)];
  const stating = rows.filter((row): row is TableRow => row !== null && rowProblem(row) !== null);
  if (stating.length === 0) return;
  const brands = new Set<string>();
  for (const row of stating)
    for (const cell of saying(row)) if (cellProblem(cell)) brands.add(brandOf(cell.text) || cell.text);
  const shown = stating.find((row) => saying(row).some((c) => cellProblem(c))) ?? stating[0];
  facts.titleBrands = {
    value: [...brands],
    quote: shown ? cellsQuote(shown) : '',
    anchor: 'title-history-section',
  };
}

function odometerProblem(parts: Parts, facts: ReportFacts) {
  const check = rowById(parts.additional, 'odometer-check');
  const brands = rowByLabel(parts.title, /^odometer brands?$/i);
  const verdicts = [check, brands].map(rowProblem);
  if (verdicts.every((v) => v === null)) return;
  const problem = verdicts.includes(true);
  const row = problem ? (verdicts[0] ? check : brands) : (check ?? brands);
  if (row)
    facts.odometerProblem = {
      value: problem,
      quote: cellsQuote(row),
      anchor: row.id ?? 'title-history-section',
    };
}

/** An element id the key-facts block may link to (ids starting with a digit are not). */
const linkable = (id: string) => (/^[A-Za-z][\w-]{0,99}$/.test(id) ? id : 'detailed-history-section');

function lastOdometer(parts: Parts, facts: ReportFacts) {
  const stated = overviewRow(parts, /last reported odometer/i);
  const ownershipRow = rowByLabel(parts.ownership, /^last reported odometer reading$/i);
  const lastColumn = saying(ownershipRow).at(-1);
  const withMiles = parts.records.filter((r) => r.miles !== null);
  const miles = firstNumber(stated?.text) ?? firstNumber(lastColumn?.text) ?? withMiles.at(-1)?.miles ?? null;
  if (miles === null) return;
  // The date only from a record of that very reading: never a date of another reading.
  const record = withMiles.filter((r) => r.miles === miles && r.date).at(-1);
  facts.lastOdometer = {
    value: { miles, date: record?.date ?? null },
    quote:
      stated?.text ??
      (lastColumn
        ? `Last reported odometer reading: ${lastColumn.text}`
        : squash(`${record?.date ?? ''} ${miles} mi`)),
    anchor: record ? linkable(record.id) : 'ownership-history-section',
  };
}

function use(parts: Parts, facts: ReportFacts) {
  const types = [...new Set(ownerTypes(parts.doc))];
  const typeRow = rowByLabel(parts.ownership, /^type of owner$/i);
  const fromTable = [...new Set(saying(typeRow).map((c) => c.text))];
  const value = types.length ? types : fromTable;
  if (value.length === 0) return;
  const stated = overviewRow(parts, /\bvehicle$|^types? of owners?:/i);
  facts.use = {
    value: value.join(', '),
    quote: stated?.text ?? (typeRow ? cellsQuote(typeRow) : squash(value.join(', '))),
    anchor: 'ownership-history-section',
  };
}

function openRecalls(parts: Parts, facts: ReportFacts) {
  const row = rowById(parts.additional, 'manufacturer-recall');
  const problem = rowProblem(row);
  if (!row || problem === null) return;
  const counts = saying(row)
    .filter((c) => cellProblem(c))
    .map((c) => firstNumber(c.text));
  const count = problem ? Math.max(...counts.map((n) => n ?? -1)) : 0;
  if (count < 0) return; // a recall reported without its number: not stated
  facts.openRecalls = { value: count, quote: cellsQuote(row), anchor: 'manufacturer-recall' };
}

function serviceRecords(parts: Parts, facts: ReportFacts) {
  const stated = overviewRow(parts, /service history records?/i);
  const count = firstNumber(stated?.text);
  if (stated && count !== null) {
    facts.serviceRecords = { value: count, quote: stated.text, anchor: 'detailed-history-section' };
    return;
  }
  // A2 states the count only in its state: taken when the rows the report shows with the service
  // icon are as many (the evidence's cross-check; it held in both real reports).
  const fromState = stateOverview(parts.doc)?.get('service');
  const claimed = firstNumber(fromState);
  const shown = parts.records.filter((r) => r.icons.includes('toolsColor')).length;
  if (fromState && claimed !== null && claimed === shown)
    facts.serviceRecords = { value: claimed, quote: squash(fromState), anchor: 'detailed-history-section' };
}

export function providerAFacts(doc: Document, variant: ReportVariant): ReportFacts {
  const facts = noFacts('providerA', variant);
  const parts: Parts = {
    doc,
    overview: variant === 'A1' ? overviewRows(doc) : [],
    additional: tableRows(doc.getElementById('additional-history-section')),
    title: tableRows(doc.getElementById('title-history-section')),
    ownership: tableRows(doc.getElementById('ownership-history-section')),
    records: historyRecords(doc),
  };
  owners(parts, facts);
  accidents(parts, facts);
  titleBrands(parts, facts);
  odometerProblem(parts, facts);
  lastOdometer(parts, facts);
  use(parts, facts);
  openRecalls(parts, facts);
  serviceRecords(parts, facts);
  return facts;
}
