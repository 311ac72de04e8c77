// The VINs the current tab shows, each with what it tells offline and, on request, its record counts.
// A vehicle whose report the user holds offers it, never a record check (issue 56); held from one
// provider, the other provider's report is offered as such.
import { useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import { PROVIDERS, type Provider, type RecordCounts } from '@/lib/domain';
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
  /** The providers whose report the user holds, by VIN. */
  owned?: Record<string, Provider[]>;
  /** Opens the report the user holds for a VIN (free). */
  openOwned?(vin: string): void;
  /** The providers as the user named them. */
  names?: ProviderNames;
}

interface VinRowProps {
  vin: Vin;
  checkRecords: TabVinsProps['checkRecords'];
  getReport: TabVinsProps['getReport'];
  known: Result<RecordCounts> | undefined;
  names: ProviderNames;
}

/** A vehicle whose report the user holds: open it (free), or get the other provider's. */
function OwnedRow({
  vin,
  held,
  openOwned,
  getReport,
  names,
}: {
  vin: Vin;
  held: Provider[];
  openOwned(vin: string): void;
  getReport(vin: string): void;
  names: ProviderNames;
}) {
  const other = PROVIDERS.find((p) => !held.includes(p));
  const label = (p: Provider) => providerLabel(names, p);
  return (
    <li class="vin-row owned" data-vin={vin}>
      <div>
        <code>{vin}</code>
        <div class="muted">
          {decodeLine(decodeVin(vin))} · you hold the {held.map(label).join(' and ')} report
          {held.length > 1 ? 's' : ''}
        </div>
      </div>
      <div class="actions">
        <button
          type="button"
          onClick={() => openOwned(vin)}
          aria-label={`Open your report for ${vin} (free)`}
        >
          Open your report
        </button>
        {other && (
          <button
            type="button"
            class="secondary"
            onClick={() => getReport(vin)}
            aria-label={`Get the ${label(other)} report for ${vin} (1 credit, confirmed first)`}
          >
            Get the {label(other)} report · 1 credit…
          </button>
        )}
      </div>
    </li>
  );
}

function VinRow({ vin, checkRecords, getReport, known, names }: VinRowProps) {
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
          <span data-testid="counts">{countsText(counts.value, names)}</span>
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

export function TabVins({
  vins,
  checkRecords,
  getReport,
  results,
  owned,
  openOwned = () => undefined,
  names = {},
}: TabVinsProps) {
  const [shown, setShown] = useState(FIRST_ROWS);
  if (vins.length === 0) return <p class="muted">No VINs on this page.</p>;
  return (
    <>
      <ul class="vin-list" aria-label="VINs on this page">
        {vins.slice(0, shown).map((vin) => {
          const held = owned?.[vin];
          return held?.length ? (
            <OwnedRow
              key={`${vin}:owned`}
              vin={vin}
              held={held}
              openOwned={openOwned}
              getReport={getReport}
              names={names}
            />
          ) : (
            <VinRow
              key={`${vin}:${results?.[vin] ? 'known' : ''}`}
              vin={vin}
              checkRecords={checkRecords}
              getReport={getReport}
              known={results?.[vin]}
              names={names}
            />
          );
        })}
      </ul>
      {vins.length > shown && (
        <button type="button" class="more" onClick={() => setShown(shown + 50)}>
          Show {Math.min(50, vins.length - shown)} more of {vins.length} VINs
        </button>
      )}
    </>
  );
}
