// One provider's offer: its record count, the report the user holds (opens free), a purchase under
// way or unconfirmed (no Buy until it settles), an unresolved one (Buy only past an explicit
// acknowledgement), or the purchase.
import { useState } from 'preact/hooks';
import { providerWithWire } from '@/lib/account/provider-names';
import type { Provider, ReportSummary } from '@/lib/domain';
import { plural } from '@/lib/plural';
import type { PurchaseStatus } from '@/lib/purchases/purchase-messages';
import { reportUrl } from '@/lib/reports/report-url';
import { isOpen } from './use-purchase-status';

interface OfferProps {
  provider: Provider;
  /** The user's name for it, if any: shown beside the API's name where money is spent. */
  displayName?: string | undefined;
  records: number | undefined;
  held: ReportSummary | undefined;
  leftToday: number | undefined;
  credits: number | undefined;
  /** Any purchase under way in this window: every buy button waits. */
  busy: boolean;
  buying: boolean;
  /** The newest purchase of this report, as the background holds it. */
  status: PurchaseStatus | null;
  onBuy(options: { buyAgain?: boolean; overrideUnresolved?: boolean }): void;
}

export function ProviderOffer({
  provider,
  displayName,
  records,
  held,
  leftToday,
  credits,
  busy,
  buying,
  status,
  onBuy,
}: OfferProps) {
  const [acknowledged, setAcknowledged] = useState(false);
  const blocked =
    credits === undefined || leftToday === undefined
      ? 'Checking your credits…'
      : credits <= 0
        ? 'No credits left.'
        : leftToday <= 0
          ? `Today's ${provider} allowance is used up.`
          : null;
  const unresolved = status?.state === 'unresolved';
  return (
    <section class="offer" aria-label={`${provider} report`}>
      <h2>{providerWithWire({ [provider]: displayName }, provider)}</h2>
      <p>{records === undefined ? 'Records: checking…' : plural(records, 'record')}</p>
      {leftToday !== undefined && <p class="muted">{leftToday} reports left today</p>}
      {isOpen(status) ? (
        <div class="notice warn" role="status" data-testid={`pending-${provider}`}>
          {status?.message}
        </div>
      ) : held ? (
        <>
          <a class="button primary" href={reportUrl(provider, held.id)}>
            Open your report (free)
          </a>
          <p class="muted">
            Bought {new Date(held.createdAt).toLocaleDateString()}.{' '}
            <button
              type="button"
              class="link"
              disabled={busy || blocked !== null}
              onClick={() => onBuy({ buyAgain: true })}
            >
              Buy a new one anyway (1 credit)
            </button>
          </p>
        </>
      ) : unresolved ? (
        <div class="notice warn" data-testid={`unresolved-${provider}`}>
          <p>{status?.message}</p>
          <label class="inline">
            <input
              type="checkbox"
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.currentTarget.checked)}
            />
            I understand I may be charged twice
          </label>
          <button
            type="button"
            disabled={!acknowledged || busy || blocked !== null}
            onClick={() => onBuy({ overrideUnresolved: true })}
          >
            Buy again anyway (1 credit)
          </button>
        </div>
      ) : (
        <>
          {records === 0 && (
            <p class="notice warn" data-testid={`no-records-${provider}`}>
              No records: the report may be empty.
            </p>
          )}
          <button
            type="button"
            class="primary buy"
            disabled={busy || blocked !== null}
            onClick={() => onBuy({})}
          >
            {buying ? 'Buying…' : `Buy the ${displayName || provider} report (1 credit)`}
          </button>
          {credits !== undefined && credits > 0 && (
            <p class="muted" data-testid={`after-${provider}`}>
              1 credit · {plural(credits - 1, 'credit')} left after
            </p>
          )}
        </>
      )}
      {!held && blocked && <p class="muted">{blocked}</p>}
    </section>
  );
}
