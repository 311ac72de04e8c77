// The fair-price gauge for one vehicle from the memory (issues 57, 61): the listing in view as the
// target (on the extension's pages, which show no listing, its newest listing that states a price,
// named), the cars of its make and model seen (one record of the `models` store: model-cars.ts) as
// the comparables, no seller's say over a few of them and none over its own car's. Pure: the
// background hands it the listings, the record and the time.
import { z } from 'zod/mini';
import { assessPrice, comparablesOf, type PriceTarget, type SeenVehicle } from '../market/fair-price';
import type { ListingMemory } from './listing-memory';
import { type CarRow, lastStated, legacySeller, type ModelCars, milesOf, sellerSite } from './model-cars';

/** No seller adds more than this many cars to another's comparables (the newest it showed). */
export const MAX_PER_SELLER = 3;

/** Why the listing's price is not rated: the fit's reasons (fair-price.ts), and the memory's own:
 * `no-price` it states none (or none in a stated currency), `not-kept` the page in view is not kept
 * (a private window, a site left out), `no-model` its title named no model. */
const Unrated = z.enum(['spread', 'unlike', 'price', 'no-price', 'not-kept', 'no-model']);
export type MarketUnrated = z.infer<typeof Unrated>;

export const MarketAnswer = z.object({
  year: z.number(),
  make: z.string(),
  model: z.string(),
  currency: z.string(),
  /** What the listing judged asks; absent when it states none. */
  price: z.optional(z.number()),
  /** The site of the listing judged, on the extension's pages (no listing is in view there). */
  site: z.optional(z.string()),
  /** The vehicles compared: enough for a gauge, or how many so far. */
  comparables: z.number(),
  /** How many sellers and sites they came from, and over how many days. */
  sellers: z.number(),
  sites: z.number(),
  days: z.number(),
  /** The estimate at the listing's mileage; false when it states none (the typical mileage then). */
  mileageAdjusted: z.boolean(),
  /** Why there is no rating though there is an estimate (or a listing to rate). */
  unrated: z.optional(Unrated),
  gauge: z.nullable(
    z.object({
      estimate: z.number(),
      low: z.number(),
      high: z.number(),
      comparables: z.number(),
      rating: z.nullable(z.enum(['great', 'good', 'fair', 'high', 'overpriced'])),
    }),
  ),
  /** The comparable cars themselves, for the extension's own pages only (never a content script:
   * other vehicles' listings are not a page's business). */
  cars: z.optional(
    z.array(
      z.object({
        site: z.string(),
        vin: z.string(),
        /** Its listing's address there (the watched page links it). */
        url: z.optional(z.string()),
        year: z.number(),
        trim: z.optional(z.string()),
        price: z.number(),
        /** Its price at the judged car's year, mileage and trim, by the estimate's fit (with a gauge). */
        adjusted: z.optional(z.number()),
        miles: z.number(),
        /** Minutes since 1970. */
        seen: z.number(),
      }),
    ),
  ),
});
export type MarketAnswer = z.infer<typeof MarketAnswer>;

interface SoldCar extends SeenVehicle {
  seller: string;
}

/** One row of the model's cars as a car seen; null when it states no price or mileage (it still
 * names its vehicle: the target's row). */
function seenOf(row: CarRow, make: string, model: string): SoldCar | null {
  const [vin, site, year, trim, brand, price, currency, miles, last, seller] = row;
  if (!currency || !(price > 0) || !(miles >= 0)) return null;
  return {
    vin,
    site,
    year,
    make,
    model,
    ...(trim ? { trim } : {}),
    ...(brand ? { titleBrand: brand } : {}),
    miles,
    price,
    currency,
    seenAt: last * 60_000,
    seller: seller || legacySeller(site, vin),
  };
}

/** The comparables with no seller over `MAX_PER_SELLER` (its newest) and none of `own`'s. */
export function sellerBound(cars: readonly SoldCar[], own: string | undefined): SoldCar[] {
  const count = new Map<string, number>();
  return [...cars]
    .sort((a, b) => b.seenAt - a.seenAt)
    .filter((car) => {
      const n = count.get(car.seller) ?? 0;
      count.set(car.seller, n + 1);
      return car.seller !== own && n < MAX_PER_SELLER;
    });
}

