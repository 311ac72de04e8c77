// The fair-price gauge in words (issue 57), for the badge's panel, the watched page and the CSVs:
// the rating and its figures ("Good price: about $1,400 below 23 similar 2017-2021 Honda Accords
// you've seen, mileage-adjusted; fair range $18,900-$21,300"), or what is missing. Pure.
import { MIN_COMPARABLES, YEAR_SPAN } from '../market/fair-price';
import type { HistoryLine } from './history-words';
import type { MarketAnswer } from './market-answer';

const RATING_WORDS = {
  great: 'Great price',
  good: 'Good price',
  fair: 'Fair price',
  high: 'High price',
  overpriced: 'Overpriced',
} as const;

/** An estimate in its currency, to the hundred (its error is several hundred): "$21,300", "27,000 CAD". */
export function priceIn(value: number, currency: string): string {
  const digits = (Math.round(value / 100) * 100).toLocaleString('en-US');
  return currency === 'USD' ? `$${digits}` : `${digits} ${currency}`;
}

/** "similar 2017-2021 Honda Accords". */
function similar({ year, make, model }: MarketAnswer, count: number): string {
  const models = /s$/i.test(model) || count === 1 ? model : `${model}s`;
  return `similar ${year - YEAR_SPAN}-${year + YEAR_SPAN} ${make} ${models}`;
}

/** The gauge's line: a finding with its tone, or what it still needs (neutral, not a finding). */
export function marketLine(market: MarketAnswer): HistoryLine {
  const { gauge, price, currency } = market;
  if (!gauge)
    return {
      // Enough cars, but too many of their prices set aside as unusual to leave 12 (fair-price.ts).
      text:
        market.comparables >= MIN_COMPARABLES
          ? `Too few usual prices among the ${market.comparables} ${similar(market, 2)} you've seen to judge the price.`
          : `${MIN_COMPARABLES} ${similar(market, 2)}${market.currency === 'USD' ? '' : ` priced in ${market.currency}`} needed to judge the price; you've seen ${market.comparables}.`,
      tone: 'neutral',
      finding: false,
    };
  const range = `fair range ${priceIn(gauge.low, currency)}-${priceIn(gauge.high, currency)}`;
  const basis = `${gauge.comparables} ${similar(market, gauge.comparables)} you've seen, ${market.mileageAdjusted ? 'mileage-adjusted' : 'at a typical mileage (this listing states none)'}`;
  if (price === undefined || !gauge.rating)
    return {
      text: `Similar cars ask about ${priceIn(gauge.estimate, currency)} (${range}), from ${basis}.`,
      tone: 'neutral',
      finding: true,
    };
  const gap = price - gauge.estimate;
  const where =
    Math.abs(gap) < gauge.estimate * 0.01
      ? `about the price of ${basis}`
      : `about ${priceIn(Math.abs(gap), currency)} ${gap < 0 ? 'below' : 'above'} ${basis}`;
  const tone =
    gauge.rating === 'great' || gauge.rating === 'good'
      ? 'good'
      : gauge.rating === 'fair'
        ? 'neutral'
        : 'warn';
  return { text: `${RATING_WORDS[gauge.rating]}: ${where}; ${range}.`, tone, finding: true };
}

/** How the gauge is worked out, behind the panel's "How?": one paragraph, the same everywhere. */
export const MARKET_EXPLAINED = `Worked out on this device from the listings you have seen, nothing fetched or sent: cars of the same make and model, model years within ${YEAR_SPAN}, priced in the same currency, each car once at its latest price, branded titles never mixed with clean ones, never from fewer than ${MIN_COMPARABLES}. Their asking prices are fitted to mileage, model year and trim, unusual prices set aside; the fair range holds 8 in 10 such prices. Great and good are the cheapest 10 % and 30 % of that spread, high and overpriced the dearest 30 % and 10 %. Not an appraisal: condition, options, history and location are not seen.`;

/** The gauge in a table's cell (the workbench): "Good price · $20,000 ($18,900-$21,300), 23 cars". */
export function marketCell(market: MarketAnswer): string {
  const { gauge, currency } = market;
  if (!gauge)
    return market.comparables >= MIN_COMPARABLES
      ? `too few usual prices among ${market.comparables} similar cars`
      : `${market.comparables} of ${MIN_COMPARABLES} similar cars seen`;
  const range = `${priceIn(gauge.estimate, currency)} (${priceIn(gauge.low, currency)}-${priceIn(gauge.high, currency)}), ${gauge.comparables} cars`;
  return gauge.rating ? `${RATING_WORDS[gauge.rating]} · ${range}` : `About ${range}`;
}
