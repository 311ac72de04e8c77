// A vehicle's one most important finding, for the pill on its card (issue 64): a few words and an
// icon, in order of harm (a mileage warning; an accident or title brand in a report held; a park-it
// recall NHTSA's kept answer names; listed for less elsewhere, with the gap; a price drop; the
// fair-price rating; a report held, with its lead fact; record counts once checked; otherwise nothing
// known). Worked out in the background from what this device holds, worded here. Pure.
import { z } from 'zod/mini';
import type { RecordCounts } from '../domain';
import { plural } from '../plural';
import type { VehicleFacts } from '../reports/facts/vehicle-facts';
import { MAX_TAB_VINS } from '../vin/page-limits';
import { VinSchema } from '../vin/vin-schema';
import { money } from './history-words';
import type { MarketAnswer } from './market-answer';
import type { VehicleHistory } from './vehicle-history';

/** What the pill looks like: its colours and its icon's shape (colour never says it alone). */
export const VerdictKind = z.enum(['warn', 'good', 'caution', 'note', 'held', 'known', 'none']);
export const VerdictIcon = z.enum(['alert', 'down', 'up', 'tag', 'check', 'list', 'dot']);

export const CardVerdict = z.object({
  kind: VerdictKind,
  icon: VerdictIcon,
  /** On the pill: a few words (its width is fixed; longer words end in an ellipsis). */
  words: z.string().check(z.maxLength(40)),
  /** What a screen reader hears: the finding in a sentence. */
  heard: z.string().check(z.maxLength(300)),
});
export type CardVerdict = z.infer<typeof CardVerdict>;

export interface VerdictInputs {
  history: VehicleHistory | null;
  market: MarketAnswer | null;
  /** The reports held for it, combined, when read. */
  held: VehicleFacts | null;
  owned: boolean;
  /** Recall campaigns for its model, from NHTSA's answer kept on this device (never asked for here). */
  recalls: { count: number; parkIt: number; parkOutside: number } | null;
  counts: RecordCounts | null;
}

const RATED = {
  great: ['good', 'Great price'],
  good: ['good', 'Good price'],
  fair: ['note', 'Fair price'],
  high: ['caution', 'High price'],
  overpriced: ['caution', 'Overpriced'],
} as const;

const verdict = (kind: CardVerdict['kind'], icon: CardVerdict['icon'], words: string, heard: string) => ({
  kind,
  icon,
  words,
  heard,
});

/** "$460", "1,200 CAD": a gap in whole units. */
const gapIn = (value: number, currency: string) => money(Math.round(value), currency);

/** A title brand a report states that is not a clean title ("Salvage", "Rebuilt"), or null. */
function brandOf(held: VehicleFacts | null): string | null {
  const brands = held?.facts.titleBrands?.value ?? [];
  return brands.find((b) => !/^\s*(clean|none|no brands?)\b/i.test(b)) ?? null;
}

/** The held reports' accidents: a count, "reported" (a count not stated), or null for none. */
function accidentsOf(held: VehicleFacts | null): number | 'reported' | null {
  const accidents = held?.facts.accidents?.value;
  if (!accidents) return null;
  if (accidents.count === null) return 'reported';
  return accidents.count > 0 ? accidents.count : null;
}

/** The held reports' lead fact: no accidents, else its owners, else "report held" (not read yet). */
function heldLead(held: VehicleFacts | null): string {
  const facts = held?.facts;
  if (facts?.accidents?.value.count === 0) return 'No accidents';
  return facts?.owners ? plural(facts.owners.value, 'owner') : 'Report held';
}

export function cardVerdict(i: VerdictInputs): CardVerdict {
  const { history, market, held } = i;
  const mileage = history?.mileage;
  if (mileage && !('differs' in mileage))
    return verdict(
      'warn',
      'alert',
      'Mileage dropped',
      'Mileage warning: this listing states fewer miles than were seen before. Open for the readings.',
    );
  const accidents = accidentsOf(held);
  const brand = brandOf(held);
  if (accidents !== null || brand) {
    const said =
      accidents === null
        ? `${brand} title`
        : accidents === 'reported'
          ? 'Accident reported'
          : plural(accidents, 'accident');
    return verdict(
      'warn',
      'alert',
      said,
      `Your report states: ${said}${accidents !== null && brand ? `, ${brand} title` : ''}.`,
    );
  }
  if (i.recalls && (i.recalls.parkIt || i.recalls.parkOutside)) {
    const words = i.recalls.parkIt ? 'Park-it recall' : 'Fire-risk recall';
    return verdict(
      'warn',
      'alert',
      words,
      `${i.recalls.parkIt ? 'A “park it” recall' : 'A “park outside” recall (fire risk)'} for this model, NHTSA says: ask whether it was repaired.`,
    );
  }
  const here = history?.current;
  const cheaper = history?.cheaper;
  if (here?.price !== undefined && here.currency && cheaper?.price !== undefined) {
    const gap = gapIn(here.price - cheaper.price, here.currency);
    const where = cheaper.site === here.site ? 'elsewhere' : `on ${cheaper.site}`;
    // The site in the panel and for screen readers: on the pill it would not fit.
    return verdict(
      'good',
      'down',
      `${gap} less elsewhere`,
      `Listed for ${gap} less ${where}. Open for the listing.`,
    );
  }
  const change = history?.change;
  if (change && change.to < change.from) {
    const gap = gapIn(change.from - change.to, change.currency);
    return verdict('good', 'down', `Price down ${gap}`, `The price went down by ${gap} since first seen.`);
  }
  const rating = market?.gauge?.rating;
  if (rating && market?.price !== undefined) {
    const [kind, words] = RATED[rating];
    return verdict(
      kind,
      kind === 'caution' ? 'up' : 'tag',
      words,
      `${words} against similar cars you have seen. Open for how it is judged.`,
    );
  }
  if (i.owned) {
    const lead = heldLead(held);
    const states = lead === 'Report held' ? '' : ` It states: ${lead.toLowerCase()}.`;
    return verdict('held', 'check', lead, `You hold a report on this vehicle.${states}`);
  }
  if (i.counts) {
    const total = i.counts.records.providerA + i.counts.records.providerB;
    return verdict(
      'known',
      'list',
      plural(total, 'record'),
      `${plural(i.counts.records.providerA, 'record')} at providerA, ${plural(i.counts.records.providerB, 'record')} at providerB.`,
    );
  }
  return verdict('none', 'dot', 'No history yet', 'Nothing known about this vehicle yet. Open to check.');
}

/** The answer to the popup's PILLS_ASKED (pills-asked.ts): each VIN with a badge on the page and what its pill says (a VIN the tab lists without
 * one is in the page's data only). */
export const TabPills = z.object({
  pills: z.array(z.object({ vin: VinSchema, verdict: CardVerdict })).check(z.maxLength(MAX_TAB_VINS)),
});
export type TabPills = z.infer<typeof TabPills>;
/** What the content script sends (its VINs not branded yet: the popup parses them). */
export type TabPillsSent = z.input<typeof TabPills>;
