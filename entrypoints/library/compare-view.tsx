// The providerA and providerB reports of one vehicle side by side, each in its own sandboxed frame
// (components/report-frame.tsx: sanitised, no script, no extension access). Opening them is free:
// from the offline library, or fetched again by id.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { ReportFrame, useReportDocument } from '@/components/report-frame';
import type { Provider } from '@/lib/domain';
import type { Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import type { ReportView } from '@/lib/purchases/purchase-messages';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';
import { reportKey } from '@/lib/reports/report-key';
import type { VehicleGroup } from '@/lib/reports/vehicle-groups';
import { FactsTable } from './facts-table';

function Side({
  provider,
  id,
  vin,
  onOpened,
}: {
  provider: Provider;
  id: string;
  vin: string;
  onOpened(report: ReportView): void;
}) {
  const [report, setReport] = useState<Result<ReportView> | null>(null);
  useEffect(() => {
    setReport(null);
    ask('openReport', { provider, id }).then((opened) => {
      setReport(opened);
      if (opened.ok) onOpened(opened.value);
    });
  }, [provider, id]);
  const srcdoc = useReportDocument(report?.ok ? report.value : null, false);
  return (
    <section class="compare-side" aria-label={`${provider} report`}>
      <h3>{provider}</h3>
      {report === null && <p class="muted">Opening the {provider} report…</p>}
      {report && !report.ok && <ErrorNotice error={report.error} />}
      {report?.ok && (
        <ReportFrame title={`${provider} report for ${vin}`} srcdoc={srcdoc} class="compare-frame" />
      )}
    </section>
  );
}

export function CompareView({
  group,
  facts,
  onOpened,
  onClose,
}: {
  group: VehicleGroup;
  facts: Record<string, ReportFacts>;
  /** A report opened here: its key facts are read at once (it is kept offline from now on). */
  onOpened(report: ReportView): void;
  onClose(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [group.vin]);
  // The newest report of each provider.
  const a = group.reports.find((r) => r.provider === 'providerA');
  const b = group.reports.find((r) => r.provider === 'providerB');
  return (
    <section class="compare" aria-labelledby="compare-heading">
      <div class="compare-head">
        <h2 id="compare-heading" tabIndex={-1} ref={heading}>
          {group.yearMakeModel || 'Vehicle'} <code>{group.vin}</code>: both reports
        </h2>
        <button type="button" onClick={onClose}>
          Close comparison
        </button>
      </div>
      <FactsTable
        caption="Key facts of both reports"
        columns={[a, b].flatMap((r) => (r ? [{ label: r.provider, facts: facts[reportKey(r)] }] : []))}
      />
      <div class="compare-sides">
        {a && <Side provider="providerA" id={a.id} vin={group.vin} onOpened={onOpened} />}
        {b && <Side provider="providerB" id={b.id} vin={group.vin} onOpened={onOpened} />}
      </div>
    </section>
  );
}
