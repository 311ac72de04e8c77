// The viewer's toolbar: what the report is, and what can be done with it.
import { useState } from 'preact/hooks';
import type { Provider, ReportSummary } from '@/lib/api/schemas';
import type { ReportView } from '@/lib/message-shapes';

interface ToolbarProps {
  report: ReportView;
  /** The sanitised document shown in the frame: what "Save as HTML" writes. */
  document: string;
  other: { provider: Provider; held: ReportSummary | undefined };
  remote: { count: number; allowed: boolean; toggle(): void };
}

export function ReportToolbar({ report, document: html, other, remote }: ToolbarProps) {
  const [copied, setCopied] = useState(false);
  const save = () => {
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: `${report.provider}-report-${report.id}-${report.vin}.html`,
    });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
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
          <a
            class="button"
            href={`report.html?provider=${other.provider}&id=${encodeURIComponent(other.held.id)}`}
          >
            Open the {other.provider} report
          </a>
        ) : (
          <a class="button" href={`confirm.html?vin=${report.vin}`}>
            Get the {other.provider} report…
          </a>
        )}
        {remote.count > 0 && (
          <label class="remote">
            <input type="checkbox" checked={remote.allowed} onChange={remote.toggle} /> Load {remote.count}{' '}
            remote image
            {remote.count === 1 ? '' : 's'}
          </label>
        )}
      </div>
    </header>
  );
}
