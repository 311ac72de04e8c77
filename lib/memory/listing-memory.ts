// What the memory keeps of one listing (a vehicle on one site at one address), and how a sighting
// changes it. Compact, because a shopper's months of browsing are tens of thousands of them
// (bench:memory): times in minutes since 1970 (small integers), price and mileage as points only when
// they change. Pure.
import { z } from 'zod/mini';
import { normalName } from '../market/fair-price';
import type { VehicleTitle } from '../market/vehicle-title';
import { VinSchema } from '../vin/vin-schema';

/** What the page's data record for the vehicle says (listing-facts.ts: recordFacts), to confirm the card. */
export const DataFacts = z.object({
  price: z.optional(z.int().check(z.nonnegative(), z.maximum(100_000_000))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  mileage: z.optional(z.int().check(z.nonnegative(), z.maximum(10_000_000))),
  km: z.optional(z.boolean()),
  sold: z.optional(z.boolean()),
});

/** A listing's sighting as the content script reports it (its page's address comes from the browser). */
export const Sighting = z.object({
  vin: VinSchema,
  /** The listing's own link (a card's), or nothing: the page the sighting came from is the listing. */
  url: z.optional(z.string().check(z.maxLength(2000))),
  /** The card's texts near its figures, with their elements' names (read-card.ts reads them). */
  card: z.optional(
    z
      .array(z.tuple([z.string().check(z.maxLength(90)), z.string().check(z.maxLength(120))]))
      .check(z.maxLength(40)),
  ),
  data: z.optional(DataFacts),
  /** The card's title as it stands, or its data's name ("Used 2019 Honda Accord Sport"): read in the
   * background (lib/market/vehicle-title.ts) for the fair-price gauge's comparables. */
  title: z.optional(z.string().check(z.maxLength(200))),
  /** When the content script noted it (ms since 1970): a clear or a forget after it wins. */
  noted: z.optional(z.number()),
  /** The dealer its card's data names (JSON-LD `offers.seller.name`, a dealer's id): on a curated
   * marketplace its cars are one seller's (model-cars.ts: sellerOf). */
  dealer: z.optional(z.string().check(z.maxLength(100))),
});
export type Sighting = z.infer<typeof Sighting>;

/**
 * A value as one page stated it: [minute first stated, value, unit]; the unit is a currency (ISO
 * 4217) for a price, 'mi' or 'km' for a mileage, '' where the page left it unsaid (kept, never
 * compared). A point is added only when the value or its unit differs from the last.
 */
const Point = z.tuple([z.number(), z.number(), z.string()]);
export type Point = z.infer<typeof Point>;

/** What the library's version 4 kept: flat [minute, value, …] points, its unit per listing. Unverified. */
const OldPoints = z.object({
  prices: z.array(z.number()),
  miles: z.array(z.number()),
  km: z.optional(z.literal(1)),
  cur: z.optional(z.string()),
  /** Its "sold" came from any upper-case SOLD on the card: unverified too. */
  sold: z.optional(z.number()),
});

export const ListingMemory = z.object({
  /** `${vin} ${site} ${url}`: one listing. */
  k: z.string(),
  vin: z.string(),
  site: z.string(),
  url: z.string(),
  /** First and last seen, in minutes since 1970. */
  first: z.number(),
  last: z.number(),
  views: z.number(),
  prices: z.array(Point),
  miles: z.array(Point),
  /** Seen on its own site (not only on an aggregator's card linking to it). */
  own: z.optional(z.literal(1)),
  /** The previous release's points: it read discounts as prices and distances as odometers, so
   * they are kept for the user's own record and never compared. */
  old: z.optional(OldPoints),
  /** When it was first shown as sold (cleared when it is shown for sale again: a relist). */
  sold: z.optional(z.number()),
  /** When it was for sale again after it was shown as sold. */
  relist: z.optional(z.array(z.number())),
  /** A new listing of a vehicle whose earlier listing on this site had ended: when that one was last seen. */
  after: z.optional(z.number()),
  /** Its make and model as its title said them, normalised ("honda accord"; version 6, issue 57): the
   * key of its row in the `models` store (model-cars.ts), where the rest of what the title said is.
   * Absent on listings kept before, and completed when seen again with a title. */
  mm: z.optional(z.string()),
});
export type ListingMemory = z.infer<typeof ListingMemory>;

/** A listing unseen this long on a site, then a new one there: relisted (in minutes). */
export const GONE_AFTER = 14 * 24 * 60;
/** Seen again within this many minutes: the same visit, not another view. */
const SAME_VISIT = 30;

export const minutesOf = (ms: number) => Math.floor(ms / 60_000);
export const listingKey = (vin: string, site: string, url: string) => `${vin} ${site} ${url}`;

/** A listing as stored: without its VIN, site and address, which its key holds (a third of its bytes). */
export function storedListing({ vin: _vin, site: _site, url: _url, ...kept }: ListingMemory): object {
  return kept;
}

/** A stored listing with its VIN, site and address read back from its key (to be parsed). */
export function restoredListing(value: unknown): unknown {
  const k = (value as { k?: unknown } | null)?.k;
  if (typeof k !== 'string') return value;
  const [vin, site, ...url] = k.split(' ');
  return { vin, site, url: url.join(' '), ...(value as object) };
}

/** The last point; undefined when there is none. */
export const lastPoint = (points: Point[]): Point | undefined => points[points.length - 1];

/**
 * The last price and mileage the previous release kept for a listing (`old`, flat [minute, value, …]),
 * as points in its units; shown for the user's own record where no newer figure was read, never compared.
 */
export function earlierReadings(listing: ListingMemory): { price?: Point; miles?: Point; sold?: number } {
  const old = listing.old;
  if (!old) return {};
  const last = (flat: number[], unit: string): Point | undefined =>
    flat.length >= 2 ? [flat[flat.length - 2] as number, flat[flat.length - 1] as number, unit] : undefined;
  const price = last(old.prices, old.cur ?? 'USD');
  const miles = last(old.miles, old.km ? 'km' : 'mi');
  return {
    ...(price ? { price } : {}),
    ...(miles ? { miles } : {}),
    ...(old.sold !== undefined ? { sold: old.sold } : {}),
  };
}

function addPoint(points: Point[], at: number, value: number | undefined, unit: string | null | undefined) {
  const last = lastPoint(points);
  const said = unit ?? '';
  if (value === undefined || (last && last[1] === value && last[2] === said)) return points;
  return [...points, [at, value, said] as Point];
}

/** A listing as the content script's page states it, read (read-card.ts) and placed (listing-url.ts). */
export interface SeenListing {
  vin: string;
  site: string;
  url: string;
  price?: number;
  currency?: string | null;
  mileage?: number;
  unit?: 'mi' | 'km' | null;
  sold?: boolean;
  /** What the listing's title says of the vehicle, checked against its VIN. */
  car?: VehicleTitle;
  /** Who sells it, keyed on the tab that showed it (model-cars.ts: sellerOf). */
  seller?: string;
  /** Seen on the listing's own site; false: on another site's card that links to it (an aggregator). */
  firstHand: boolean;
}

/** The listing's `mm` from what its title says; nothing when it says nothing. */
const carFields = (car: VehicleTitle | undefined): Pick<ListingMemory, 'mm'> =>
  car ? { mm: `${normalName(car.make)} ${normalName(car.model)}` } : {};

/**
 * The listing after a sighting at minute `at`. `others`: the vehicle's other listings on the same
 * site, which tell a relist (a new listing after one was sold or gone a while). An aggregator's card
 * adds no figure to a listing seen on its own site: its copy of the price may be days old.
 */
export function noteSighting(
  before: ListingMemory | undefined,
  seen: SeenListing,
  at: number,
  others: ListingMemory[],
): ListingMemory {
  const figures = seen.firstHand || before?.own !== 1;
  const price = figures ? seen.price : undefined;
  const mileage = figures ? seen.mileage : undefined;
  if (!before) {
    // The latest of its ended listings on this site (sold, or unseen a while): this one follows it.
    const ended = others.filter(
      (o) => o.site === seen.site && (o.sold !== undefined || o.last <= at - GONE_AFTER),
    );
    const after = ended.length ? Math.max(...ended.map((o) => o.last)) : undefined;
    return {
      k: listingKey(seen.vin, seen.site, seen.url),
      vin: seen.vin,
      site: seen.site,
      url: seen.url,
      first: at,
      last: at,
      views: 1,
      prices: addPoint([], at, price, seen.currency),
      miles: addPoint([], at, mileage, seen.unit),
      ...(seen.firstHand ? { own: 1 as const } : {}),
      ...(seen.sold && figures ? { sold: at } : {}),
      ...(after !== undefined ? { after } : {}),
      ...carFields(seen.car),
    };
  }
  const next: ListingMemory = {
    ...before,
    last: Math.max(before.last, at),
    views: at - before.last < SAME_VISIT ? before.views : before.views + 1,
    prices: addPoint(before.prices, at, price, seen.currency),
    miles: addPoint(before.miles, at, mileage, seen.unit),
    ...(seen.firstHand ? { own: 1 as const } : {}),
    // A listing kept before version 6, or by a card that said less, is completed by this sighting.
    ...(figures || !before.mm ? carFields(seen.car) : {}),
  };
  if (!figures) return next;
  if (seen.sold && before.sold === undefined) next.sold = at;
  if (!seen.sold && price !== undefined && before.sold !== undefined) {
    // Shown for sale again (with a price, not marked sold) after it was sold: relisted.
    delete next.sold;
    next.relist = [...(before.relist ?? []), at];
  }
  return next;
}

/**
 * A listing stored by the library's version 4 (flat points, one unit per listing), as version 5 keeps
 * it: every visit kept, its figures moved to `old` (unverified: never compared, never shown as
 * findings), so the next sighting starts its points afresh. Anything else is returned as it is.
 */
export function upgradedListing(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const { prices, miles, km, cur, sold, relist: _relist, ...rest } = value as Record<string, unknown>;
  const flat = (points: unknown) => Array.isArray(points) && points.every((p) => typeof p === 'number');
  if (!flat(prices) || !flat(miles)) return value;
  const old = {
    prices,
    miles,
    ...(km === 1 ? { km: 1 } : {}),
    ...(typeof cur === 'string' ? { cur } : {}),
    ...(typeof sold === 'number' ? { sold } : {}),
  };
  const hadFigures =
    (prices as number[]).length > 0 || (miles as number[]).length > 0 || typeof sold === 'number';
  return { ...rest, prices: [], miles: [], ...(hadFigures ? { old } : {}) };
}
