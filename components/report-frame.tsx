// A purchased report's HTML in a frame that can run no script and reach nothing of the extension:
// sanitised (lib/reports/report-document.ts, DOMPurify), sandboxed without allow-scripts or
// allow-same-origin, behind the document's own strict CSP. Used by the viewer and the library's
// side-by-side comparison, so both hold the same promise.
import DOMPurify from 'dompurify';
import { useMemo, useRef } from 'preact/hooks';
import type { Report } from '@/lib/domain';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsBlock } from '@/lib/reports/facts/facts-block';
import { type CopyFiles, copyResources } from '@/lib/reports/offline/copy-resources';
import { reportDocument } from '@/lib/reports/report-document';

/** The sandboxed document of a report (remote images only when allowed; its complete copy's files
 * joined in when it has one). */
export function useReportDocument(
  report: Report | null,
  allowRemote: boolean,
  withFacts = false,
  copy?: CopyFiles,
): string {
  return useMemo(() => {
    if (!report) return '';
    const parser = new DOMParser();
    // The key facts block, on request: by default the report is shown as its provider made it.
    let before: string | undefined;
    if (withFacts) {
      const raw = parser.parseFromString(report.html, 'text/html');
      const ids = new Set([...raw.querySelectorAll('[id]')].map((element) => element.id));
      before = factsBlock(extractFacts(raw), ids);
    }
    return reportDocument(
      report.html,
      { purify: DOMPurify, parser },
      {
        allowRemote,
        // Shown to the user: an image not loaded is a quiet box, not a broken-image icon.
        placeholders: true,
        ...(before ? { before } : {}),
        ...(copy ? { resources: copyResources(copy) } : {}),
      },
    );
  }, [report, allowRemote, withFacts, copy]);
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
  // A new frame for each new document, not a new srcdoc in the same frame: under load, Chromium kept
  // showing a frame's previous document after its srcdoc changed (a complete copy kept, the frame
  // still drawn plain 15 s later, in a full e2e run).
  const drawn = useRef({ srcdoc, frame: 0 });
  if (drawn.current.srcdoc !== srcdoc) drawn.current = { srcdoc, frame: drawn.current.frame + 1 };
  return (
    <iframe
      key={drawn.current.frame}
      title={title}
      class={className ?? 'report-frame'}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerpolicy="no-referrer"
      srcdoc={srcdoc}
    />
  );
}
