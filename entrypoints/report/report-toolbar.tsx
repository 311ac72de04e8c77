// The viewer's toolbar: what the report is in one line (its date from the service's list of reports
// held: a report fetched by id carries none), its key facts seen without a click, and what can be
// done with it, the less used behind "More actions" on a phone so the report fills the screen
// (issue 56).
import { useState } from 'preact/hooks';
import { downloadFile } from '@/components/download-file';
import { useProviderNames } from '@/components/use-provider-names';
import type { Account } from '@/lib/account/account-messages';
import { providerLabel } from '@/lib/account/provider-names';
import type { Provider, ReportSummary } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import type { ReportView } from '@/lib/purchases/purchase-messages';
import { newRecordsText } from '@/lib/records/new-records';
import type { NewRecords } from '@/lib/records/page-messages';
import { type RemoteLoads, savedReportDocument } from '@/lib/reports/report-document';
import { reportUrl } from '@/lib/reports/report-url';

interface ToolbarProps {
  report: ReportView;
  /** The sanitised document shown in the frame: what "Save as HTML" writes. */
  document: string;
  other: { provider: Provider; held: ReportSummary | undefined };
  remote: { count: RemoteLoads; allowed: boolean; toggle(): void };
  /** The key facts block at the top of the report's document (off: the report as it was made). */
  facts: { shown: boolean; toggle(): void };
  /** NHTSA's free facts under the toolbar (components/free-facts-lines.tsx), asked when first shown. */
  free: { shown: boolean; toggle(): void };
  /** Set right after the purchase (the confirmation window came here): the receipt is shown. */
  receipt?: Account | null;
  /** When the service says the report was created (its list of reports held); null until known. */
  created: string | null;
  /** The report's key facts in one line (lib/reports/facts/facts-line.ts); null when none read. */
  summary: string | null;
}

export function ReportToolbar({
  report,
  document: html,
  other,
  remote,
  facts,
  free,
  receipt,
  created,
  summary,
}: ToolbarProps) {
  const [copied, setCopied] = useState(false);
  const [menu, setMenu] = useState(false);
  const names = useProviderNames();
  const [since, setSince] = useState<Result<NewRecords> | 'checking' | null>(null);
  const checkNew = async () => {
    setSince('checking');
    setSince(
      await ask('checkNewRecords', { vin: report.vin, report: { provider: report.provider, id: report.id } }),
    );
  };
  const save = () =>
    downloadFile(
      savedReportDocument(html),
      'text/html',
      `${report.provider}-report-${report.id}-${report.vin}.html`,
    );
  const copy = async () => {
    await navigator.clipboard.writeText(report.vin);
    setCopied(true);
  };
  return (
    <header class="toolbar">
      <div class="facts">
        <strong>{providerLabel(names, report.provider)}</strong>
        <span>{report.yearMakeModel}</span>
        <span data-testid="report-vin">{report.vin}</span>
        {created && (
          <span class="muted" data-testid="report-date">
            bought {new Date(created).toLocaleDateString()}
          </span>
        )}
        {receipt === undefined && report.fromLibrary && (
          <span class="muted">(opened from your saved copy)</span>
        )}
      </div>
      {summary && (
        <p class="summary" data-testid="facts-summary">
          {summary}
        </p>
      )}
      {receipt !== undefined && (
        <p class="receipt" role="status" data-testid="receipt">
          <strong>Bought just now:</strong> the {report.provider} report for {report.vin} · 1 credit spent
          {receipt ? ` · ${plural(receipt.limits.credits, 'credit')} left` : ''}
          {report.savedOffline
            ? ' · saved on this computer'
            : ' · the browser would not keep a copy on this computer: it opens from the service'}
        </p>
      )}
      <div class="actions">
        {other.held ? (
          <a class="button" href={reportUrl(other.provider, other.held.id)}>
            Open the {providerLabel(names, other.provider)} report
          </a>
        ) : (
          <a class="button paid" href={`confirm.html?vin=${report.vin}`}>
            Get the {providerLabel(names, other.provider)} report · 1 credit…
          </a>
        )}
        <button type="button" class="more-toggle" aria-expanded={menu} onClick={() => setMenu(!menu)}>
          More actions
        </button>
        <div class={menu ? 'more open' : 'more'}>
          <button type="button" aria-pressed={facts.shown} onClick={facts.toggle}>
            Key facts
          </button>
          <button type="button" aria-pressed={free.shown} onClick={free.toggle}>
            Free facts (NHTSA)
          </button>
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
          <button type="button" onClick={save}>
            Save as HTML
          </button>
          <button type="button" onClick={copy}>
            {copied ? 'VIN copied' : 'Copy VIN'}
          </button>
          {since === null && (
            <button type="button" onClick={checkNew}>
              Check for new records · 1 record check
            </button>
          )}
          {remote.count.images > 0 && (
            <label class="remote">
              <input type="checkbox" checked={remote.allowed} onChange={remote.toggle} /> Load{' '}
              {plural(remote.count.images, 'remote image')}
            </label>
          )}
          {remote.count.others > 0 && (
            <span class="muted remote" data-testid="blocked-loads">
              {plural(remote.count.others, 'other remote load')} (stylesheets, fonts, media, frames) always
              blocked
            </span>
          )}
        </div>
      </div>
      {since === 'checking' && <p class="muted">Checking for new records…</p>}
      {since && since !== 'checking' && (
        <p class={since.ok ? 'since' : 'since error'} role="status" data-testid="since">
          {since.ok ? newRecordsText(since.value, names) : since.error.message}
        </p>
      )}
    </header>
  );
}
