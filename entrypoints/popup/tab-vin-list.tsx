// The VINs the current tab shows, each with what it tells offline and, on request, its record counts.
import { useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import type { RecordCounts } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import { countsText } from '@/lib/records/counts-text';
import { decodeLine } from '@/lib/vin/decode-line';
import type { Vin } from '@/lib/vin/vin-syntax';
import { decodeVin } from '@/lib/vin/vin-verdict';

interface TabVinsProps {
  vins: Vin[];
  checkRecords(vin: string): Promise<Result<RecordCounts>>;
  /** Opens the extension's confirmation window for a VIN (nothing is bought there without a click). */
  getReport(vin: string): void;
  /** Answers already in hand (cached when the popup opened, or from "check all"). */
  results?: Record<string, Result<RecordCounts>>;
}

interface VinRowProps {
  vin: Vin;
  checkRecords: TabVinsProps['checkRecords'];
  getReport: TabVinsProps['getReport'];
  known: Result<RecordCounts> | undefined;
}

function VinRow({ vin, checkRecords, getReport, known }: VinRowProps) {
  const [counts, setCounts] = useState<Result<RecordCounts> | 'checking' | null>(known ?? null);
  const decode = decodeVin(vin);
  const check = async () => {
    setCounts('checking');
    setCounts(await checkRecords(vin));
  };
  return (
    <li class="vin-row" data-vin={vin}>
      <div>
        <code>{vin}</code>
        <div class="muted">{decodeLine(decode)}</div>
      </div>
      {counts === null && (
        <button type="button" onClick={check} aria-label={`Check records for ${vin} (uses 1 record check)`}>
          Check records
        </button>
      )}
      {counts === 'checking' && <span class="muted">Checking…</span>}
      {counts !== null && counts !== 'checking' && counts.ok && (
        <div class="actions">
          <span data-testid="counts">{countsText(counts.value)}</span>
          <button
            type="button"
            onClick={() => getReport(vin)}
            aria-label={`Get a report for ${vin} (1 credit, confirmed first)`}
          >
            Get a report · 1 credit…
          </button>
        </div>
      )}
      {counts !== null && counts !== 'checking' && !counts.ok && <ErrorNotice error={counts.error} />}
    </li>
  );
}

/** Rows shown at first; the rest a click away, so the popup never hides rows in a scroll box. */
const FIRST_ROWS = 25;

export function TabVins({ vins, checkRecords, getReport, results }: TabVinsProps) {
  const [shown, setShown] = useState(FIRST_ROWS);
  if (vins.length === 0) return <p class="muted">No VINs on this page.</p>;
  return (
    <>
      <ul class="vin-list" aria-label="VINs on this page">
        {vins.slice(0, shown).map((vin) => (
          <VinRow
            key={`${vin}:${results?.[vin] ? 'known' : ''}`}
            vin={vin}
            checkRecords={checkRecords}
            getReport={getReport}
            known={results?.[vin]}
          />
        ))}
      </ul>
      {vins.length > shown && (
        <button type="button" class="more" onClick={() => setShown(shown + 50)}>
          Show {Math.min(50, vins.length - shown)} more of {vins.length} VINs
        </button>
      )}
    </>
  );
}
