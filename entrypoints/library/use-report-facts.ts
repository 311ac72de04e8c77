// The key facts of the reports kept offline: those read before at once, then the rest read here, a
// report at a time (this page has a DOMParser; Chrome's worker has none), each kept by the background
// as soon as it is read, so a page closed half-way goes on where it stopped next time. Parsed inert:
// DOMParser runs no script and loads nothing; a state script is read as JSON text (lib/reports/facts/).
import { useEffect, useState } from 'preact/hooks';
import type { Provider } from '@/lib/domain';
import { ask } from '@/lib/messaging/messaging';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';
import { reportKey } from '@/lib/reports/report-key';

/** How long the page reads before it shows what it read and lets the user's input through. */
const SLICE_MS = 50;

export interface ReportFactsState {
  facts: Record<string, ReportFacts>;
  /** Kept reports whose facts are still being read. */
  reading: number;
}

/** What reading one report needs: its key and its HTML (a report just opened in the comparison). */
export interface OpenedReport {
  provider: Provider;
  id: string;
  html: string;
  savedOffline: boolean;
}

export function useReportFacts(): ReportFactsState & { readOpened(report: OpenedReport): void } {
  const [state, setState] = useState<ReportFactsState>({ facts: {}, reading: 0 });
  /** A report opened here (the comparison fetched it by id, and kept it): its facts at once. */
  const readOpened = (report: OpenedReport) => {
    const key = reportKey(report);
    const facts = extractFacts(new DOMParser().parseFromString(report.html, 'text/html'));
    setState((current) =>
      current.facts[key] ? current : { ...current, facts: { ...current.facts, [key]: facts } },
    );
    if (report.savedOffline) void ask('saveReportFacts', { provider: report.provider, id: report.id, facts });
  };
  useEffect(() => {
    let stopped = false;
    (async () => {
      const list = await ask('getReportFacts', undefined);
      if (!list.ok || stopped) return;
      const { pending, facts: kept } = list.value;
      setState((current) => ({ facts: { ...kept, ...current.facts }, reading: pending.length }));
      const parser = new DOMParser();
      let sliceStart = performance.now();
      let read: Record<string, ReportFacts> = {};
      for (const [i, report] of pending.entries()) {
        const body = await ask('getKeptReport', report);
        if (stopped) return;
        if (body.ok) {
          const found = extractFacts(parser.parseFromString(body.value.html, 'text/html'));
          read[reportKey(report)] = found;
          await ask('saveReportFacts', { ...report, facts: found });
        }
        if (performance.now() - sliceStart > SLICE_MS || i === pending.length - 1) {
          const slice = read;
          read = {};
          const remaining = pending.length - i - 1;
          setState((current) => ({ facts: { ...current.facts, ...slice }, reading: remaining }));
          await new Promise((resolve) => setTimeout(resolve));
          sliceStart = performance.now();
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, []);
  return { ...state, readOpened };
}
