// One provider's offer: its record count, the report the user holds (opens free), or the purchase.
import type { Provider, ReportSummary } from '@/lib/api/schemas';
import { plural } from '@/lib/plural';
import { reportUrl } from '@/lib/report-url';

interface OfferProps {
  provider: Provider;
  records: number | undefined;
  held: ReportSummary | undefined;
  leftToday: number | undefined;
  credits: number | undefined;
  /** Any purchase under way: every buy button waits. */
  busy: boolean;
  buying: boolean;
  onBuy(buyAgain: boolean): void;
}

export function ProviderOffer({
  provider,
  records,
  held,
  leftToday,
  credits,
  busy,
  buying,
  onBuy,
}: OfferProps) {
  const blocked =
    credits === undefined || leftToday === undefined
      ? 'Checking your credits…'
      : credits <= 0
        ? 'No credits left.'
        : leftToday <= 0
          ? `Today's ${provider} allowance is used up.`
          : null;
  return (
    <section class="offer" aria-label={`${provider} report`}>
      <h2>{provider}</h2>
      <p>{records === undefined ? 'Records: checking…' : plural(records, 'record')}</p>
      {leftToday !== undefined && <p class="muted">{leftToday} reports left today</p>}
      {held ? (
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
              onClick={() => onBuy(true)}
            >
              Buy a new one anyway (1 credit)
            </button>
          </p>
        </>
      ) : (
        <button
          type="button"
          class="primary"
          disabled={busy || blocked !== null || records === 0}
          onClick={() => onBuy(false)}
        >
          {buying ? 'Buying…' : `Buy the ${provider} report (1 credit)`}
        </button>
      )}
      {!held && records === 0 && <p class="muted">No {provider} records for this VIN: nothing to buy.</p>}
      {!held && blocked && <p class="muted">{blocked}</p>}
    </section>
  );
}
