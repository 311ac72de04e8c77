// The fair-price gauge in words (issues 57, 61), for the badge's panel, the watched page and the CSVs:
// the listing's price, the typical price and the usual range, so a rating cannot be read as more
// than it says ("Great price: $11,700 is $1,700 below the typical $13,400 for 30 similar 2011-2015
// Toyota Camrys you've seen (mileage-adjusted); most ask $12,500-$14,500"); or why there is none. Pure.
import { MIN_COMPARABLES, YEAR_SPAN } from '../market/fair-price';
import type { HistoryLine } from './history-words';
import { MAX_PER_SELLER, type MarketAnswer, type MarketUnrated } from './market-answer';

const RATING_WORDS = {
  great: 'Great price',
  good: 'Good price',
  fair: 'Fair price',
  high: 'High price',
  overpriced: 'Overpriced',
} as const;

/** Why a price is not rated, in a few words (after "Not rated: "). */
export const UNRATED_WORDS: Record<MarketUnrated, string> = {
  spread: 'the prices of similar cars vary too much to rate one',
  unlike: "this car's model year or mileage is unlike those of the cars seen",
  price: 'the price read is not one such a car asks',
  'no-price': 'this listing states no price',
  'not-kept': 'this page is not kept in your memory (a private window or a site you left out)',
  'no-model': "this listing's title names no model",
};

/** An estimate in its currency, to the hundred (its error is several hundred): "$21,300", "27,000 CAD". */
export function priceIn(value: number, currency: string): string {
  const digits = (Math.round(value / 100) * 100).toLocaleString('en-US');
  return currency === 'USD' ? `$${digits}` : `${digits} ${currency}`;
}

/** A listing's own price as it states it: "$11,750", "26,995 CAD". */
export const askedIn = (value: number, currency: string) =>
  currency === 'USD' ? `$${value.toLocaleString('en-US')}` : `${value.toLocaleString('en-US')} ${currency}`;

/** "similar 2017-2021 Honda Accords". */
function similar({ year, make, model }: MarketAnswer, count: number): string {
  const models = /s$/i.test(model) || count === 1 ? model : `${model}s`;
  return `similar ${year - YEAR_SPAN}-${year + YEAR_SPAN} ${make} ${models}`;
}

/** Why no rating, or undefined. */
const reasonOf = (market: MarketAnswer) => market.unrated && UNRATED_WORDS[market.unrated];

/** The gauge's line: a finding with its tone, or what it still needs (neutral, not a finding). */
export function marketLine(market: MarketAnswer): HistoryLine {
  const { gauge, price, currency } = market;
  const why = reasonOf(market);
  if (!gauge)
    return {
      text:
        market.unrated && market.unrated !== 'no-price'
          ? `No fair price: ${why}.`
          : market.comparables >= MIN_COMPARABLES
            ? `No fair price yet: too few usual prices among the ${market.comparables} ${similar(market, 2)} you've seen.`
            : `No fair price yet: ${MIN_COMPARABLES} ${similar(market, 2)}${market.currency === 'USD' ? '' : ` priced in ${market.currency}`} from several sellers are needed; you've seen ${market.comparables}.`,
      tone: 'neutral',
      finding: false,
    };
  const typical = priceIn(gauge.estimate, currency);
  const range = `most ask ${priceIn(gauge.low, currency)}-${priceIn(gauge.high, currency)}`;
  const basis = `${gauge.comparables} ${similar(market, gauge.comparables)} you've seen (${market.mileageAdjusted ? 'mileage-adjusted' : 'at a typical mileage: this listing states none'})`;
  if (price === undefined || !gauge.rating)
    return {
      text: `Similar cars ask about ${typical}: ${basis}; ${range}.${why ? ` Not rated: ${why}.` : ''}`,
      tone: 'neutral',
      finding: true,
    };
  const gap = price - gauge.estimate;
  const asked = `${askedIn(price, currency)}${market.site ? ` on ${market.site}` : ''}`;
  const where =
    Math.abs(gap) < gauge.estimate * 0.01
      ? `${asked} is about the typical ${typical} for ${basis}`
      : `${asked} is ${priceIn(Math.abs(gap), currency)} ${gap < 0 ? 'below' : 'above'} the typical ${typical} for ${basis}`;
  const tone =
    gauge.rating === 'great' || gauge.rating === 'good'
      ? 'good'
      : gauge.rating === 'fair'
        ? 'neutral'
        : 'warn';
  return { text: `${RATING_WORDS[gauge.rating]}: ${where}; ${range}.`, tone, finding: true };
}

/** How the gauge is worked out, behind the panel's "How?": one paragraph, the same everywhere. */
export const MARKET_EXPLAINED = `Worked out on this device from the listings you have seen, nothing fetched or sent: cars of the same make and model, model years within ${YEAR_SPAN} and a similar mileage, priced in the same currency, each car once at its latest price, branded titles never mixed with clean ones, at most ${MAX_PER_SELLER} from any one seller and none from the seller of the car judged, never from fewer than ${MIN_COMPARABLES}. Their asking prices are fitted to mileage, model year and trim, unusual cars set aside; 8 in 10 such cars ask within the range given. Great and good are the cheapest 10 % and 30 % of that spread, high and overpriced the dearest 30 % and 10 %. No rating when the cars seen disagree too much (the range's top over 1.5 times its bottom) or are unlike this one. Not an appraisal: condition, options, history and location are not seen.`;

/** Where the comparables came from: "30 cars from 3 sites and 12 sellers over 5 days." */
export function marketSources(market: MarketAnswer): string {
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  return `These ${n(market.comparables, 'car')} came from ${n(market.sites, 'site')} and ${n(market.sellers, 'seller')} over ${n(market.days, 'day')}.`;
}

/** The gauge in a table's cell (the workbench): "Good price · $20,000 ($18,900-$21,300), 23 cars". */
export function marketCell(market: MarketAnswer): string {
  const { gauge, currency } = market;
  const why = reasonOf(market);
  if (!gauge)
    return market.unrated && market.unrated !== 'no-price'
      ? `not rated: ${why}`
      : market.comparables >= MIN_COMPARABLES
        ? `too few usual prices among ${market.comparables} similar cars`
        : `${market.comparables} of ${MIN_COMPARABLES} similar cars seen`;
  const range = `${priceIn(gauge.estimate, currency)} (${priceIn(gauge.low, currency)}-${priceIn(gauge.high, currency)}), ${gauge.comparables} cars`;
  if (gauge.rating) return `${RATING_WORDS[gauge.rating]} · ${range}`;
  return why ? `About ${range}; not rated: ${why}` : `About ${range}`;
}
