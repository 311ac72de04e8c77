// The fair-price gauge for one vehicle from the memory (issue 57): its own listing (the one asked
// about, else its latest with a price) as the target, the listings of its make and model (the store's
// `mm` index) as the cars seen. Stored listings are read here without their schema (thousands for a
// popular model, and the badge waits): whatever is not a number or a string where expected is left
// out. Pure: the background hands it the listings and the time.
import { z } from 'zod/mini';
import { comparablesOf, fairPrice, type PriceTarget, type SeenVehicle } from '../market/fair-price';
import type { ListingMemory, Point } from './listing-memory';

const KM_PER_MILE = 1.609344;

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
});
export type MarketAnswer = z.infer<typeof MarketAnswer>;

/** The last point with a stated unit. */
const lastStated = (points: readonly Point[] | undefined) => {
  for (let i = (points?.length ?? 0) - 1; i >= 0; i--) {
    const point = points?.[i];
    if (point?.[2]) return point;
  }
  return undefined;
};

const asMiles = ([, value, unit]: Point) => (unit === 'km' ? value / KM_PER_MILE : value);

/** One stored listing as a car seen; null when it lacks what the gauge needs. */
function seenOf(value: unknown): SeenVehicle | null {
  const l = value as Partial<ListingMemory> & { k?: unknown };
  const car = l?.car;
  if (!Array.isArray(car) || typeof l.k !== 'string' || typeof l.last !== 'number') return null;
  const [year, make, model, trim, brand] = car;
  const price = Array.isArray(l.prices) ? lastStated(l.prices) : undefined;
  const miles = Array.isArray(l.miles) ? lastStated(l.miles) : undefined;
  if (typeof year !== 'number' || typeof make !== 'string' || typeof model !== 'string') return null;
  if (!price || !miles || typeof price[1] !== 'number' || typeof miles[1] !== 'number') return null;
  return {
    vin: l.k.slice(0, 17),
    year,
    make,
    model,
    ...(trim ? { trim } : {}),
    ...(brand ? { titleBrand: brand } : {}),
    miles: asMiles(miles),
    price: price[1],
    currency: price[2],
    seenAt: l.last * 60_000,
  };
}

/**
 * The gauge for the vehicle of `own` (its listings; `current` the one asked about), from `sameModel`
 * (the stored listings of its make and model, as read); null when no listing of it names the vehicle.
 */
export function marketFor(
  own: readonly ListingMemory[],
  current: string | null,
  sameModel: readonly unknown[],
  now: number,
): MarketAnswer | null {
  const named = own.filter((l) => l.car);
  const target =
    named.find((l) => l.k === current) ??
    [...named].sort(
      (a, b) =>
        Number(Boolean(lastStated(b.prices))) - Number(Boolean(lastStated(a.prices))) || b.last - a.last,
    )[0];
  if (!target?.car) return null;
  const [year, make, model, trim, brand] = target.car;
  const price = lastStated(target.prices);
  const miles = lastStated(target.miles);
  // Its own listings' currency; with no price, the currency its site states elsewhere is unknown: US dollars
  // are assumed only for naming the cars needed, never for a rating (there is no price to rate).
  const currency = price?.[2] ?? 'USD';
  const seen = sameModel.map(seenOf).filter((s): s is SeenVehicle => s !== null);
  const base: PriceTarget = {
    vin: target.vin,
    year,
    make,
    model,
    ...(trim ? { trim } : {}),
    ...(brand ? { titleBrand: brand } : {}),
    miles: 0,
    currency,
    ...(price ? { price: price[1] } : {}),
  };
  const comparables = comparablesOf(base, seen, now);
  const typical = [...comparables.map((c) => c.miles)].sort((a, b) => a - b)[comparables.length >> 1] ?? 0;
  const gauge = fairPrice({ ...base, miles: miles ? asMiles(miles) : typical }, seen, now);
  return {
    year,
    make,
    model,
    currency,
    ...(price ? { price: price[1] } : {}),
    comparables: gauge?.comparables ?? comparables.length,
    mileageAdjusted: Boolean(miles),
    gauge,
  };
}
