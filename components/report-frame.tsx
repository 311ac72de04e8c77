// A purchased report's HTML in a frame that can run no script and reach nothing of the extension:
// sanitised (lib/reports/report-document.ts, DOMPurify), sandboxed without allow-scripts or
// allow-same-origin, behind the document's own strict CSP. Used by the viewer and the library's
// side-by-side comparison, so both hold the same promise.
import DOMPurify from 'dompurify';
import { useMemo } from 'preact/hooks';
import type { Report } from '@/lib/domain';
import { reportDocument } from '@/lib/reports/report-document';

/** The sandboxed document of a report (remote images only when allowed). */
export function useReportDocument(report: Report | null, allowRemote: boolean): string {
  return useMemo(
    () =>
      report
        ? reportDocument(report.html, { purify: DOMPurify, parser: new DOMParser() }, { allowRemote })
        : '',
    [report, allowRemote],
  );
}

export function ReportFrame({
  title,
  srcdoc,
  class: className,
}: {
  title: string;
  srcdoc: string;
  class?: string;
}) {
  return (
    <iframe
      title={title}
      class={className ?? 'report-frame'}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerpolicy="no-referrer"
      srcdoc={srcdoc}
    />
  );
}
