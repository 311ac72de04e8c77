// The report library: every report the user holds, one row per vehicle, searchable by VIN, year,
// make and model, sortable by date, filtered by provider and by "saved offline"; a private note per
// vehicle; the providerA and providerB reports of one VIN side by side. The list shows at once from
// what the background kept, then the service's answer replaces it; offline, it says how old it is.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BrandMark } from '@/components/brand-mark';
import { downloadFile } from '@/components/download-file';
import { ErrorNotice } from '@/components/error-notice';
import { exportedReportsCsv } from '@/components/reports-csv';
import { useFairPrices } from '@/components/use-fair-prices';
import { useProviderNames } from '@/components/use-provider-names';
import type { ErrorData } from '@/lib/errors/error-data';
import type { Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import { FACT_FILTERS, type FactFilter } from '@/lib/reports/facts/facts-line';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';
import { vehicleFacts } from '@/lib/reports/facts/vehicle-facts';
import type { CopiesSummary, ReportList } from '@/lib/reports/library-messages';
import { reportKey } from '@/lib/reports/report-key';
import { filterGroups, groupByVehicle, type LibraryFilter } from '@/lib/reports/vehicle-groups';
import type { Vin } from '@/lib/vin/vin-syntax';
import { CompareView } from './compare-view';
import { FactsTable } from './facts-table';
import { StorageLine } from './storage-line';
import { useReportFacts } from './use-report-facts';
import { VehicleRow } from './vehicle-row';

// Rows rendered at a time: a dealer's 10,000 reports are searched in full, shown a page at a time.
const PAGE = 100;
/** Vehicles compared fact by fact at most (columns that still fit a window). */
const MAX_CHOSEN = 4;

function age(at: number): string {
  const minutes = Math.round((Date.now() - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${plural(hours, 'hour')} ago` : `${plural(Math.round(hours / 24), 'day')} ago`;
}

/** A labelled drop-down over a fixed set of values. */
function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: Record<T, string>;
  onChange(value: T): void;
}) {
  return (
    <div>
      <label for={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)}>
        {(Object.entries(props.options) as Array<[T, string]>).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function App() {
  const [list, setList] = useState<Result<ReportList> | null>(null);
  const names = useProviderNames();
  const [refreshing, setRefreshing] = useState(true);
  const [filter, setFilter] = useState<LibraryFilter>({
    query: '',
    provider: 'all',
    offlineOnly: false,
    facts: [],
    sort: 'newest',
  });
  const { facts, reading, readOpened } = useReportFacts();
  const [limit, setLimit] = useState(PAGE);
  const [compare, setCompare] = useState<string | null>(null);
  // Vehicles whose key facts are shown side by side (the newest report with facts of each).
  const [chosen, setChosen] = useState<string[]>([]);
  const [actionError, setActionError] = useState<ErrorData | null>(null);

  useEffect(() => {
    ask('listReports', undefined)
      .then((kept) => setList((current) => current ?? kept))
      .finally(() =>
        ask('listReports', { fresh: true })
          .then((fresh) => setList((current) => (fresh.ok || !current?.ok ? fresh : current)))
          .finally(() => setRefreshing(false)),
      );
  }, []);

  const value = list?.ok ? list.value : null;
  const groups = useMemo(() => (value ? groupByVehicle(value.reports) : []), [value?.reports]);
  const offline = useMemo(() => new Set(value?.offline ?? []), [value?.offline]);
  // Reports kept with their look (complete copies, issue 38), and the space they take.
  const [copies, setCopies] = useState<CopiesSummary | null>(null);
  useEffect(() => {
    ask('getCopiesSummary', undefined).then((r) => setCopies(r.ok ? r.value : null));
  }, []);
  const complete = useMemo(() => new Set(copies?.keys ?? []), [copies]);
  const notes = value?.notes ?? {};
  const shown = useMemo(
    () => filterGroups(groups, filter, offline, notes, facts),
    [groups, filter, offline, notes, facts],
  );
  // The fair-price gauges of the vehicles shown (each VIN asked once: components/use-fair-prices.ts).
  const prices = useFairPrices(shown.slice(0, limit).map((group) => group.vin as Vin));
  const today = Math.floor(Date.now() / 60_000);
  const set = (change: Partial<LibraryFilter>) => {
    setFilter({ ...filter, ...change });
    setLimit(PAGE);
  };

  async function saveNote(vin: string, text: string): Promise<boolean> {
    const saved = await ask('saveNote', { vin, text });
    if (!saved.ok) {
      setActionError(saved.error);
      return false;
    }
    setActionError(null);
    if (value) setList({ ok: true, value: { ...value, notes: saved.value } });
    return true;
  }

  async function exportCsv() {
    const csv = await exportedReportsCsv();
    if (csv.ok) downloadFile(csv.value, 'text/csv', 'vin-history-reports.csv');
    setActionError(csv.ok ? null : csv.error);
  }

  const comparing = compare ? groups.find((g) => g.vin === compare) : undefined;
  const chosenGroups = chosen.map((vin) => groups.find((g) => g.vin === vin)).filter((g) => g !== undefined);
  return (
    <main class="library">
      <header class="library-head">
        <h1>
          <BrandMark />
          Your reports
        </h1>
        {value && (
          <p class="muted" data-testid="list-age">
            {plural(value.reports.length, 'report')} for {plural(groups.length, 'vehicle')}
            {value.at ? ` · list as of ${new Date(value.at).toLocaleString()} (${age(value.at)})` : ''}
            {refreshing ? ' · checking for new ones…' : ''}
          </p>
        )}
        <StorageLine copies={copies} />
      </header>
      {list === null && <p class="muted">Loading your reports…</p>}
      {list && !list.ok && <ErrorNotice error={list.error} />}
      {value?.refreshError && (
        <div class="notice warn" role="status">
          <strong>Showing the list as it was{value.at ? ` ${age(value.at)}` : ''}.</strong>{' '}
          {value.refreshError.message}
        </div>
      )}
      {actionError && <ErrorNotice error={actionError} />}
      {chosenGroups.length > 1 && (
        <section class="compare" aria-label="Key facts of the vehicles chosen">
          <FactsTable
            markDifferences={false}
            caption={`Key facts of ${chosenGroups.length} vehicles (each one's reports together: the worst each states)`}
            columns={chosenGroups.map((g) => {
              const read = g.reports.filter((r) => facts[reportKey(r)]);
              const providers = [...new Set(read.map((r) => r.provider))].join(' + ');
              return {
                label: `${g.yearMakeModel || g.vin}${providers ? ` (${providers})` : ''}`,
                facts: read.length
                  ? vehicleFacts(read.map((r) => facts[reportKey(r)] as ReportFacts)).facts
                  : undefined,
              };
            })}
          />
          <button type="button" onClick={() => setChosen([])}>
            Clear the choice
          </button>
        </section>
      )}
      {comparing && (
        <CompareView group={comparing} facts={facts} onOpened={readOpened} onClose={() => setCompare(null)} />
      )}
      {value && (
        <>
          <form class="library-tools" onSubmit={(e) => e.preventDefault()} aria-label="Search and filters">
            <div>
              <label for="library-search">Search</label>
              <input
                id="library-search"
                type="search"
                placeholder="VIN, year, make, model or note"
                value={filter.query}
                onInput={(e) => set({ query: e.currentTarget.value })}
              />
            </div>
            <Choice
              id="library-provider"
              label="Provider"
              value={filter.provider}
              options={{ all: 'Both', providerA: 'providerA', providerB: 'providerB' }}
              onChange={(provider) => set({ provider })}
            />
            <Choice
              id="library-sort"
              label="Sort"
              value={filter.sort}
              options={{ newest: 'Newest first', oldest: 'Oldest first' }}
              onChange={(sort) => set({ sort })}
            />
            <label class="inline">
              <input
                type="checkbox"
                checked={filter.offlineOnly}
                onChange={(e) => set({ offlineOnly: e.currentTarget.checked })}
              />{' '}
              Saved offline only
            </label>
            <fieldset class="fact-filters">
              <legend>Reports say</legend>
              {(Object.entries(FACT_FILTERS) as Array<[FactFilter, string]>).map(([key, label]) => (
                <label class="inline" key={key}>
                  <input
                    type="checkbox"
                    checked={filter.facts?.includes(key) ?? false}
                    onChange={(e) =>
                      set({
                        facts: e.currentTarget.checked
                          ? [...(filter.facts ?? []), key]
                          : (filter.facts ?? []).filter((f) => f !== key),
                      })
                    }
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            <button type="button" onClick={exportCsv}>
              Export CSV
            </button>
          </form>
          <p class="muted" role="status" data-testid="shown-count">
            {shown.length === groups.length
              ? plural(shown.length, 'vehicle')
              : `${plural(shown.length, 'vehicle')} of ${groups.length} match`}
            {reading > 0 ? ` · reading the key facts of ${plural(reading, 'report')}…` : ''}
          </p>
          {groups.length === 0 && <p>You hold no reports yet. Reports you buy show here.</p>}
          <ul class="vehicles" aria-label="Vehicles" data-query={filter.query}>
            {shown.slice(0, limit).map((group) => (
              <VehicleRow
                key={group.vin}
                group={group}
                names={names}
                offline={offline}
                complete={complete}
                facts={facts}
                chosen={chosen.includes(group.vin)}
                market={prices[group.vin]}
                today={today}
                onChoose={(on) =>
                  setChosen(
                    on ? [...chosen, group.vin].slice(-MAX_CHOSEN) : chosen.filter((v) => v !== group.vin),
                  )
                }
                note={notes[group.vin] ?? ''}
                onSaveNote={(text) => saveNote(group.vin, text)}
                onCompare={() => {
                  setCompare(group.vin);
                  window.scrollTo({ top: 0 });
                }}
              />
            ))}
          </ul>
          {shown.length > limit && (
            <button type="button" onClick={() => setLimit(limit + PAGE)}>
              Show {Math.min(PAGE, shown.length - limit)} more of {shown.length - limit}
            </button>
          )}
        </>
      )}
    </main>
  );
}
