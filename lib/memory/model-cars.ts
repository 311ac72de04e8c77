// The cars of one make and model seen (issue 57), kept together in one record of the library's
// `models` store, so a badge's fair-price gauge is one read of a few hundred short rows rather than a
// few hundred listings (bench:memory: reading each model's ~800 listings through an index took a
// median 9.8 ms and, with the index, 31 MB for 100,000 sightings; this record, both targets). One row
// per vehicle and site: what its listing there says now. Pure.
import { normalName } from '../market/fair-price';
import type { VehicleTitle } from '../market/vehicle-title';
import type { ListingMemory, Point } from './listing-memory';

const KM_PER_MILE = 1.609344;

/** [VIN, site, model year, trim, title brand, price, currency, miles, minute last seen]; price 0 and
 * currency '' when the listing states none (the row still names its vehicle). */
export type CarRow = [string, string, number, string, string, number, string, number, number];

export interface ModelCars {
  /** "honda accord": make and model normalised (listing-memory.ts keeps it on each listing as `mm`). */
  mm: string;
  /** As the newest title wrote them. */
  make: string;
  model: string;
  cars: CarRow[];
}

export const modelKey = (make: string, model: string) => `${normalName(make)} ${normalName(model)}`;

/** The last point with a stated unit. */
export function lastStated(points: readonly Point[] | undefined): Point | undefined {
  for (let i = (points?.length ?? 0) - 1; i >= 0; i--) {
    const point = points?.[i];
    if (point?.[2]) return point;
  }
  return undefined;
}

/** A mileage point in miles (km converted); undefined when its unit is unsaid. */
export const milesOf = (point: Point | undefined) =>
  point?.[2] === 'km' ? point[1] / KM_PER_MILE : point?.[2] === 'mi' ? point[1] : undefined;

/**
 * The model's record after a batch's changed listings: each listing's row replaced (by VIN and site),
 * its vehicle from this sighting's title where there was one, else from the row it had. `seen`: what
 * the titles said, by listing key.
 */
export function updatedModel(
  record: ModelCars | undefined,
  mm: string,
  changed: readonly ListingMemory[],
  seen: ReadonlyMap<string, VehicleTitle>,
): ModelCars | undefined {
  const rows = new Map((record?.cars ?? []).map((row) => [`${row[0]} ${row[1]}`, row]));
  let { make, model } = record ?? { make: '', model: '' };
  for (const listing of changed) {
    const key = `${listing.vin} ${listing.site}`;
    const had = rows.get(key);
    const car = seen.get(listing.k);
    if (car) ({ make, model } = car);
    if (!car && !had) continue;
    const price = lastStated(listing.prices);
    const miles = milesOf(lastStated(listing.miles));
    rows.set(key, [
      listing.vin,
      listing.site,
      car?.year ?? (had?.[2] as number),
      car ? (car.trim ?? '') : (had?.[3] ?? ''),
      car ? (car.titleBrand ?? '') : (had?.[4] ?? ''),
      price?.[1] ?? 0,
      price?.[2] ?? '',
      Math.round(miles ?? -1),
      listing.last,
    ]);
  }
  if (rows.size === 0) return undefined;
  return { mm, make, model, cars: [...rows.values()] };
}

/** The record without the rows `keep` refuses (a sweep by age, a forgotten vehicle); undefined if none stay. */
export function prunedModel(record: ModelCars, keep: (row: CarRow) => boolean): ModelCars | undefined {
  const cars = record.cars.filter(keep);
  return cars.length ? { ...record, cars } : undefined;
}
