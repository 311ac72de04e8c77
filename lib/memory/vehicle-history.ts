// What the memory says of a vehicle, from its listings (listing-memory.ts): where and when it was seen
// before, its price since first seen on this listing, a listing elsewhere for less, a relist, and a
// mileage that went down (against an earlier listing, or a report the user holds). Read in the badge's
// panel, the popup and the watched vehicles' page; the background only hands over the listings of the
// one vehicle asked about. Pure.
import { type ListingMemory, lastPoint } from './listing-memory';

/** A listing seen longer ago than this (minutes) counts as "seen before" even on its own page. */
const EARLIER = 12 * 60;
/** Another listing is compared for price only if seen this recently (minutes). */
const RECENT = 30 * 24 * 60;
/** Miles a reading may differ by (rounding, a test drive) before it is a warning. */
const SLACK = 100;
const KM = 0.621371;

export interface ListingNow {
  site: string;
  url: string;
  first: number;
  last: number;
  price?: number;
  currency: string;
  mileage?: number;
  km: boolean;
  sold: boolean;
}

export interface VehicleHistory {
  /** The listing the user is looking at, when the memory has it. */
  current: ListingNow | null;
  /** The vehicle's other listings, and this one when it was first seen earlier: newest first. */
  before: ListingNow[];
  /** This listing's price since it was first seen. */
  change: { from: number; to: number; since: number } | null;
  /** The cheapest other listing seen lately below this one's price (same currency). */
  cheaper: ListingNow | null;
  /** This listing was relisted: for sale again after it was sold, or new after another one ended. */
  relisted: { at: number; afterSold: true } | { at: number; afterSold: false; ended: number } | null;
  /** The mileage this listing states is lower than an earlier reading. */
  mileage:
    | {
        stated: number;
        km: boolean;
        earlier: number;
        earlierKm: boolean;
        /** The site that showed it, or null: this very listing did, earlier. */
        where: string | null;
        at: number;
      }
    | { stated: number; km: boolean; report: number; date: string | null }
    | null;
}

function now(listing: ListingMemory): ListingNow {
  return {
    site: listing.site,
    url: listing.url,
    first: listing.first,
    last: listing.last,
    price: lastPoint(listing.prices),
    currency: listing.cur ?? 'USD',
    mileage: lastPoint(listing.miles),
    km: listing.km === 1,
    sold: listing.sold !== undefined,
  };
}

const inMiles = (value: number, km: boolean) => (km ? value * KM : value);

/**
 * The history of a vehicle for the listing at `current` (its key: vin, site and url as the memory
 * names them; null when the page is not one listing), at minute `at`. `report`: the last odometer
 * reading of the reports the user holds (key facts).
 */
export function vehicleHistory(
  listings: ListingMemory[],
  current: string | null,
  at: number,
  report: { miles: number; date: string | null } | null = null,
): VehicleHistory {
  const mine = listings.find((l) => l.k === current) ?? null;
  const others = listings.filter((l) => l !== mine).sort((a, b) => b.last - a.last);
  const here = mine ? now(mine) : null;
  const elsewhere = others.map(now);
  const before = [...(mine && mine.first < at - EARLIER ? [here as ListingNow] : []), ...elsewhere];
  let change: VehicleHistory['change'] = null;
  if (mine && mine.prices.length >= 4) {
    const from = mine.prices[1] as number;
    const to = lastPoint(mine.prices) as number;
    if (from !== to) change = { from, to, since: mine.prices[0] as number };
  }
  let cheaper: ListingNow | null = null;
  if (here?.price !== undefined)
    for (const other of elsewhere)
      if (
        other.price !== undefined &&
        !other.sold &&
        other.currency === here.currency &&
        other.last >= at - RECENT &&
        other.price < (cheaper?.price ?? here.price)
      )
        cheaper = other;
  const relistedAt = mine?.relist?.[mine.relist.length - 1];
  const relisted: VehicleHistory['relisted'] =
    relistedAt !== undefined
      ? { at: relistedAt, afterSold: true }
      : mine?.after !== undefined
        ? { at: mine.first, afterSold: false, ended: mine.after }
        : null;
  return { current: here, before, change, cheaper, relisted, mileage: mileageDrop(mine, others, report) };
}

/** The highest reading before this listing's, where it is more than SLACK above what it states. */
function mileageDrop(
  mine: ListingMemory | null,
  others: ListingMemory[],
  report: { miles: number; date: string | null } | null,
): VehicleHistory['mileage'] {
  const stated = mine ? lastPoint(mine.miles) : undefined;
  if (!mine || stated === undefined) return null;
  const km = mine.km === 1;
  const statedMiles = inMiles(stated, km);
  // Still stated when the listing was last seen (a value is kept again only when it changes).
  const statedAt = mine.last;
  let worst: { earlier: number; earlierKm: boolean; where: string | null; at: number; miles: number } | null =
    null;
  // This listing's own earlier points; another's up to the same minute (two tabs read together).
  for (const listing of [mine, ...others])
    for (let i = 0; i + 1 < (listing === mine ? listing.miles.length - 2 : listing.miles.length); i += 2) {
      const at = listing.miles[i] as number;
      const value = listing.miles[i + 1] as number;
      const miles = inMiles(value, listing.km === 1);
      if (at <= statedAt && miles > statedMiles + SLACK && miles > (worst?.miles ?? 0))
        worst = {
          earlier: value,
          earlierKm: listing.km === 1,
          where: listing === mine ? null : listing.site,
          at,
          miles,
        };
    }
  if (worst) {
    const { miles: _, ...earlier } = worst;
    return { stated, km, ...earlier };
  }
  if (report && report.miles > statedMiles + SLACK)
    return { stated, km, report: report.miles, date: report.date };
  return null;
}