/** The listing judged: the one in view (`current`); on the extension's pages (null), the newest
 * that names a model and states a price, else the newest that names a model. */
function judged(own: readonly ListingMemory[], current: string | null) {
  if (current !== null) {
    const listing = own.find((l) => l.k === current);
    const why: MarketUnrated | undefined = !listing ? 'not-kept' : !listing.mm ? 'no-model' : undefined;
    return { listing, why };
  }
  const named = [...own].filter((l) => l.mm).sort((a, b) => b.last - a.last);
  return { listing: named.find((l) => lastStated(l.prices)) ?? named[0], why: undefined };
}

/**
 * The gauge for the vehicle of `own` (its listings; `current` the one in view, null on the
 * extension's pages) from `cars` (its make and model's record, its rows within the retention); null
 * when no row names the vehicle. `list`: the comparables themselves too (the extension's pages).
 */
export function marketFor(
  own: readonly ListingMemory[],
  current: string | null,
  cars: ModelCars,
  now: number,
  list = false,
): MarketAnswer | null {
  const vin = own[0]?.vin;
  const mine = cars.cars.filter((row) => row[0] === vin);
  if (!vin || mine.length === 0) return null;
  const { listing, why: notJudged } = judged(own, current);
  const row = (listing && mine.find((r) => r[1] === listing.site)) ?? (mine[0] as CarRow);
  const [, , year, trim, brand] = row;
  const price = listing && !notJudged ? lastStated(listing.prices) : undefined;
  const miles = listing && !notJudged ? milesOf(lastStated(listing.miles)) : undefined;
  // With no price stated, the currency is unknown: US dollars are assumed only to count the cars a
  // gauge would need, never to rate (there is no price to rate).
  const currency = price?.[2] ?? 'USD';
  const why = notJudged ?? (price ? undefined : 'no-price');
  // The seller of the listing judged: its other cars never judge it (a dealer's own inventory page).
  const ownSeller = listing && !notJudged ? row[9] || legacySeller(row[1], vin) : undefined;
  const base: PriceTarget = {
    vin,
    year,
    make: cars.make,
    model: cars.model,
    ...(trim ? { trim } : {}),
    ...(brand ? { titleBrand: brand } : {}),
    miles: 0,
    currency,
    ...(price ? { price: price[1] } : {}),
  };
  const seen = cars.cars.flatMap((r) => seenOf(r, cars.make, cars.model) ?? []);
  const comparables = sellerBound(comparablesOf(base, seen, now) as SoldCar[], ownSeller);
  const typical = comparables.map((c) => c.miles).sort((a, b) => a - b)[comparables.length >> 1] ?? 0;
  const { gauge, used, adjusted } = assessPrice({ ...base, miles: miles ?? typical }, comparables, now);
  const basis = (gauge ? used : comparables) as SoldCar[];
  const times = basis.map((c) => c.seenAt);
  const unrated = why ?? gauge?.unrated;
  return {
    year,
    make: cars.make,
    model: cars.model,
    currency,
    ...(price ? { price: price[1] } : {}),
    ...(current === null && listing ? { site: listing.site } : {}),
    comparables: gauge?.comparables ?? comparables.length,
    sellers: new Set(basis.map((c) => c.seller)).size,
    sites: new Set(basis.map((c) => sellerSite(c.seller))).size,
    days: times.length ? Math.floor((Math.max(...times) - Math.min(...times)) / 86_400_000) + 1 : 0,
    mileageAdjusted: miles !== undefined,
    ...(unrated && (gauge || why !== 'no-price') ? { unrated } : {}),
    gauge: gauge && {
      estimate: gauge.estimate,
      low: gauge.low,
      high: gauge.high,
      comparables: gauge.comparables,
      rating: why ? null : gauge.rating,
    },
    ...(list
      ? {
          cars: basis
            .map((c, i) => ({
              site: c.site ?? '',
              vin: c.vin ?? '',
              year: c.year,
              ...(c.trim ? { trim: c.trim } : {}),
              price: c.price,
              ...(gauge && adjusted[i] !== undefined ? { adjusted: adjusted[i] } : {}),
              miles: Math.round(c.miles),
              seen: Math.floor(c.seenAt / 60_000),
            }))
            .sort((a, b) => a.price - b.price),
        }
      : {}),
  };
}
