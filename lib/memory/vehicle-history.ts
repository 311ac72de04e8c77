// What the memory says of a vehicle, from its listings (listing-memory.ts): where and when it was seen
// before, its price since first seen on this listing, a listing elsewhere for less, a relist, and a
// mileage that went down (against an earlier reading, or a report the user holds). Every comparison
// is between figures of one currency, or of one unit or an exact conversion; a figure whose page
// left its unit unsaid, and the previous release's unverified figures, are never compared. Read in
// the badge's panel, the popup and the watched vehicles' page; the background only hands over the
// listings of the one vehicle asked about. Pure.
import { type ListingMemory, lastPoint, type Point } from './listing-memory';

/** A listing seen longer ago than this (minutes) counts as "seen before" even on its own page. */
const EARLIER = 12 * 60;
/** Another listing is compared for price only if seen this recently (minutes). */
const RECENT = 30 * 24 * 60;
/** Miles a reading may differ by (rounding, a test drive; 160 km) before it is a warning. */
const SLACK_MILES = 100;
/** Two sites' readings of one minute this far apart (miles, and share) are more than feeds lagging. */
const DIFFER_MILES = 1000;
const DIFFER_SHARE = 0.02;
/** Kilometres in a mile (exact, by definition). */
const KM_PER_MILE = 1.609344;

export interface ListingNow {
  site: string;
  url: string;
  first: number;
  last: number;
  price?: number;
  /** The price's currency as its page stated it; null: unsaid. */
  currency: string | null;
  mileage?: number;
  unit: 'mi' | 'km' | null;
  sold: boolean;
}

/** An odometer reading as a page stated it, with when it was first stated. */
export interface Reading {
  value: number;
  unit: 'mi' | 'km';
  /** The site that stated it; null: this very listing did, earlier. */
  where: string | null;
  at: number;
}

export interface VehicleHistory {
  /** The listing the user is looking at, when the memory has it. */
  current: ListingNow | null;
  /** The vehicle's other listings, and this one when it was first seen earlier: newest first. */
  before: ListingNow[];
  /** This listing's price since it was first seen (in one currency). */
  change: { from: number; to: number; since: number; currency: string } | null;
  /** The cheapest other listing seen lately below this one's price (same currency). */
  cheaper: ListingNow | null;
  /** This listing was relisted: for sale again after it was sold, or new after another one ended. */
  relisted: { at: number; afterSold: true } | { at: number; afterSold: false; ended: number } | null;
  /** The mileage this listing states is lower than a reading stated before it; or, stated in the
   * same minute as another site's (no order between them), far from it: a difference, no warning. */
  mileage:
    | { stated: Reading; earlier: Reading }
    | { stated: Reading; report: number; date: string | null }
    | { stated: Reading; differs: Reading }
    | null;
}

const unitOf = (unit: string | undefined): 'mi' | 'km' | null =>
  unit === 'mi' || unit === 'km' ? unit : null;

function now(listing: ListingMemory): ListingNow {
  const price = lastPoint(listing.prices);
  const miles = lastPoint(listing.miles);
  return {
    site: listing.site,
    url: listing.url,
    first: listing.first,
    last: listing.last,
    price: price?.[1],
    currency: price?.[2] || null,
    mileage: miles?.[1],
    unit: unitOf(miles?.[2]),
    sold: listing.sold !== undefined,
  };
}

const inMiles = (value: number, unit: 'mi' | 'km') => (unit === 'km' ? value / KM_PER_MILE : value);

/**
 * The history of a vehicle for the listing at `current` (its key: vin, site and url as the memory
 * names them; null when the page is not one listing), at minute `at`. `report`: the last odometer
 * reading of the reports the user holds (key facts), in miles, with its date as the report gives it.
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
  let cheaper: ListingNow | null = null;
  if (here?.price !== undefined && here.currency)
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
  return {
    current: here,
    before,
    change: priceChange(mine),
    cheaper,
    relisted,
    mileage: mileageDrop(mine, others, report),
  };
}

/** This listing's first price against its last, both in the last one's (stated) currency. */
function priceChange(mine: ListingMemory | null): VehicleHistory['change'] {
  const last = mine && lastPoint(mine.prices);
  if (!mine || !last?.[2]) return null;
  const first = mine.prices.find((p) => p[2] === last[2]) as Point;
  return first[1] !== last[1] ? { from: first[1], to: last[1], since: first[0], currency: last[2] } : null;
}

/** A date as reports write it ("03/14/2023", "2023-03-14"), in minutes since 1970; null when unreadable. */
function reportMinute(date: string | null): number | null {
  if (!date) return null;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? null : Math.floor(ms / 60_000);
}

/**
 * The highest reading stated before this listing's current one (by when each was first stated: a
 * listing that has said 48,100 mi since before another said 48,260 is older, not rolled back), where
 * it is more than SLACK_MILES above; else a held report's last reading, dated before it, above it.
 */
function mileageDrop(
  mine: ListingMemory | null,
  others: ListingMemory[],
  report: { miles: number; date: string | null } | null,
): VehicleHistory['mileage'] {
  const last = mine && lastPoint(mine.miles);
  const unit = unitOf(last?.[2]);
  if (!mine || !last || !unit) return null;
  const stated: Reading = { value: last[1], unit, where: null, at: last[0] };
  const statedMiles = inMiles(stated.value, unit);
  let worst: Reading | null = null;
  // This listing's own earlier points (in the order stated); another's stated in an earlier minute
  // only: times are kept in minutes, so two tabs read in the same one have no order (no warning).
  const earlier = [
    ...mine.miles.slice(0, -1).map((point) => ({ point, where: null })),
    ...others.flatMap((l) =>
      l.miles.filter((p) => p[0] < stated.at).map((point) => ({ point, where: l.site })),
    ),
  ];
  for (const { point, where } of earlier) {
    const pointUnit = unitOf(point[2]);
    if (!pointUnit) continue;
    const miles = inMiles(point[1], pointUnit);
    if (miles > statedMiles + SLACK_MILES && miles > (worst ? inMiles(worst.value, worst.unit) : 0))
      worst = { value: point[1], unit: pointUnit, where, at: point[0] };
  }
  if (worst) return { stated, earlier: worst };
  // Another site's reading of this very minute: no order, so no warning; said only when the two are
  // further apart than dealers' feeds usually are (a few hundred miles).
  for (const l of others)
    for (const p of l.miles) {
      const pointUnit = unitOf(p[2]);
      if (p[0] !== stated.at || !pointUnit) continue;
      const gap = Math.abs(inMiles(p[1], pointUnit) - statedMiles);
      if (gap > DIFFER_MILES && gap > DIFFER_SHARE * statedMiles)
        return { stated, differs: { value: p[1], unit: pointUnit, where: l.site, at: p[0] } };
    }
  const reportAt = reportMinute(report?.date ?? null);
  if (report && reportAt !== null && reportAt < stated.at && report.miles > statedMiles + SLACK_MILES)
    return { stated, report: report.miles, date: report.date };
  return null;
}
