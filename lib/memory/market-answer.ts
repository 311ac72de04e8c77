// The fair-price gauge for one vehicle from the memory (issue 57): its own listing (the one asked
// about, else its latest with a price) as the target, the cars of its make and model seen (one record
// of the `models` store: model-cars.ts) as the comparables. Pure: the background hands it the
// listings, the record and the time.
import { z } from 'zod/mini';
import { comparablesOf, fairPrice, type PriceTarget, type SeenVehicle } from '../market/fair-price';
import type { ListingMemory } from './listing-memory';
import { type CarRow, lastStated, type ModelCars, milesOf } from './model-cars';

export const MarketAnswer = z.object({
  year: z.number(),
  make: z.string(),
  model: z.string(),
  currency: z.string(),
  /** What this listing asks; absent when it states no price. */
  price: z.optional(z.number()),
  /** The vehicles compared: enough for a gauge, or how many so far. */
  comparables: z.number(),
  /** The estimate at the listing's mileage; false when it states none (the typical mileage then). */
  mileageAdjusted: z.boolean(),
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
        miles: z.number(),
        /** Minutes since 1970. */
        seen: z.number(),
      }),
    ),
  ),
});
export type MarketAnswer = z.infer<typeof MarketAnswer>;

/** One row of the model's cars as a car seen; null when it states no price or mileage (it still
 * names its vehicle: the target's row). */
function seenOf(row: CarRow, make: string, model: string): SeenVehicle | null {
  const [vin, site, year, trim, brand, price, currency, miles, last] = row;
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
  };
}

/**
 * The gauge for the vehicle of `own` (its listings; `current` the one asked about) from `cars` (its
 * make and model's record, its rows within the retention); null when no row names the vehicle.
 * `list`: the comparables themselves too (the extension's pages; their links from `links`).
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
  // Its listing asked about, else its newest listing that states a price, else its newest.
  const listing =
    own.find((l) => l.k === current && l.mm) ??
    [...own]
      .filter((l) => l.mm)
      .sort(
        (a, b) =>
          Number(Boolean(lastStated(b.prices))) - Number(Boolean(lastStated(a.prices))) || b.last - a.last,
      )[0];
  const row = mine.find((r) => r[1] === listing?.site) ?? (mine[0] as CarRow);
  const [, , year, trim, brand] = row;
  const price = listing && lastStated(listing.prices);
  const miles = listing && milesOf(lastStated(listing.miles));
  // With no price stated, the currency is unknown: US dollars are assumed only to count the cars a
  // gauge would need, never to rate (there is no price to rate).
  const currency = price?.[2] ?? 'USD';
  const seen = cars.cars.flatMap((r) => seenOf(r, cars.make, cars.model) ?? []);
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
  const comparables = comparablesOf(base, seen, now);
  const typical = comparables.map((c) => c.miles).sort((a, b) => a - b)[comparables.length >> 1] ?? 0;
  const gauge = fairPrice({ ...base, miles: miles ?? typical }, seen, now);
  return {
    year,
    make: cars.make,
    model: cars.model,
    currency,
    ...(price ? { price: price[1] } : {}),
    comparables: gauge?.comparables ?? comparables.length,
    mileageAdjusted: miles !== undefined,
    gauge,
    ...(list
      ? {
          cars: comparables
            .map((c) => ({
              site: c.site ?? '',
              vin: c.vin ?? '',
              year: c.year,
              ...(c.trim ? { trim: c.trim } : {}),
              price: c.price,
              miles: Math.round(c.miles),
              seen: Math.floor(c.seenAt / 60_000),
            }))
            .sort((a, b) => a.price - b.price),
        }
      : {}),
  };
}
