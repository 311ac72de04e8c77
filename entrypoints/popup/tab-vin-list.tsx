// The vehicles the current tab shows, each with what its pill on the card says (issue 65: the same
// finding, words and icon), its year and make and, on request, its record counts; one the page lists
// only in its data (no card, no pill) is marked so. A vehicle whose report the user holds offers it,
// never a record check (issue 56); held from one provider, the other provider's report is offered.
import { useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import { PROVIDERS, type Provider, type RecordCounts } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import type { CardVerdict } from '@/lib/memory/card-verdict';
import { VERDICT_ICON_CSS } from '@/lib/memory/verdict-icons';
import { countsText } from '@/lib/records/counts-text';
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
  /** What each card's pill says, by VIN; a VIN missing here has no card. Null: the tab's content
   * script did not answer (a page it does not run on, an extension just updated): nothing said. */
  pills?: Record<string, CardVerdict> | null;
}

/** The pill's finding in the row, or that no card shows the vehicle; nothing when the tab said nothing. */
function Finding({ vin, pills }: { vin: string; pills: TabVinsProps['pills'] }) {
  if (!pills) return null;
  const said = pills[vin];
  if (!said)
    return (
      <div class="finding data-only" data-testid="finding">
        In the page’s data only: no card shows it
      </div>
    );
  return (
    <div class={`finding ${said.kind}`} data-testid="finding" data-kind={said.kind}>
      <span class={`icon ${said.icon}`} aria-hidden="true" />
      {said.words}
    </div>
  );
}

/** "2012 Ram" and the VIN: the row's second line. */
function Vehicle({ vin }: { vin: Vin }) {
  const { modelYear, make, wmi } = decodeVin(vin);
  return (
    <div class="muted vehicle">
      {[modelYear, make ?? `maker ${wmi}`].filter(Boolean).join(' ')} · <code>{vin}</code>
    </div>
  );
}

interface VinRowProps {
  vin: Vin;
  checkRecords: TabVinsProps['checkRecords'];
  getReport: TabVinsProps['getReport'];
  known: Result<RecordCounts> | undefined;
  names: ProviderNames;
  pills: TabVinsProps['pills'];
}

/** A vehicle whose report the user holds: open it (free), or get the other provider's. */
function OwnedRow({
  vin,
  held,
  openOwned,
  getReport,
  names,
  pills,
}: {
  vin: Vin;
  held: Provider[];
  openOwned(vin: string): void;
  getReport(vin: string): void;
  names: ProviderNames;
  pills: TabVinsProps['pills'];
}) {
  const other = PROVIDERS.find((p) => !held.includes(p));
  const label = (p: Provider) => providerLabel(names, p);
  return (
    <li class="vin-row owned" data-vin={vin}>
      <div>
        <Finding vin={vin} pills={pills} />
        <Vehicle vin={vin} />
        <div class="muted">
          You hold the {held.map(label).join(' and ')} report{held.length > 1 ? 's' : ''}
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
            class="link"
            onClick={() => getReport(vin)}
            aria-label={`Get the ${label(other)} report for ${vin} (1 credit, confirmed first)`}
          >
            {label(other)} · 1 credit…
          </button>
        )}
      </div>
    </li>
  );
}

function VinRow({ vin, checkRecords, getReport, known, names, pills }: VinRowProps) {
  const [counts, setCounts] = useState<Result<RecordCounts> | 'checking' | null>(known ?? null);
  const check = async () => {
    setCounts('checking');
    setCounts(await checkRecords(vin));
  };
  return (
    <li class="vin-row" data-vin={vin}>
      <div>
        <Finding vin={vin} pills={pills} />
        <Vehicle vin={vin} />
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

/** Rows shown at first, so the VIN box below is still within the popup's 600 px (issue 65); the
 * rest a click away, never in a scroll box of its own. */
const FIRST_ROWS = 3;

/** The rows' order: what harms first, as the pills' colours say; a vehicle with no card last. */
const RANK: Record<CardVerdict['kind'] | 'data-only', number> = {
  warn: 0,
  caution: 1,
  good: 2,
  note: 3,
  held: 4,
  known: 5,
  none: 6,
  'data-only': 7,
};
const rankOf = (vin: string, pills: TabVinsProps['pills']) =>
  pills ? RANK[pills[vin]?.kind ?? 'data-only'] : RANK.none;

export function TabVins({
  vins,
  checkRecords,
  getReport,
  results,
  owned,
  openOwned = () => undefined,
  names = {},
  pills = null,
}: TabVinsProps) {
  const [shown, setShown] = useState(FIRST_ROWS);
  if (vins.length === 0) return <p class="muted">No VINs on this page.</p>;
  // Sorting is stable: within a kind, the page's order.
  const ordered = [...vins].sort((a, b) => rankOf(a, pills) - rankOf(b, pills));
  return (
    <>
      <style>{VERDICT_ICON_CSS}</style>
      <ul class="vin-list" aria-label="VINs on this page">
        {ordered.slice(0, shown).map((vin) => {
          const held = owned?.[vin];
          return held?.length ? (
            <OwnedRow
              key={`${vin}:owned`}
              vin={vin}
              held={held}
              openOwned={openOwned}
              getReport={getReport}
              names={names}
              pills={pills}
            />
          ) : (
            <VinRow
              key={`${vin}:${results?.[vin] ? 'known' : ''}`}
              vin={vin}
              checkRecords={checkRecords}
              getReport={getReport}
              known={results?.[vin]}
              names={names}
              pills={pills}
            />
          );
        })}
      </ul>
      {vins.length > shown && (
        <button type="button" class="more link" onClick={() => setShown(shown + 50)}>
          {vins.length - shown <= 50
            ? `Show all ${vins.length} vehicles`
            : `Show 50 more of ${vins.length} vehicles`}
        </button>
      )}
    </>
  );
}
