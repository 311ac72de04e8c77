// The cars of one make and model seen (issue 57), kept together in one record of the library's
// `models` store, so a badge's fair-price gauge is one read of a few hundred short rows rather than a
// few hundred listings (bench:memory: reading each model's ~800 listings through an index took a
// median 9.8 ms and, with the index, 31 MB for 100,000 sightings; this record, both targets). One row
// per vehicle and site: what its listing there says now. Pure.
import { normalName } from '../market/fair-price';
import type { VehicleTitle } from '../market/vehicle-title';
import { isBuiltInHost } from '../sites/sites';
import type { ListingMemory, Point } from './listing-memory';

const KM_PER_MILE = 1.609344;

/** [VIN, site, model year, trim, title brand, price, currency, miles, minute last seen, seller]; price
 * 0 and currency '' when the listing states none (the row still names its vehicle). The seller (issue
 * 61, library version 7) is keyed on the tab that showed the card, never on what the page says of
 * itself: `sellerOf`. */
export type CarRow = [string, string, number, string, string, number, string, number, number, string];

/** Sites that sell their own cars: every car on them is one seller's. Other curated sites are
 * marketplaces, where a card's dealer (when its data names one) or else the car is the seller. */
const RETAILERS = new Set(['carmax.com', 'carvana.com']);

/**
 * Who sells a car seen on a tab of `tabSite` (the site of the page the browser says sent it): a
 * dealer's own site or a site the user added is one seller; on a curated marketplace, the dealer its
 * card's data names, else the car itself.
 */
export function sellerOf(
  tabSite: string,
  vin: string,
  dealer?: string,
  marketplace = isBuiltInHost(tabSite),
): string {
  if (!marketplace || RETAILERS.has(tabSite)) return tabSite;
  const name = dealer ? normalName(dealer) : '';
  return name ? `${tabSite}/${name}` : `${tabSite}/${vin}`;
}

/** The site a seller key is on. */
export const sellerSite = (seller: string) => seller.split('/')[0] as string;

export interface ModelCars {
  /** "honda accord": make and model normalised (listing-memory.ts keeps it on each listing as `mm`). */
  mm: string;
  /** As the newest title wrote them. */
  make: string;
  model: string;
  cars: CarRow[];
}

export const modelKey = (make: string, model: string) => `${normalName(make)} ${normalName(model)}`;

/** The latest point when its unit was stated; undefined when the page last left it unsaid (an older
 * price in dollars is not what the listing asks now). */
export function lastStated(points: readonly Point[] | undefined): Point | undefined {
  const point = points?.[points.length - 1];
  return point?.[2] ? point : undefined;
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
  sellers: ReadonlyMap<string, string> = new Map(),
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
      sellers.get(listing.k) ?? had?.[9] ?? legacySeller(listing.site, listing.vin),
    ]);
  }
  if (rows.size === 0) return undefined;
  return { mm, make, model, cars: bounded([...rows.values()]) };
}

/** Rows one site may hold in a model's record, and the record in all: a page minting thousands of
 * VINs under one title costs each later batch a rewrite of them all (issue 63). The gauge takes at
 * most 3 cars a seller; a real shopper's months on one site stay well under this. */
export const MAX_ROWS_PER_SITE = 400;
export const MAX_ROWS = 2000;

/** The newest rows (by last seen) within both bounds; the same rows when within them. */
function bounded(rows: CarRow[]): CarRow[] {
  if (rows.length <= MAX_ROWS_PER_SITE) return rows;
  const perSite = new Map<string, number>();
  const kept: CarRow[] = [];
  for (const row of [...rows].sort((a, b) => (b[8] as number) - (a[8] as number))) {
    const site = row[1] as string;
    const count = perSite.get(site) ?? 0;
    if (count >= MAX_ROWS_PER_SITE || kept.length >= MAX_ROWS) continue;
    perSite.set(site, count + 1);
    kept.push(row);
  }
  return kept;
}

