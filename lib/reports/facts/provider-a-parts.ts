// The parts of providerA's report the facts are read from (docs/report-evidence.md §2.3): the A1
// overview's rows, the columned tables (additional, title and ownership history: one cell per owner
// column) and the detailed history's records. Each part in the words a reader sees (shown-text.ts):
// the overview's screen-reader copies and a cell's hidden "no data" are not read twice.
import { firstNumber, squash, usDateIn } from './fact-text';
import { isShown, shownAll, shownText } from './shown-text';

export interface OverviewRow {
  text: string;
  /** The icon's meaning, from its class (`cfx-icon__checkmarkSquareColor` → checkmarkSquareColor). */
  icon: string | null;
  /** The section the row links to (its `href` without the `#`). */
  target: string | null;
}

export interface TableCell {
  text: string;
  icon: string | null;
  /** Marked as a problem by its class (`common-section-cell-alert`). */
  alert: boolean;
}

export interface TableRow {
  id: string | null;
  label: string;
  description: string;
  cells: TableCell[];
}

export interface HistoryRecord {
  id: string;
  /** MM/DD/YYYY, or null ("Not Reported"). */
  date: string | null;
  miles: number | null;
  /** The meanings of the record's icons (`toolsColor` on a service record). */
  icons: string[];
  /** Each comment group's first line ("Vehicle serviced", "Accident reported"). */
  headlines: string[];
  comments: string;
}

/** The icon's name from an `svg.cfx-icon.cfx-icon__<name>` inside `element`. */
export function iconOf(element: Element | null): string | null {
  const svg = element?.querySelector('svg[class*="cfx-icon__"]');
  const name = /\bcfx-icon__(\w+)/.exec(svg?.getAttribute('class') ?? '');
  return name?.[1] ?? null;
}

export function overviewRows(doc: Document): OverviewRow[] {
  return shownAll(doc, '#history-overview a.history-overview-row').map((row) => ({
    text: shownText(row.querySelector('.history-overview-text-cell') ?? row),
    icon: iconOf(row),
    target: row.getAttribute('href')?.replace(/^#/, '') || null,
  }));
}

/** The rows of a columned table (`#additional-history-section`…), each with its cells. */
export function tableRows(table: Element | null): TableRow[] {
  if (!table || !isShown(table)) return [];
  return shownAll(table, 'tbody tr').flatMap((tr) => {
    const heading = tr.querySelector('th .common-section-row-heading');
    if (!heading) return [];
    const label = shownText(heading.querySelector('strong'));
    const description = shownText(heading.querySelector(':scope > div'));
    const cells = [...tr.children]
      .filter((cell) => cell.tagName === 'TD' && isShown(cell))
      .map((cell) => ({
        text: squash(shownText(cell)),
        icon: iconOf(cell),
        alert: cell.querySelector('.common-section-cell-alert') !== null,
      }));
    return [{ id: tr.getAttribute('id'), label, description, cells }];
  });
}

/** The column headings of a columned table ("Owner 1", "Owners 1-2"…). */
export const columnHeadings = (table: Element | null): string[] =>
  table ? shownAll(table, '.columned-section-column-heading-owner-text').map((h) => shownText(h)) : [];

/** The highest owner number a column heading names ("Owners 1-2" → 2), or null. */
export function lastOwnerNumber(headings: string[]): number | null {
  let last: number | null = null;
  for (const heading of headings) {
    const range = /^Owners?\s+(\d+)(?:\s*-\s*(\d+))?$/i.exec(heading);
    if (range) last = Math.max(last ?? 0, Number(range[2] ?? range[1]));
  }
  return last;
}

/** Every icon meaning inside `element`. */
const iconsOf = (element: Element | null): string[] =>
  [...(element?.querySelectorAll('svg[class*="cfx-icon__"]') ?? [])].flatMap(
    (svg) => /\bcfx-icon__(\w+)/.exec(svg.getAttribute('class') ?? '')?.slice(1) ?? [],
  );

/** The detailed history's records, in the report's order (owner by owner, oldest first). */
export function historyRecords(doc: Document): HistoryRecord[] {
  return shownAll(doc, '#detailed-history-section tr.detailed-history-row-main').map((tr) => {
    const mileage = shownText(tr.querySelector('td.record-odometer-reading'));
    return {
      id: tr.getAttribute('id') ?? '',
      // The cell's words run date, narrow mileage and "mi" together in textContent: read as shown,
      // element by element, the first date is the record's.
      date: usDateIn(shownText(tr.querySelector('td.record-normal-first-column'))),
      miles: /^\d[\d,]*(\s*mi)?$/i.test(mileage) ? firstNumber(mileage) : null,
      icons: iconsOf(tr.querySelector('td.record-icon')),
      headlines: shownAll(tr, 'td.record-comments .comments-group-outer-line').map((s) => shownText(s)),
      comments: shownText(tr.querySelector('td.record-comments')),
    };
  });
}

/** The owners' types as their tabs say them ("Rental Vehicle" → "Rental"), one per owner block. */
export const ownerTypes = (doc: Document): string[] =>
  shownAll(doc, '#detailed-history-section .owner-block .owner-tab .owner-type > span')
    .map((span) => shownText(span).replace(/\s*vehicle$/i, ''))
    .filter(Boolean);
