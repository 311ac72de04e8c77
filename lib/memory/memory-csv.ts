// The watched vehicles and their sightings as CSV (the report list's quoting rules: lib/reports/csv.ts),
// one row per listing: where and when it was seen, its price and mileage now and how they moved.
import { csvLine } from '../reports/csv';
import { type ListingMemory, lastPoint, pointPairs } from './listing-memory';
import type { WatchedVehicle } from './memory-messages';

const isoDay = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 10);
const points = (values: number[]) =>
  pointPairs(values)
    .map(([at, value]) => `${isoDay(at)}:${value}`)
    .join('; ');
const last = (values: number[]) => String(lastPoint(values) ?? '');

export function watchedCsv(vehicles: Array<{ watched: WatchedVehicle; listings: ListingMemory[] }>): string {
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
    ]),
  ];
  for (const { watched, listings } of vehicles) {
    const base = [watched.vin, watched.title ?? '', isoDay(watched.at)];
    if (listings.length === 0) rows.push(csvLine([...base, ...Array(13).fill('')]));
    for (const l of [...listings].sort((a, b) => a.first - b.first))
      rows.push(
        csvLine([
          ...base,
          l.site,
          l.url,
          isoDay(l.first),
          isoDay(l.last),
          String(l.views),
          last(l.prices),
          l.cur ?? 'USD',
          points(l.prices),
          last(l.miles),
          l.km ? 'km' : 'mi',
          points(l.miles),
          l.sold === undefined ? '' : isoDay(l.sold),
          // For sale again after sold, or a new listing after an ended one (its first day).
          [...(l.after !== undefined ? [l.first] : []), ...(l.relist ?? [])].map(isoDay).join('; '),
        ]),
      );
  }
  return `${rows.join('\r\n')}\r\n`;
}
