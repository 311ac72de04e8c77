// The purchase confirmation: the extension's own window, which no web page can draw over. It says
// what the vehicle has, what the user holds, what a report costs, and buys only on a click here.
import { useEffect, useRef, useState } from 'preact/hooks';
import { BrandMark } from '@/components/brand-mark';
import { ErrorNotice } from '@/components/error-notice';
import { useProviderNames } from '@/components/use-provider-names';
import { type Account, generationOf } from '@/lib/account/account-messages';
import { PROVIDERS, type Provider, type RecordCounts } from '@/lib/domain';
import type { ErrorData } from '@/lib/errors/error-data';
import type { Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import { purchaseOutcomeMessage } from '@/lib/purchases/purchase-intent';
import type { PurchaseOutcome } from '@/lib/purchases/purchase-messages';
import { findHeld } from '@/lib/purchases/purchase-rules';
import { reportUrl } from '@/lib/reports/report-url';
import { describeVinProblem, normalizeVin } from '@/lib/vin/vin-syntax';
import { ProviderOffer } from './provider-offer';
import { usePurchaseStatus } from './use-purchase-status';

type Buying = { provider: Provider } | null;

export function App() {
  const names = useProviderNames();
  const typed = new URLSearchParams(location.search).get('vin') ?? '';
  const vin = normalizeVin(typed);
  const problem = vin ? describeVinProblem(vin) : describeVinProblem(typed);
  const [account, setAccount] = useState<Result<Account> | null>(null);
  const [counts, setCounts] = useState<Result<RecordCounts> | null>(null);
  const [buying, setBuying] = useState<Buying>(null);
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);

  useEffect(() => {
    if (!vin) return;
    document.title = `Vehicle history report: ${vin}`;
    // The cached account at once, then the service's current credits and reports.
    ask('getAccount', undefined).then(setAccount);
    ask('getAccount', { fresh: true }).then(setAccount);
    // Opening this window is the user asking about this vehicle; a badge's earlier check is reused.
    ask('getRecordCounts', { vin }).then(setCounts);
  }, [vin]);

  // Providers whose purchase this window got the answer to: that answer is shown, and the account it
  // left is the background's cached one (purchases.ts notes the report). A fresh read (the whole
  // report list, 1.5 MB for a dealer) is for a purchase whose answer was lost.
  const answered = useRef(new Set<Provider>());
  const { statuses, refresh } = usePurchaseStatus(vin && !problem ? vin : null, (settled) => {
    ask('getAccount', answered.current.has(settled.provider) ? undefined : { fresh: true }).then(setAccount);
    if (settled.state === 'held' && settled.reportId) {
      const reportId = settled.reportId;
      // A purchase whose answer this window never got (a stopped worker, a dropped connection) went
      // through; one it did get an answer for already says so.
      setFailure(null);
      setOutcome(
        (shown) =>
          shown ?? {
            status: 'recovered',
            provider: settled.provider,
            id: reportId,
            vin: settled.vin,
            yearMakeModel: '',
            message: purchaseOutcomeMessage(
              `The purchase went through after all: the ${settled.provider} report for ${settled.vin} is in your reports.`,
              settled.chargedTimes ?? 1,
            ),
            ...(settled.chargedTimes ? { chargedTimes: settled.chargedTimes } : {}),
          },
      );
    }
  });

  if (!vin || problem) {
    return (
      <main class="confirm">
        <h1>Get a vehicle history report</h1>
        <ErrorNotice
          error={{
            kind: 'invalid-input',
            message: `"${typed}" is not a VIN: ${problem ?? 'it cannot be read.'}`,
          }}
        />
      </main>
    );
  }

  async function buy(provider: Provider, options: { buyAgain?: boolean; overrideUnresolved?: boolean } = {}) {
    setBuying({ provider });
    setFailure(null);
    setOutcome(null);
    // Bound to the account this window shows: bought under no other key (purchases.ts refuses).
    const shown = account?.ok ? { generation: generationOf(account.value) } : {};
    const result = await ask('purchaseReport', { provider, vin: vin as string, ...options, ...shown });
    if (result.ok) answered.current.add(provider);
    setBuying(null);
    refresh();
    if (!result.ok) {
      // An unconfirmed purchase is shown in its offer, where it settles; other failures here.
      if (result.error.kind !== 'unknown-outcome') setFailure(result.error);
      ask('getAccount', { fresh: true }).then(setAccount);
      return;
    }
    setOutcome(result.value);
    // Charged more than once: stay, so the user reads it (the report is one click away).
    if (result.value.status !== 'held' && !result.value.chargedTimes)
      location.assign(`${reportUrl(provider, result.value.id)}&bought=1`);
  }

  const acc = account?.ok ? account.value : null;
  const vehicle = counts?.ok ? counts.value.vehicle : null;
  return (
    <main class="confirm">
      <p class="brand">
        <BrandMark />
        VIN History Lens · purchase confirmation
      </p>
      <h1>Get a vehicle history report</h1>
      <p class="vin-line">
        VIN <strong data-testid="confirm-vin">{vin}</strong>
        {vehicle && (vehicle.make || vehicle.model) && (
          <span> · {[vehicle.year || '', vehicle.make, vehicle.model].join(' ').trim()}</span>
        )}
      </p>
      {acc && (
        <p data-testid="balance">
          <strong>{plural(acc.limits.credits, 'credit')}</strong> now · a report costs 1 credit
        </p>
      )}
      {acc && acc.limits.credits <= 0 && (
        <div class="notice warn" role="status" data-testid="no-credits">
          <strong>You have no credits.</strong> Reports you own still open free; to buy one, add credits with
          your report service first.
        </div>
      )}
      {account && !account.ok && <ErrorNotice error={account.error} />}
      {counts && !counts.ok && <ErrorNotice error={counts.error} />}
      {failure && <ErrorNotice error={failure} />}
      {outcome && (
        <div
          class={outcome.chargedTimes ? 'notice warn' : 'notice ok'}
          role={outcome.chargedTimes ? 'alert' : 'status'}
        >
          {outcome.message}{' '}
          {outcome.status !== 'held' && <a href={reportUrl(outcome.provider, outcome.id)}>Open the report</a>}
        </div>
      )}
      <div class="offers">
        {PROVIDERS.map((provider) => (
          <ProviderOffer
            key={provider}
            provider={provider}
            displayName={names[provider]}
            records={counts?.ok ? counts.value.records[provider] : undefined}
            held={acc ? findHeld(acc.reports, provider, vin) : undefined}
            leftToday={
              acc
                ? provider === 'providerA'
                  ? acc.limits.providerAReportsLeftToday
                  : acc.limits.providerBReportsLeftToday
                : undefined
            }
            credits={acc?.limits.credits}
            busy={buying !== null}
            buying={buying?.provider === provider}
            status={statuses[provider] ?? null}
            onBuy={(options) => buy(provider, options)}
          />
        ))}
      </div>
      <p class="row cancel-row">
        <button type="button" onClick={() => window.close()}>
          {outcome ? 'Close' : 'Cancel'}
        </button>
        <span class="muted">Nothing is bought unless you press a Buy button above.</span>
      </p>
    </main>
  );
}
