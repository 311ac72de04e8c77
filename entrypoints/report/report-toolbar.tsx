// The viewer's toolbar: what the report is, and what can be done with it.
import { useState } from 'preact/hooks';
import { downloadFile } from '@/components/download-file';
import type { Provider, ReportSummary } from '@/lib/api/schemas';
import type { ReportView } from '@/lib/message-shapes';
import { plural } from '@/lib/plural';
import type { RemoteLoads } from '@/lib/report-document';
import { reportUrl } from '@/lib/report-url';

interface ToolbarProps {
  report: ReportView;
  /** The sanitised document shown in the frame: what "Save as HTML" writes. */
  document: string;
  other: { provider: Provider; held: ReportSummary | undefined };
  remote: { count: RemoteLoads; allowed: boolean; toggle(): void };
}

export function ReportToolbar({ report, document: html, other, remote }: ToolbarProps) {
  const [copied, setCopied] = useState(false);
  const save = () =>
    downloadFile(html, 'text/html', `${report.provider}-report-${report.id}-${report.vin}.html`);
  const copy = async () => {
    await navigator.clipboard.writeText(report.vin);
    setCopied(true);
  };
  return (
    <header class="toolbar">
      <div class="facts">
        <strong>{report.provider}</strong>
        <span data-testid="report-vin">{report.vin}</span>
        <span>{report.yearMakeModel}</span>
        <span class="muted">bought {new Date(report.createdAt).toLocaleDateString()}</span>
        {report.fromLibrary && <span class="muted">(saved copy)</span>}
      </div>
      <div class="actions">
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" onClick={save}>
          Save as HTML
        </button>
        <button type="button" onClick={copy}>
          {copied ? 'VIN copied' : 'Copy VIN'}
        </button>
        {other.held ? (
          <a class="button" href={reportUrl(other.provider, other.held.id)}>
            Open the {other.provider} report
          </a>
        ) : (
          <a class="button" href={`confirm.html?vin=${report.vin}`}>
            Get the {other.provider} report…
          </a>
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
    </header>
  );
}
