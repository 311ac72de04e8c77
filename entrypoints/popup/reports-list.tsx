// The newest reports the user holds and a search over all of them (done by the background on the
// list it keeps: a dealer's thousands of reports are never rendered here); "All reports" opens the
// library page.
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { HEADLINE_REPORTS } from '@/lib/account/headline';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import type { ReportSummary } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import { heldFactsLine } from '@/lib/reports/facts/held-facts';
import type { ReportSearch } from '@/lib/reports/library-messages';
import { reportKey } from '@/lib/reports/report-key';
import { reportUrl } from '@/lib/reports/report-url';

/** Newest reports shown at once, and search matches shown at most. */
export const RECENT_REPORTS = HEADLINE_REPORTS;
const MATCHES = 10;

export function ReportsList({
  recent,
  count,
  names,
}: {
  recent: ReportSummary[];
  count: number;
  /** The user's names for the providers (the API's where none). */
  names: ProviderNames;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Result<ReportSearch> | null>(null);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching) return setFound(null);
    let current = true;
    ask('searchReports', { query, limit: MATCHES }).then((result) => current && setFound(result));
    return () => {
      current = false;
    };
  }, [query]);
  const shown = searching ? (found?.ok ? found.value.matches : []) : recent;
  // Their key facts' short line, where the library has read them (after the list is drawn: the
  // popup's first paint waits for nothing more).
  const [facts, setFacts] = useState<Record<string, string>>({});
  const shownKeys = shown.map(reportKey).join(' ');
  useEffect(() => {
    if (shown.length === 0) return;
    let current = true;
    ask('getFactLines', { reports: shown.map(({ provider, id }) => ({ provider, id })) }).then(
      (result) =>
        current &&
        result.ok &&
        setFacts(
          Object.fromEntries(
            Object.entries(result.value).flatMap(([key, held]) => {
              const line = heldFactsLine(held, names);
              return line ? [[key, line]] : [];
            }),
          ),
        ),
    );
    return () => {
      current = false;
    };
  }, [shownKeys, names]);
  return (
    <section aria-label="Your reports">
      <label for="report-search">Search your reports</label>
      <input
        id="report-search"
        type="search"
        value={query}
        placeholder="VIN, year, make or model"
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      {count === 0 && <p class="muted">You hold no reports yet.</p>}
      {found && !found.ok && <ErrorNotice error={found.error} />}
      {searching && found?.ok && found.value.total === 0 && <p class="muted">No report matches “{query}”.</p>}
      <ul class="reports" aria-label="Reports">
        {shown.map((r) => (
          <li key={reportKey(r)}>
            <a href={reportUrl(r.provider, r.id)} target="_blank" rel="noreferrer">
              {r.yearMakeModel || r.vin}
            </a>
            <div class="muted">
              {providerLabel(names, r.provider)} · <code>{r.vin}</code> ·{' '}
              {new Date(r.createdAt).toLocaleDateString()}
            </div>
            {facts[reportKey(r)] && (
              <div class="facts-short" data-testid="report-facts">
                {facts[reportKey(r)]}
              </div>
            )}
          </li>
        ))}
      </ul>
      {searching && found?.ok && found.value.total > found.value.matches.length && (
        <p class="muted">
          {found.value.matches.length} of {found.value.total} shown.
        </p>
      )}
      {count > 0 && (
        <a href="library.html" target="_blank" rel="noreferrer" data-testid="all-reports">
          All reports ({count}) in the library
        </a>
      )}
    </section>
  );
}
