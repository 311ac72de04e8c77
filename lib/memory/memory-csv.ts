// The watched vehicles and their sightings as CSV (the report list's quoting rules: lib/reports/csv.ts),
// one row per listing: where and when it was seen, its price and mileage now and how they moved, each
// value with its own unit as its page stated it (blank where the page did not say), and the previous
// release's unverified figures in columns of their own; the vehicle's fair-price gauge (in the
// currency of its own listing's price) on each of its rows.
import { csvLine } from '../reports/csv';
import { type ListingMemory, lastPoint, type Point } from './listing-memory';
import type { MarketAnswer } from './market-answer';
import { UNRATED_WORDS } from './market-words';
import type { WatchedVehicle } from './memory-messages';

const isoDay = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 10);
const points = (values: Point[]) =>
  values.map(([at, value, unit]) => `${isoDay(at)}:${value}${unit ? ` ${unit}` : ''}`).join('; ');
/** The previous release's flat points [minute, value, …]. */
const oldPoints = (values: number[] | undefined, unit: string) => {
  const out: string[] = [];
  for (let i = 0; values && i + 1 < values.length; i += 2)
    out.push(`${isoDay(values[i] as number)}:${values[i + 1]} ${unit}`);
  return out.join('; ');
};

/** The fair-price gauge's columns (issue 57), beside those of a vehicle. */
export const GAUGE_COLUMNS = [
  'fair_price_estimate',
  'fair_range_low',
  'fair_range_high',
  'fair_price_rating',
  'fair_price_not_rated_because',
  'comparables_seen',
];

/** A vehicle's fair-price gauge in those columns; blank without one. */
export function gaugeCells(market: MarketAnswer | undefined): string[] {
  const gauge = market?.gauge;
  const why = market?.unrated ? UNRATED_WORDS[market.unrated] : '';
  if (!market || !gauge) return ['', '', '', '', why, String(market?.comparables ?? '')];
  return [
    String(gauge.estimate),
    String(gauge.low),
    String(gauge.high),
    gauge.rating ?? '',
    why,
    String(gauge.comparables),
  ];
}

export function watchedCsv(
  vehicles: Array<{ watched: WatchedVehicle; listings: ListingMemory[]; market?: MarketAnswer }>,
): string {
  const rows = [
    csvLine([
      'vin',
      'title',
      'watched_since',
      'site',
      'listing_url',
      'first_seen',
      'last_seen',
      'views',
      'price',
      'currency',
      'price_history',
      'mileage',
      'mileage_unit',
      'mileage_history',
      'sold_seen',
      'relisted',
      'unverified_price_history',
      'unverified_mileage_history',
      ...GAUGE_COLUMNS,
    ]),
  ];
  for (const { watched, listings, market } of vehicles) {
    const base = [watched.vin, watched.title ?? '', isoDay(watched.at)];
    const gauge = gaugeCells(market);
    if (listings.length === 0) rows.push(csvLine([...base, ...Array(15).fill(''), ...gauge]));
    for (const l of [...listings].sort((a, b) => a.first - b.first))
      rows.push(
        csvLine([
          ...base,
          l.site,
          l.url,
          isoDay(l.first),
          isoDay(l.last),
          String(l.views),
          String(lastPoint(l.prices)?.[1] ?? ''),
          lastPoint(l.prices)?.[2] ?? '',
          points(l.prices),
          String(lastPoint(l.miles)?.[1] ?? ''),
          lastPoint(l.miles)?.[2] ?? '',
          points(l.miles),
          l.sold === undefined ? '' : isoDay(l.sold),
          // For sale again after sold, or a new listing after an ended one (its first day).
          [...(l.after !== undefined ? [l.first] : []), ...(l.relist ?? [])].map(isoDay).join('; '),
          oldPoints(l.old?.prices, l.old?.cur ?? 'USD'),
          oldPoints(l.old?.miles, l.old?.km ? 'km' : 'mi'),
          ...gauge,
        ]),
      );
  }
  return `${rows.join('\r\n')}\r\n`;
}
