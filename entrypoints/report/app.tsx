// The report viewer: a purchased report's HTML in a frame that can run no script and reach
// nothing of the extension (sandbox without allow-scripts or allow-same-origin), behind a strict
// content security policy; remote images only on request; the report's look (stylesheets, fonts,
// images) from its complete copy once the user has kept one (lib/reports/offline/).

import { useEffect, useMemo, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { FreeFactsLines } from '@/components/free-facts-lines';
import { ReportFrame, useReportDocument } from '@/components/report-frame';
import type { Account } from '@/lib/account/account-messages';
import { Provider } from '@/lib/domain';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import type { ReportView } from '@/lib/purchases/purchase-messages';
import { findHeld } from '@/lib/purchases/purchase-rules';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsLine } from '@/lib/reports/facts/facts-line';
import { countRemoteResources } from '@/lib/reports/report-document';
import { normalizeVin } from '@/lib/vin/vin-syntax';
import { CompleteCopyPanel } from './complete-copy-panel';
import { ReportToolbar } from './report-toolbar';
import { useCompleteCopy } from './use-complete-copy';

type State =
  | { step: 'loading' }
  | { step: 'ready'; report: ReportView }
  | { step: 'failed'; error: ErrorData };

function requested(): { provider: Provider; id: string } | null {
  const params = new URLSearchParams(location.search);
  const provider = Provider.safeParse(params.get('provider'));
  const id = params.get('id');
  return provider.success && id ? { provider: provider.data, id } : null;
}

export function App() {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [account, setAccount] = useState<Account | null>(null);
  /** The account is only needed for the other provider's report: its failure is shown, the report still is. */
  const [accountError, setAccountError] = useState<ErrorData | null>(null);
  const [allowRemote, setAllowRemote] = useState(false);
  const asked = requested();
  // Opened by the confirmation window right after the purchase: a receipt instead of "saved copy".
  const bought = new URLSearchParams(location.search).get('bought') === '1';

  useEffect(() => {
    if (!asked) {
      setState({
        step: 'failed',
        error: { kind: 'invalid-input', message: 'This page needs a provider and a report id.' },
      });
      return;
    }
    ask('openReport', asked).then((result) =>
      setState(result.ok ? { step: 'ready', report: result.value } : { step: 'failed', error: result.error }),
    );
    // Just bought: the purchase has already put the report and the balance after it in the cached
    // account (entrypoints/background/purchases/after-purchase.ts), so no fresh read of a dealer's whole list.
    ask('getAccount', undefined).then((r) => (r.ok ? setAccount(r.value) : setAccountError(r.error)));
  }, []);

  const report = state.step === 'ready' ? state.report : null;
  const [showFacts, setShowFacts] = useState(false);
  const [showFree, setShowFree] = useState(false);
  const complete = useCompleteCopy(report);
  // Drawn once whether a complete copy is kept is known: the report is not shown bare, then again.
  const srcdoc = useReportDocument(
    complete.copy === undefined ? null : report,
    allowRemote,
    showFacts,
    complete.copy?.files,
  );
  const remoteCount = useMemo(
    () => (report ? countRemoteResources(report.html, new DOMParser()) : { images: 0, others: 0 }),
    [report],
  );
  // Its key facts, read once: in one line here, seen without a click (none said when the layout is
  // not known), and kept beside the report, so its vehicle's pills and panels say them from now on
  // (issue 64: a report just bought lands here; a kept one read once is not read again).
  const facts = useMemo(
    () => (report ? extractFacts(new DOMParser().parseFromString(report.html, 'text/html')) : null),
    [report],
  );
  useEffect(() => {
    if (report?.savedOffline && facts)
      void ask('saveReportFacts', { provider: report.provider, id: report.id, facts }).catch(() => undefined);
  }, [report, facts]);
  const summary = facts && facts.layout !== null ? factsLine(facts) : null;
  if (report) document.title = `${report.provider} report: ${report.vin}`;
  const vin = report ? normalizeVin(report.vin) : null;

  const other = report && (report.provider === 'providerA' ? 'providerB' : 'providerA');
  const otherHeld = report && other && account ? findHeld(account.reports, other, report.vin) : undefined;
  // The report's date as the service lists it: a report fetched by id carries none of its own.
  const created =
    (report &&
      account?.reports.find((r) => r.provider === report.provider && r.id === report.id)?.createdAt) ??
    null;

  return (
    <div class="viewer">
      {state.step === 'loading' && <p class="muted pad">Opening the report…</p>}
      {state.step === 'failed' && (
        <div class="pad">
          <h1>The report could not be opened</h1>
          <ErrorNotice error={state.error} />
        </div>
      )}
      {report && other && (
        <>
          <ReportToolbar
            report={report}
            document={srcdoc}
            other={{ provider: other, held: otherHeld }}
            remote={{
              count: complete.copy ? { images: 0, others: 0 } : remoteCount,
              allowed: allowRemote,
              toggle: () => setAllowRemote(!allowRemote),
            }}
            facts={{ shown: showFacts, toggle: () => setShowFacts(!showFacts) }}
            free={{ shown: showFree, toggle: () => setShowFree(!showFree) }}
            {...(bought ? { receipt: account } : {})}
            created={created}
            summary={summary}
            copy={<CompleteCopyPanel {...complete} />}
          />
          {showFree && (
            <section class="pad free-facts-panel" aria-label="Free facts from NHTSA">
              {vin ? (
                <FreeFactsLines vin={vin} claims={report.yearMakeModel} />
              ) : (
                <p class="muted">NHTSA decodes 17-character VINs only; this report's VIN is not one.</p>
              )}
            </section>
          )}
          {accountError && (
            <div class="pad">
              <ErrorNotice error={accountError} />
            </div>
          )}
          {/* Not drawn empty first: Chromium kept a frame's first, empty document when its srcdoc
              was filled in right after. */}
          {srcdoc && <ReportFrame title={`${report.provider} report for ${report.vin}`} srcdoc={srcdoc} />}
        </>
      )}
    </div>
  );
}
