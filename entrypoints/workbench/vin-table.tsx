// One row per VIN: the free local decode at once, a wrong check digit as a warning (the VIN may be
// real), the counts already known, the reports held (opened free) and what the batch did with it.

import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import type { RecordCounts, ReportSummary } from '@/lib/domain';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { marketCell } from '@/lib/memory/market-words';
import { readDecode } from '@/lib/nhtsa/read-facts';
import { countsText } from '@/lib/records/counts-text';
import { reportKey } from '@/lib/reports/report-key';
import { reportUrl } from '@/lib/reports/report-url';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import type { Batch, BatchRow } from '@/lib/workbench/batch';
import { checkDigitWarning } from '@/lib/workbench/vin-list';
import type { FreeDecodes } from './use-free-decodes';

interface VinTableProps {
  decodes: LocalDecode[];
  counts: Record<string, RecordCounts>;
  held: Map<string, ReportSummary[]>;
  batch: Batch | null;
  selected: Set<string>;
  names: ProviderNames;
  onSelect(vins: string[], on: boolean): void;
  /** NHTSA's decodes (use-free-decodes.ts): what it says per row; empty when off or not yet asked. */
  nhtsa: FreeDecodes;
  /** The fair-price gauges the memory has for them (use-fair-prices.ts). */
  prices: Record<string, MarketAnswer>;
}

/** NHTSA's decode of one row in a cell: model, trim and body, or its note when it has one. */
function nhtsaCell(free: FreeDecodes, vin: string) {
  if (free.state === 'asking') return <span class="muted">asking…</span>;
  if (free.state !== 'on') return <span class="muted">–</span>;
  const row = free.decodes[vin];
  if (!row) return <span class="muted">not decoded</span>;
  const d = readDecode(row);
  if (d.rejected) return <span class="row-warning">{d.rejected}</span>;
  return (
    <>
      {[d.year, d.make, d.model, d.trim].filter(Boolean).join(' ')}
      {d.body && <span class="muted"> · {d.body}</span>}
      {d.problem && <div class="row-warning">{d.problem}</div>}
    </>
  );
}

function rowStatus(row: BatchRow, kind: Batch['kind'], names: ProviderNames) {
  const who = row.provider ? `${providerLabel(names, row.provider)}: ` : '';
  const words: Record<BatchRow['state'], string> = {
    queued: kind === 'buy' ? 'waiting to be bought' : 'waiting to be checked',
    running: kind === 'buy' ? 'buying…' : 'checking…',
    done: kind === 'buy' ? 'bought' : 'checked',
    held: 'already yours, not bought again',
    unsure: 'checking whether this went through',
    failed: 'not done',
    skipped: 'not run',
  };
  return (
    <li key={`${row.provider}:${row.vin}`} data-state={row.state}>
      {who}
      <strong>{words[row.state]}</strong>
      {/* A purchase's "done" says "bought" and links the report; "unsure" says it all already. */}
      {row.message && row.state !== 'unsure' && (row.state !== 'done' || kind === 'check') && (
        <span> · {row.message}</span>
      )}
      {row.reportId && row.provider && (
        <>
          {' · '}
          <a href={reportUrl(row.provider, row.reportId)} target="_blank" rel="noopener">
            open
          </a>
        </>
      )}
    </li>
  );
}

export function VinTable({
  decodes,
  counts,
  held,
  batch,
  selected,
  names,
  onSelect,
  nhtsa,
  prices,
}: VinTableProps) {
  const rowsByVin = new Map<string, BatchRow[]>();
  for (const row of batch?.rows ?? []) rowsByVin.set(row.vin, [...(rowsByVin.get(row.vin) ?? []), row]);
  const allSelected = decodes.length > 0 && decodes.every((d) => selected.has(d.vin));
  return (
    <table class="vin-table" aria-label="The table of VINs">
      <thead>
        <tr>
          <th scope="col">
            {/* The label is the target: a box a finger can hit around the 16 px checkbox. */}
            <label class="cell-check">
              <input
                type="checkbox"
                aria-label="Select every row"
                checked={allSelected}
                onChange={() =>
                  onSelect(
                    decodes.map((d) => d.vin),
                    !allSelected,
                  )
                }
              />
            </label>
          </th>
          <th scope="col">VIN</th>
          <th scope="col">Year</th>
          <th scope="col">Make</th>
          <th scope="col">Made in</th>
          <th scope="col">NHTSA says</th>
          <th scope="col">Records</th>
          <th scope="col">Fair price</th>
          <th scope="col">Reports held</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {decodes.map((d) => {
          const warning = checkDigitWarning(d.vin);
          const c = counts[d.vin];
          const reports = held.get(d.vin) ?? [];
          const rows = rowsByVin.get(d.vin) ?? [];
          return (
            <tr key={d.vin} data-vin={d.vin}>
              <td>
                <label class="cell-check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${d.vin}`}
                    checked={selected.has(d.vin)}
                    onChange={(e) => onSelect([d.vin], e.currentTarget.checked)}
                  />
                </label>
              </td>
              <td>
                <code>{d.vin}</code>
                {warning && (
                  <div class="row-warning" data-testid="check-digit-warning">
                    {warning}
                  </div>
                )}
              </td>
              <td data-label="Year">{d.modelYear ?? '–'}</td>
              <td data-label="Make">{d.make ?? <span class="muted">unknown maker ({d.wmi})</span>}</td>
              <td data-label="Made in">{d.country ?? d.region}</td>
              <td data-label="NHTSA says">{nhtsaCell(nhtsa, d.vin)}</td>
              <td data-label="Records">
                {c ? (
                  <span data-testid="counts">{countsText(c, names)}</span>
                ) : (
                  <span class="muted">not checked</span>
                )}
              </td>
              <td data-label="Fair price" data-testid="fair-price">
                {prices[d.vin] ? (
                  marketCell(prices[d.vin] as MarketAnswer)
                ) : (
                  <span class="muted">not seen on a listing</span>
                )}
              </td>
              <td data-label="Reports held">
                {reports.map((r) => (
                  <div key={reportKey(r)}>
                    <a href={reportUrl(r.provider, r.id)} target="_blank" rel="noopener">
                      Open {providerLabel(names, r.provider)} report (free)
                    </a>{' '}
                    <span class="muted">{r.createdAt.slice(0, 10)}</span>
                  </div>
                ))}
              </td>
              <td data-label="Status">
                {batch && rows.length > 0 && (
                  <ul class="row-status">{rows.map((row) => rowStatus(row, batch.kind, names))}</ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
