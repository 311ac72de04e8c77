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

/**
 * Why a price with an estimate is not rated: `spread` the usual range's top is more than 1.5 times
 * its bottom (the cars seen disagree too much to rate a price against), `unlike` the car's model year
 * or mileage is outside those of the cars seen (the estimate would be a guess beyond them), `price`
 * the price is no car's (under $500, or beyond three times or a third of the estimate: a payment, a
 * placeholder or a misread).
 */
export type Unrated = 'spread' | 'unlike' | 'price';

export interface FairPrice {
  estimate: number;
  /** An 80 % interval from the fit's own spread: a price outside it is unusual for these cars. */
  low: number;
  high: number;
  /** The vehicles the estimate rests on (after outliers were set aside). */
  comparables: number;
  /** Where `target.price` falls against the spread; null without a price, or for `unrated`'s reason. */
  rating: PriceRating | null;
  unrated?: Unrated;
}

/** The estimate and the comparables it rests on (the memory counts their sellers, sites and days). */
export interface Assessment {
  gauge: FairPrice | null;
  /** The comparables with a say in the fit (unusual ones set aside). */
  used: SeenVehicle[];
  /**
   * Each of `used`'s price as the fit would have it at the target's model year, mileage and trim
   * (same order): what the estimate is the typical one of, shown beside each car on the watched page.
   */
  adjusted: number[];
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
/** A usual range wider than this (its top over its bottom) rates nothing. */
export const WIDEST_RANGE = 1.5;
/** The car judged must have this many comparables within a model year of its own. */
const NEAR_YEAR = 3;
/** The estimate's own variance where the target stands, in units of the spread squared, beyond which
 * it is a guess at the edge of the cars seen (1/n among n cars like it; 0.35 is about 3 such). */
const MAX_UNSURE = 0.35;
/** Comparables' mileages within 50,000 mi and half the target's own of the target's. */
const MILES_WINDOW = 50_000;
const MILES_WINDOW_SHARE = 0.5;
/** And its mileage within the comparables' own, give or take 25,000 miles (in 10,000s). */
const MILES_REACH = 2.5;
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
  // A model's cars share their make and model's spelling: each spelling normalised once.
  const makes = new Map<string, string>();
  const models = new Map<string, string>();
  const once = (cache: Map<string, string>, name: string, normal: (n: string) => string) => {
    const had = cache.get(name);
    if (had !== undefined) return had;
    const value = normal(name);
    cache.set(name, value);
    return value;
  };
  for (const car of seen) {
    // Written as "not within" so that a year that is no number (NaN) is left out too.
    if (car.currency?.toUpperCase() !== currency || !(Math.abs(car.year - target.year) <= YEAR_SPAN))
      continue;
    if (isBranded(car.titleBrand) !== branded || !(car.price >= FLOOR) || !(car.miles >= 0)) continue;
    if (once(models, car.model, normalName) !== model || once(makes, car.make, normalMake) !== make) continue;
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
  return assessPrice(target, seen, now).gauge;
}

/** The fair price of `target` and the comparables it rests on. */
export function assessPrice(target: PriceTarget, seen: readonly SeenVehicle[], now: number): Assessment {
  const none: Assessment = { gauge: null, used: [], adjusted: [] };
  if (!Number.isFinite(target.year)) return none;
  const cars = comparablesOf(target, seen, now);
  if (cars.length < MIN_COMPARABLES) return none;
  // A target without a stated mileage is judged at the comparables' median one.
  const miles = Number.isFinite(target.miles)
    ? target.miles
    : (cars.map((car) => car.miles).sort((a, b) => a - b)[cars.length >> 1] as number);
  // Only cars of a mileage like its own: the window is the target's, so no card can move another
  // in or out of it, and a typo's extra digit or a hostile card's 1,900,000 mi is never a comparable.
  const reach = MILES_WINDOW + MILES_WINDOW_SHARE * miles;
  const like = cars.filter((car) => Math.abs(car.miles - miles) <= reach);
  if (like.length < MIN_COMPARABLES) return none;
  const points = like.map((car) => ({
    y: Math.log(car.price),
    year: car.year - target.year,
    miles: (car.miles - miles) / 10_000,
    group: trimKey(car.trim),
  }));
  const fit = robustFit(points);
  if (!fit || fit.used < MIN_COMPARABLES) return none;
  const used = like.filter((_, i) => fit.kept[i]);
  const kept = points.filter((_, i) => fit.kept[i]);
  const targetTrim = fit.groups.get(trimKey(target.trim)) ?? 0;
  const center = fit.intercept + targetTrim;
  // Each car moved by the fit's own slopes and trim effects to where the target stands.
  const adjusted = kept.map((p) =>
    Math.round(
      Math.exp(
        p.y -
          fit.perYear * p.year -
          fit.perTenThousandMiles * p.miles -
          (fit.groups.get(p.group) ?? 0) +
          targetTrim,
      ),
    ),
  );
  // A prediction's spread: the market's, and how unsure the estimate itself is where the target
  // stands (wider at the edge of the years and mileages seen).
  const spread = fit.scale * Math.sqrt(1 + fit.interceptVariance);
  const estimate = Math.exp(center);
  const low = Math.exp(center - Z80 * spread);
  const high = Math.exp(center + Z80 * spread);
  const price = target.price;
  let unrated: Unrated | undefined;
  let rating: PriceRating | null = null;
  if (price !== undefined) {
    const nearMiles = kept.map((p) => p.miles);
    if (!(price >= FLOOR && price <= estimate * 3 && price >= estimate / 3)) unrated = 'price';
    else if (
      kept.filter((p) => Math.abs(p.year) <= 1).length < NEAR_YEAR ||
      fit.interceptVariance > MAX_UNSURE ||
      Math.min(...nearMiles) > MILES_REACH ||
      Math.max(...nearMiles) < -MILES_REACH
    )
      unrated = 'unlike';
    else if (high > low * WIDEST_RANGE) unrated = 'spread';
    else rating = ratingOf((Math.log(price) - center) / spread);
  }
  return {
    gauge: {
      estimate: Math.round(estimate),
      low: Math.round(low),
      high: Math.round(high),
      comparables: fit.used,
      rating,
      ...(unrated ? { unrated } : {}),
    },
    used,
    adjusted,
  };
}
