// The viewer's toolbar, one row at a desktop's width (issue 65): what the report is (its date from the
// service's list of reports held: a report fetched by id carries none) with its key facts under it,
// seen without a click; the offer of a complete copy (`copy`); the other provider's report; and the
// less used actions under "More", a menu over the report, so the report fills the screen (issue 56).
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
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
  /** The complete copy's offer or state (complete-copy-panel.tsx), in the row. */
  copy?: ComponentChildren;
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
  copy: copyOffer,
}: ToolbarProps) {
  const [copied, setCopied] = useState(false);
  const [menu, setMenu] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  // A menu over the report: Escape or a click elsewhere closes it (focus back on "More" for Escape).
  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenu(false);
      menuRef.current?.parentElement?.querySelector<HTMLButtonElement>('.more-toggle')?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!menuRef.current?.parentElement?.contains(e.target as Node)) setMenu(false);
    };
    // The report's frame takes clicks of its own: focus leaving the page for it closes the menu too.
    const onBlur = () => setMenu(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
      window.removeEventListener('blur', onBlur);
    };
  }, [menu]);
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
      <div class="what">
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
      </div>
      {copyOffer}
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
        <button
          type="button"
          class="more-toggle"
          aria-expanded={menu}
          aria-controls="viewer-more"
          onClick={() => setMenu(!menu)}
        >
          More
        </button>
        <div id="viewer-more" class="more-menu" hidden={!menu} ref={menuRef}>
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
      {receipt !== undefined && (
        <p class="receipt" role="status" data-testid="receipt">
          <strong>Bought just now:</strong> the {report.provider} report for {report.vin} · 1 credit spent
          {receipt ? ` · ${plural(receipt.limits.credits, 'credit')} left` : ''}
          {report.savedOffline
            ? ' · saved on this computer'
            : ' · the browser would not keep a copy on this computer: it opens from the service'}
        </p>
      )}
      {since === 'checking' && <p class="muted">Checking for new records…</p>}
      {since && since !== 'checking' && (
        <p class={since.ok ? 'since' : 'since error'} role="status" data-testid="since">
          {since.ok ? newRecordsText(since.value, names) : since.error.message}
        </p>
      )}
    </header>
  );
}
