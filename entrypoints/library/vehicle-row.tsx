// One vehicle of the library: its reports (each opens in the viewer, free), "Compare" when both
// providers' reports are held, its fair price from the listings seen, and the user's private note.
import { useState } from 'preact/hooks';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { FACT_LABELS, factsLine, factText } from '@/lib/reports/facts/facts-line';
import { FACT_NAMES, type FactName, type ReportFacts } from '@/lib/reports/facts/report-facts';
import { vehicleFacts, vehicleFactsLine } from '@/lib/reports/facts/vehicle-facts';
import { reportKey } from '@/lib/reports/report-key';
import { reportUrl } from '@/lib/reports/report-url';
import type { VehicleGroup } from '@/lib/reports/vehicle-groups';
import { FairPriceGauge } from './fair-price-gauge';

interface Props {
  group: VehicleGroup;
  names: ProviderNames;
  offline: Set<string>;
  /** Reports kept with their look (a complete copy); the others open bare, and the viewer offers one. */
  complete: Set<string>;
  /** Key facts read so far, by report key. */
  facts: Record<string, ReportFacts>;
  note: string;
  /** Chosen for the key facts of several vehicles side by side. */
  chosen: boolean;
  /** Its fair-price gauge from the memory of vehicles seen; absent when the memory has none. */
  market: MarketAnswer | undefined;
  /** The memory's day (minutes since 1970), for when its comparables were seen. */
  today: number;
  onChoose(chosen: boolean): void;
  onSaveNote(text: string): Promise<boolean>;
  onCompare(): void;
}

/**
 * The report's own words behind each fact, drawn only once opened: a library shows hundreds of rows,
 * and their closed details would otherwise each hold a list of nine quotes (a keystroke re-renders them).
 */
function FactWords({ facts, stated }: { facts: ReportFacts; stated: FactName[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>In the report's words</summary>
      {open && (
        <dl>
          {stated.map((name) => (
            <div key={name}>
              <dt>
                {FACT_LABELS[name]}: {factText(facts, name)}
              </dt>
              <dd>“{facts[name]?.quote}”</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

/** A report's facts in one line, and the report's own words behind each, on request. */
function ReportFactsLine({ facts, kept }: { facts: ReportFacts | undefined; kept: boolean }) {
  if (!facts)
    return (
      <div class="facts muted" data-testid="facts">
        {kept ? 'Reading its key facts…' : 'Open it once to read its key facts'}
      </div>
    );
  const stated = FACT_NAMES.filter((name) => facts[name] !== null);
  return (
    <div class="facts" data-testid="facts">
      {factsLine(facts)}
      {stated.length > 0 && <FactWords facts={facts} stated={stated} />}
    </div>
  );
}

/** Several reports read: the vehicle's facts over all of them (the worst each states), differences said. */
function VehicleFactsLine({ group, facts }: { group: VehicleGroup; facts: Record<string, ReportFacts> }) {
  const read = group.reports.flatMap((r) => facts[reportKey(r)] ?? []);
  if (read.length < 2) return null;
  const combined = vehicleFacts(read);
  return (
    <p class={`facts vehicle-facts${combined.differ.length ? ' differ' : ''}`} data-testid="vehicle-facts">
      <strong>All {read.length} reports together:</strong> {vehicleFactsLine(combined)}
    </p>
  );
}

export function VehicleRow({
  group,
  names,
  offline,
  complete,
  facts,
  note,
  chosen,
  market,
  today,
  onChoose,
  onSaveNote,
  onCompare,
}: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const both =
    group.reports.some((r) => r.provider === 'providerA') &&
    group.reports.some((r) => r.provider === 'providerB');
  const noteId = `note-${group.vin}`;
  return (
    <li class="vehicle" data-vin={group.vin}>
      <div class="vehicle-head">
        <h2>{group.yearMakeModel || 'Vehicle'}</h2>
        <code>{group.vin}</code>
        <label class="inline choose">
          <input type="checkbox" checked={chosen} onChange={(e) => onChoose(e.currentTarget.checked)} />{' '}
          Compare facts<span class="visually-hidden"> of {group.vin}</span>
        </label>
        {both && (
          <button type="button" onClick={onCompare}>
            Compare {providerLabel(names, 'providerA')} and {providerLabel(names, 'providerB')}
          </button>
        )}
      </div>
      <VehicleFactsLine group={group} facts={facts} />
      {market && <FairPriceGauge market={market} today={today} />}
      <ul class="vehicle-reports">
        {group.reports.map((r) => (
          <li key={reportKey(r)}>
            <a href={reportUrl(r.provider, r.id)} target="_blank" rel="noreferrer">
              {providerLabel(names, r.provider)} report
            </a>{' '}
            <span class="muted">
              {new Date(r.createdAt).toLocaleDateString()}
              {complete.has(reportKey(r))
                ? ' · saved offline with its look'
                : offline.has(reportKey(r))
                  ? ' · saved offline (open it to keep its look too)'
                  : ''}
            </span>
            <ReportFactsLine facts={facts[reportKey(r)]} kept={offline.has(reportKey(r))} />
          </li>
        ))}
      </ul>
      {editing ? (
        <form
          class="note-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await onSaveNote(draft)) setEditing(false);
          }}
        >
          <label for={noteId}>Private note for {group.vin}</label>
          <textarea
            id={noteId}
            maxLength={2000}
            rows={3}
            value={draft}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <div class="row">
            <button type="submit" class="primary">
              Save note
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(note);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div class="note">
          {note && <p data-testid="note">{note}</p>}
          <button
            type="button"
            class="link"
            onClick={() => {
              setDraft(note);
              setEditing(true);
            }}
          >
            {note ? 'Edit note' : 'Add a note'}
            <span class="visually-hidden"> for {group.vin}</span>
          </button>
        </div>
      )}
    </li>
  );
}
