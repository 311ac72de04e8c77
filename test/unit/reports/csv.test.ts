// The two CSV exports (the library's, lib/reports/csv.ts, and the workbench's, lib/workbench/workbench-csv.ts) opened the
// way spreadsheets open them: split at a comma, at a semicolon (the list separator of most of Europe)
// or at a tab, a field in quotes only when the quote opens it (after the closing quote, text up to the
// next separator belongs to the field: Excel's and LibreOffice's reading). No cell may start a
// formula: a title from the service like `X;=cmd|' /C calc'!A0;` was one in both exports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '@/lib/domain';
import { csvCell, reportsCsv } from '@/lib/reports/csv';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { workbenchCsv } from '@/lib/workbench/workbench-csv';
import { vinOf } from '../../../samples/vin-of';

/** The cells a spreadsheet reads from `csv` when it splits at `separator`. */
function spreadsheetCells(csv: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i] as string;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator || c === '\n' || (c === '\r' && csv[i + 1] === '\n')) {
      if (c === '\r') i++;
      cells.push(cell);
      cell = '';
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  cells.push(cell);
  return cells;
}

/**
 * A cell a spreadsheet runs: a formula's first character, with spaces, tabs or carriage returns
 * before it (some applications strip those first: why OWASP lists them too).
 */
const runs = (cell: string) => /^\s*[=+\-@]/.test(cell);

const HOSTILE = [
  `X;=cmd|' /C calc'!A0;`,
  '=HYPERLINK("http://x","click")',
  '2019 Honda; +SUM(1,2)',
  'a\t-2+3',
  '@SUM(1)',
  ' =1+1',
  'ok, =1+1',
  'line\n=1+1',
  '\r=1',
];

const report = (title: string, i: number): ReportSummary => ({
  provider: i % 2 ? 'providerB' : 'providerA',
  id: String(i + 1),
  vin: '1G1PG5SC3C7167133',
  yearMakeModel: title,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function exports(titles: string[]): Record<string, string> {
  const reports = titles.map(report);
  return {
    library: reportsCsv(reports, { '1G1PG5SC3C7167133': titles.at(-1) ?? '' }),
    workbench: workbenchCsv([decodeVin(vinOf('1G1PG5SC3C7167133'))], {}, reports, null),
  };
}

describe('CSV exports in a spreadsheet', () => {
  for (const separator of [',', ';', '\t'])
    it(`no cell runs as a formula when split at ${JSON.stringify(separator)}`, () => {
      for (const [name, csv] of Object.entries(exports(HOSTILE))) {
        const running = spreadsheetCells(csv, separator).filter(runs);
        expect(running, `${name} export split at ${JSON.stringify(separator)}`).toEqual([]);
      }
    });

  it('holds for any title and note (fast-check)', () => {
    const piece = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      ';',
      ',',
      '\t',
      '\r',
      '\n',
      '"',
      "'",
      ' ',
      'a',
      '1',
      'cmd|',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
          { minLength: 1, maxLength: 4 },
        ),
        (titles) => {
          for (const csv of Object.values(exports(titles)))
            for (const separator of [',', ';', '\t'])
              expect(spreadsheetCells(csv, separator).filter(runs)).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps what it neutralises readable: every cell quoted, a quote mark before each formula start only', () => {
    expect(csvCell('2019 Honda Accord')).toBe('"2019 Honda Accord"');
    expect(csvCell('2018 Ford F-150')).toBe('"2018 Ford F-150"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell(`X;=cmd|' /C calc'!A0;`)).toBe(`"X;'=cmd|' /C calc'!A0;"`);
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    // Read back as a comma CSV by a quote-aware reader, the cell is the value (with its quote marks).
    expect(spreadsheetCells(csvCell('a, "b"'), ',')).toEqual(['a, "b"']);
  });
});
