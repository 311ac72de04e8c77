// The words a person reads at a glance about a vehicle's history (vehicle-history.ts): for the badge's
// panel and the watched vehicles' page. Dates in the user's own time zone, the year only when it is
// not this year. Pure.
import type { ListingNow, VehicleHistory } from './vehicle-history';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Oct 2", or "Oct 2, 2025" in another year than `today`'s (minutes since 1970). */
export function day(minute: number, today: number): string {
  const date = new Date(minute * 60_000);
  const year = date.getFullYear();
  const words = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  return year === new Date(today * 60_000).getFullYear() ? words : `${words}, ${year}`;
}

/** A price in its own currency; `null`: the page did not say which. */
export function money(value: number, currency: string | null = 'USD'): string {
  const digits = value.toLocaleString('en-US');
  if (!currency) return `${digits} (currency not stated)`;
  return currency === 'USD' ? `$${digits}` : `${digits} ${currency}`;
}

/** A reading in its own unit; `null`: the page did not say which. */
export const distance = (value: number, unit: 'mi' | 'km' | null) =>
  `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ' (unit not stated)'}`;

/** Where and when a listing was seen, with its last price where its page stated one (issue 56). */
const seenAt = (listing: ListingNow, today: number) => {
  const price =
    listing.price !== undefined && listing.currency ? ` at ${money(listing.price, listing.currency)}` : '';
  return listing.first === listing.last || day(listing.first, today) === day(listing.last, today)
    ? `${listing.site}${price} (${day(listing.last, today)})`
    : `${listing.site}${price} (${day(listing.first, today)} to ${day(listing.last, today)})`;
};

export interface HistoryLine {
  text: string;
  /** A line to read first: a mileage that went down. */
  warn?: boolean;
  /** What the finding is, for its look: bad news, good news for a buyer, or neither. */
  tone: 'warn' | 'good' | 'neutral';
  /** A finding (led by the panel, in order of harm) or what the memory saw (below them). */
  finding: boolean;
  /** The listing the line is about, opened from it (the background opens it: a tab, no referrer). */
  url?: string;
}

/** The lines in order of harm (a mileage warning, a lower price elsewhere, a drop, a relist, then
 * where it was seen); none when the memory knows nothing more than this visit. */
export function historyWords(history: VehicleHistory, today: number): HistoryLine[] {
  const lines: HistoryLine[] = [];
  const { mileage, change, cheaper, relisted, before, current } = history;
  if (mileage && 'differs' in mileage) {
    const { stated, differs } = mileage;
    lines.push({
      tone: 'neutral',
      finding: true,
      text: `Mileage differs: ${differs.where} showed ${distance(differs.value, differs.unit)} at the same time (${day(differs.at, today)}); this listing says ${distance(stated.value, stated.unit)}.`,
    });
  } else if (mileage) {
    const { stated } = mileage;
    const said = `This listing has said ${distance(stated.value, stated.unit)} since ${day(stated.at, today)}`;
    lines.push({
      warn: true,
      tone: 'warn',
      finding: true,
      text:
        'report' in mileage
          ? `Mileage warning: ${said}; a report you hold read ${distance(mileage.report, 'mi')}${mileage.date ? ` on ${mileage.date}` : ''}.`
          : `Mileage warning: ${said}; ${mileage.earlier.where ? `${mileage.earlier.where} showed` : 'it said'} ${distance(mileage.earlier.value, mileage.earlier.unit)} on ${day(mileage.earlier.at, today)}.`,
    });
  }
  if (cheaper?.price !== undefined && current?.price !== undefined)
    lines.push({
      tone: 'good',
      finding: true,
      text: `Listed for less ${cheaper.site === current.site ? `elsewhere on ${cheaper.site}` : `on ${cheaper.site}`}: ${money(cheaper.price, cheaper.currency)}, ${money(current.price - cheaper.price, cheaper.currency)} less (${day(cheaper.last, today)})`,
      url: cheaper.url,
    });
  if (change && current)
    lines.push({
      tone: change.to < change.from ? 'good' : 'neutral',
      finding: true,
      text: `${change.to < change.from ? '▼' : '▲'} ${money(Math.abs(change.to - change.from), change.currency)} since ${day(change.since, today)} (was ${money(change.from, change.currency)})`,
    });
  if (relisted)
    lines.push({
      tone: 'neutral',
      finding: true,
      text: relisted.afterSold
        ? `Relisted: for sale again on ${day(relisted.at, today)} after it was shown as sold.`
        : `Relisted: a new listing on ${day(relisted.at, today)}; its earlier listing on ${current?.site ?? 'this site'} was last seen ${day(relisted.ended, today)}.`,
    });
  // The listing said as listed for less is not said again (issue 64: no finding twice).
  const rest = before.filter((listing) => listing !== cheaper);
  if (rest.length)
    lines.push({
      tone: 'neutral',
      finding: false,
      text: `Seen before: ${rest
        .slice(0, 3)
        .map((listing) => seenAt(listing, today))
        .join(', ')}${rest.length > 3 ? ` and ${rest.length - 3} more` : ''}`,
    });
  return lines;
}
