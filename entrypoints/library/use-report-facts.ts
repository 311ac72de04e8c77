// The key facts of the reports kept offline: those read before at once, then the rest read here, a
// report at a time (this page has a DOMParser; Chrome's worker has none), each kept by the background
// as soon as it is read, so a page closed half-way goes on where it stopped next time. Parsed inert:
// DOMParser runs no script and loads nothing; a state script is read as JSON text (lib/reports/facts/).
import { useEffect, useState } from 'preact/hooks';
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

export function useReportFacts(): ReportFactsState {
  const [state, setState] = useState<ReportFactsState>({ facts: {}, reading: 0 });
  useEffect(() => {
    let stopped = false;
    (async () => {
      const list = await ask('getReportFacts', undefined);
      if (!list.ok || stopped) return;
      let facts = list.value.facts;
      const { pending } = list.value;
      setState({ facts, reading: pending.length });
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
          facts = { ...facts, ...read };
          read = {};
          setState({ facts, reading: pending.length - i - 1 });
          await new Promise((resolve) => setTimeout(resolve));
          sliceStart = performance.now();
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, []);
  return state;
}