/** The seller of a row kept before version 7, from its listing's site (the best there is). */
export const legacySeller = (site: string, vin: string) => sellerOf(site, vin);

/** The record without the rows `keep` refuses (a sweep by age, a forgotten vehicle); undefined if none stay. */
export function prunedModel(record: ModelCars, keep: (row: CarRow) => boolean): ModelCars | undefined {
  const cars = record.cars.filter(keep);
  return cars.length ? { ...record, cars } : undefined;
}

/**
 * The models' records as library version 7 keeps them (issue 61), from version 6's: each record under
 * the make and model its name reads as now (`read`: a title reader; "Rogue S" was filed as a model,
 * now it is a Rogue of trim S), merged where two names now read as one; only the rows whose listing
 * (`filed`: `${vin} ${site}` to the keys its listings are filed under, after the re-filing) is still
 * filed under that record (a row left behind when a title named the model another way: it outlived
 * a forget), and each with its seller.
 */
export function upgradedModels(
  records: readonly ModelCars[],
  refiled: ReadonlyMap<string, { mm: string; make: string; model: string; trim?: string }>,
  filed: ReadonlyMap<string, ReadonlySet<string>>,
): ModelCars[] {
  const out = new Map<string, ModelCars>();
  for (const record of records) {
    const to = refiled.get(record.mm);
    const mm = to?.mm ?? record.mm;
    const rows = record.cars.flatMap((row): CarRow[] => {
      if (!filed.get(`${row[0]} ${row[1]}`)?.has(mm)) return [];
      const trim = to?.trim && !row[3] ? to.trim : row[3];
      return [
        [
          row[0],
          row[1],
          row[2],
          trim,
          row[4],
          row[5],
          row[6],
          row[7],
          row[8],
          row[9] || legacySeller(row[1], row[0]),
        ],
      ];
    });
    const into = out.get(mm) ?? {
      mm,
      make: to?.make ?? record.make,
      model: to?.model ?? record.model,
      cars: [],
    };
    const byKey = new Map(into.cars.map((row) => [`${row[0]} ${row[1]}`, row]));
    for (const row of rows) {
      const had = byKey.get(`${row[0]} ${row[1]}`);
      if (!had || had[8] < row[8]) byKey.set(`${row[0]} ${row[1]}`, row);
    }
    if (byKey.size) out.set(mm, { ...into, cars: [...byKey.values()] });
  }
  return [...out.values()];
}

/** Where each record of version 6 goes once its name is read again: the ones that read otherwise. */
export function refiledNames(
  records: readonly ModelCars[],
  read: (title: string) => VehicleTitle | null,
): Map<string, { mm: string; make: string; model: string; trim?: string }> {
  const moves = new Map<string, { mm: string; make: string; model: string; trim?: string }>();
  for (const record of records) {
    const year = record.cars[0]?.[2];
    if (!year) continue;
    const car = read(`${year} ${record.make} ${record.model}`);
    if (!car) continue;
    const mm = modelKey(car.make, car.model);
    if (mm !== record.mm)
      moves.set(record.mm, { mm, make: car.make, model: car.model, ...(car.trim ? { trim: car.trim } : {}) });
  }
  return moves;
}

/** A stored model record, checked enough to be read (rows of the wrong shape left out; a row of
 * version 6, without its seller, given the seller its listing's site stands for). */
export function modelRecord(value: unknown): ModelCars | undefined {
  const record = value as Partial<ModelCars> | undefined;
  if (!record || typeof record.mm !== 'string' || !Array.isArray(record.cars)) return undefined;
  const cars = (record.cars as unknown[]).flatMap((row): CarRow[] => {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[2] !== 'number') return [];
    if (row.length === 10 && typeof row[9] === 'string') return [row as CarRow];
    if (row.length === 9) return [[...row, legacySeller(String(row[1]), row[0])] as CarRow];
    return [];
  });
  return { mm: record.mm, make: String(record.make ?? ''), model: String(record.model ?? ''), cars };
}
