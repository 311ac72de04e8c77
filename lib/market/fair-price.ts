// A fair price for a vehicle from the listings the user has seen (issue 57): the comparable vehicles
// (same make and model, model years within 2, the same currency, one per vehicle, branded titles apart
// from clean ones), a robust fit of log price on model year and mileage, trims as a shrunk factor, and
// the fit's own spread as the range. Pure: nothing here reads a clock, a store or the network.
import { robustFit } from './robust-fit';

/** What a listing says of a vehicle: `miles` in miles, `currency` an ISO 4217 code. */
interface Vehicle {
  vin?: string;
  year: number;
  make: string;
  model: string;
  trim?: string;
  miles: number;
  currency: string;
  titleBrand?: string;
}

/** The vehicle whose price is judged; its `vin` leaves its own sightings out. */
export interface PriceTarget extends Vehicle {
  price?: number;
}

/** One listing seen: `seenAt` in ms since 1970; `site` passed through for the comparables' list. */
export interface SeenVehicle extends Vehicle {
  price: number;
  seenAt: number;
  site?: string;
}

export type PriceRating = 'great' | 'good' | 'fair' | 'high' | 'overpriced';

export interface FairPrice {
  estimate: number;
  /** An 80 % interval from the fit's own spread: a price outside it is unusual for these cars. */
  low: number;
  high: number;
  /** The vehicles the estimate rests on (after outliers were set aside). */
  comparables: number;
  /** Where `target.price` falls against the spread; null without a price. */
  rating: PriceRating | null;
}

/** Never an estimate from fewer comparable vehicles than this. */
export const MIN_COMPARABLES = 12;
/** Model years either side of the target's that still compare. */
export const YEAR_SPAN = 2;
/** Prices below this are placeholders or payments ("$1", "$239/mo"), never a car's asking price. */
const FLOOR = 500;
/** z of the 10th and 90th percentiles (the 80 % interval), and of the 30th and 70th. */
const Z80 = 1.2816;
const Z40 = 0.5244;

/**
 * The rating bands, in standard scores of the price against the fit (log price minus the estimate,
 * over the spread): below -1.28 (the cheapest 10 % of such cars) great, to -0.52 (30 %) good,
 * to +0.52 fair, to +1.28 high, above (the dearest 10 %) overpriced.
 */
export function ratingOf(z: number): PriceRating {
  if (z < -Z80) return 'great';
  if (z < -Z40) return 'good';
  if (z <= Z40) return 'fair';
  if (z <= Z80) return 'high';
  return 'overpriced';
}

/** Make and model as compared: case, spaces and punctuation aside ("F-150" is "f150", never "f250"). */
export const normalName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Makers' short names as listings write them, to the name they stand for ("Chevy" is a Chevrolet). */
const MAKE_ALIASES: Record<string, string> = {
  chevy: 'chevrolet',
  vw: 'volkswagen',
  mercedes: 'mercedesbenz',
  benz: 'mercedesbenz',
  mb: 'mercedesbenz',
};
const normalMake = (make: string) => {
  const name = normalName(make);
  return MAKE_ALIASES[name] ?? name;
};

/** A title brand: "salvage", "rebuilt"…; "clean" or nothing is none. */
const isBranded = (brand: string | undefined) =>
  Boolean(brand && !/^\s*(clean|none|no|false)?\s*$/i.test(brand));

const trimKey = (trim: string | undefined) => (trim ? normalName(trim) : '');

/**
 * The comparable vehicles for `target`: one per vehicle (its latest sighting), in the rules above.
 * How old a sighting may be is the memory's retention (lib/memory/), not this function's: `now` is
 * not a filter here, so a data set of any date compares as it stands.
 */
export function comparablesOf(
  target: PriceTarget,
  seen: readonly SeenVehicle[],
  _now?: number,
): SeenVehicle[] {
  const make = normalMake(target.make);
  const model = normalName(target.model);
  const currency = target.currency.toUpperCase();
  const branded = isBranded(target.titleBrand);
  const byVin = new Map<string, SeenVehicle>();
  const noVin: SeenVehicle[] = [];
  for (const car of seen) {
    // Written as "not within" so that a year that is no number (NaN) is left out too.
    if (car.currency?.toUpperCase() !== currency || !(Math.abs(car.year - target.year) <= YEAR_SPAN))
      continue;
    if (isBranded(car.titleBrand) !== branded || !(car.price >= FLOOR) || !(car.miles >= 0)) continue;
    if (normalName(car.model) !== model || normalMake(car.make) !== make) continue;
    if (!car.vin) noVin.push(car);
    else if (car.vin !== target.vin) {
      const had = byVin.get(car.vin);
      if (!had || had.seenAt < car.seenAt) byVin.set(car.vin, car);
    }
  }
  return [...byVin.values(), ...noVin];
}

/** The fair price of `target` from the vehicles seen, or null when fewer than 12 compare. */
export function fairPrice(target: PriceTarget, seen: readonly SeenVehicle[], now: number): FairPrice | null {
  if (!Number.isFinite(target.year)) return null;
  const cars = comparablesOf(target, seen, now);
  if (cars.length < MIN_COMPARABLES) return null;
  // A target without a stated mileage is judged at the comparables' median one.
  const miles = Number.isFinite(target.miles)
    ? target.miles
    : (cars.map((car) => car.miles).sort((a, b) => a - b)[cars.length >> 1] as number);
  const fit = robustFit(
    cars.map((car) => ({
      y: Math.log(car.price),
      year: car.year - target.year,
      miles: (car.miles - miles) / 10_000,
      group: trimKey(car.trim),
    })),
  );
  if (!fit || fit.used < MIN_COMPARABLES) return null;
  const center = fit.intercept + (fit.groups.get(trimKey(target.trim)) ?? 0);
  const spread = fit.scale * Math.sqrt(1 + 1 / fit.used);
  const estimate = Math.exp(center);
  const rating =
    target.price && target.price > 0 ? ratingOf((Math.log(target.price) - center) / spread) : null;
  return {
    estimate: Math.round(estimate),
    low: Math.round(Math.exp(center - Z80 * spread)),
    high: Math.round(Math.exp(center + Z80 * spread)),
    comparables: fit.used,
    rating,
  };
}
