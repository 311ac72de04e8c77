// The workbench's CSV export: one line per VIN with its decode, counts, reports held, the batch's
// status and its fair-price gauge from the memory. Pure.
import type { RecordCounts, ReportSummary } from '../domain';
import type { MarketAnswer } from '../memory/market-answer';
import { GAUGE_COLUMNS, gaugeCells } from '../memory/memory-csv';
import type { DecodeRow } from '../nhtsa/nhtsa-wire';
import { readDecode } from '../nhtsa/read-facts';
import { csvLine } from '../reports/csv';
import { reportKey } from '../reports/report-key';
import type { LocalDecode } from '../vin/vin-verdict';
import type { Batch, RowState } from './batch';

const STATE_WORDS: Record<RowState, string> = {
  queued: 'waiting',
  running: 'under way',
  done: 'done',
  held: 'already held',
  unsure: 'checking whether this went through',
  failed: 'failed',
  skipped: 'not run',
};

/**
 * One CSV line per VIN: decode, NHTSA's decode where asked (issue 46), counts per provider, reports
 * held (ids and dates), the batch status.
 */
export function workbenchCsv(
  decodes: LocalDecode[],
  counts: Record<string, RecordCounts>,
  held: ReportSummary[],
  batch: Batch | null,
  nhtsa: Record<string, DecodeRow> = {},
  prices: Record<string, MarketAnswer> = {},
): string {
  const header = [
    'vin',
    'year',
    'make',
    'country',
    'check_digit',
    'nhtsa_year',
    'nhtsa_make',
    'nhtsa_model',
    'nhtsa_trim',
    'nhtsa_body',
    'nhtsa_note',
    'providerA_records',
    'providerB_records',
    'report_ids',
    'report_titles',
    'report_dates',
    'status',
    ...GAUGE_COLUMNS,
  ];
  const byVin = new Map<string, ReportSummary[]>();
  for (const r of held) {
    byVin.set(r.vin, [...(byVin.get(r.vin) ?? []), r]);
  }
  const status = new Map(
    (batch?.rows ?? []).map((r) => [
      r.vin,
      `${batch?.kind === 'buy' ? `buy ${r.provider}` : 'check'}: ${STATE_WORDS[r.state]}${r.message ? ` (${r.message})` : ''}`,
    ]),
  );
  const lines = decodes.map((d) => {
    const reports = byVin.get(d.vin) ?? [];
    const c = counts[d.vin];
    const row = nhtsa[d.vin];
    const free = row ? readDecode(row) : null;
    return csvLine([
      d.vin,
      d.modelYear?.toString() ?? '',
      d.make ?? '',
      d.country ?? d.region,
      d.checkDigit,
      free?.year?.toString() ?? '',
      free?.make ?? '',
      free?.model ?? '',
      free?.trim ?? '',
      free?.body ?? '',
      // NHTSA's words (a wrong check digit, no vehicle for it): third-party text, quoted by csvCell.
      free?.rejected ?? free?.problem ?? '',
      c ? String(c.records.providerA) : '',
      c ? String(c.records.providerB) : '',
      reports.map(reportKey).join('; '),
      // A third party's words: a title starting with "=" must not become a formula (csvCell).
      reports.map((r) => r.yearMakeModel).join('; '),
      reports.map((r) => r.createdAt).join('; '),
      status.get(d.vin) ?? '',
      ...gaugeCells(prices[d.vin]),
    ]);
  });
  return [csvLine(header), ...lines].join('\r\n');
}
