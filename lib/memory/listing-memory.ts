// What the memory keeps of one listing (a vehicle on one site at one address), and how a sighting
// changes it. Compact, because a shopper's months of browsing are tens of thousands of them
// (bench:memory): times in minutes since 1970 (small integers), price and mileage as points only when
// they change. Pure.
import { z } from 'zod/mini';
import { VinSchema } from '../vin/vin-schema';

/** A listing's sighting as the content script reports it (its page's address comes from the browser). */
export const Sighting = z.object({
  vin: VinSchema,
  /** The listing's own link (a card's), or nothing: the page the sighting came from is the listing. */
  url: z.optional(z.string().check(z.maxLength(2000))),
  price: z.optional(z.int().check(z.nonnegative(), z.maximum(100_000_000))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  mileage: z.optional(z.int().check(z.nonnegative(), z.maximum(10_000_000))),
  km: z.optional(z.boolean()),
  sold: z.optional(z.boolean()),
});
export type Sighting = z.infer<typeof Sighting>;

/** Points [minute, value, minute, value, …]: a value is added only when it differs from the last. */
const Points = z.array(z.number());

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
  prices: Points,
  miles: Points,
  km: z.optional(z.literal(1)),
  cur: z.optional(z.string()),
  /** When it was first shown as sold (cleared when it is shown for sale again: a relist). */
  sold: z.optional(z.number()),
  /** When it was for sale again after it was shown as sold. */
  relist: z.optional(z.array(z.number())),
  /** A new listing of a vehicle whose earlier listing on this site had ended: when that one was last seen. */
  after: z.optional(z.number()),
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

/** The last value of points [minute, value, …]; undefined when there is none. */
export const lastPoint = (points: number[]) => (points.length ? points[points.length - 1] : undefined);

/** Points [minute, value, …] as [minute, value] pairs, oldest first. */
export function pointPairs(points: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push([points[i] as number, points[i + 1] as number]);
  return out;
}

function addPoint(points: number[], at: number, value: number | undefined): number[] {
  if (value === undefined || lastPoint(points) === value) return points;
  return [...points, at, value];
}

/**
 * The listing after a sighting at minute `at`. `others`: the vehicle's other listings on the same
 * site, which tell a relist (a new listing after one was sold or gone a while).
 */
export function noteSighting(
  before: ListingMemory | undefined,
  seen: Omit<Sighting, 'url'> & { site: string; url: string },
  at: number,
  others: ListingMemory[],
): ListingMemory {
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
      prices: addPoint([], at, seen.price),
      miles: addPoint([], at, seen.mileage),
      ...(seen.km ? { km: 1 as const } : {}),
      ...(seen.currency && seen.currency !== 'USD' ? { cur: seen.currency } : {}),
      ...(seen.sold ? { sold: at } : {}),
      ...(after !== undefined ? { after } : {}),
    };
  }
  const next: ListingMemory = {
    ...before,
    last: Math.max(before.last, at),
    views: at - before.last < SAME_VISIT ? before.views : before.views + 1,
    prices: addPoint(before.prices, at, seen.price),
    miles: addPoint(before.miles, at, seen.mileage),
  };
  if (seen.sold && before.sold === undefined) next.sold = at;
  if (!seen.sold && seen.price !== undefined && before.sold !== undefined) {
    // Shown for sale again (with a price, not marked sold) after it was sold: relisted.
    delete next.sold;
    next.relist = [...(before.relist ?? []), at];
  }
  return next;
}
