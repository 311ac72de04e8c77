// What the page shows of each vehicle it badges, for the memory of vehicles seen (lib/memory/): the
// listing's own link, price and mileage (its data record first, then its card's text), whether it is
// sold. Handed to the background at most one message a second, whatever the page's size; the
// background decides whether anything is kept (the memory may be off, the site left out, the window
// private). Nothing is fetched: only what the page shows.
import { type ListingFacts, recordFacts, sane, textFacts } from '@/lib/memory/listing-facts';
import type { Sighting } from '@/lib/memory/listing-memory';
import { SIGHTINGS_PER_MESSAGE } from '@/lib/vin/page-limits';
import type { Occurrence } from './occurrence';
import type { Placement } from './place-strategies';

const SEND_EVERY_MS = 1000;
/** A card's text beyond this is another card's (or the page's): not read for the listing's facts. */
const MAX_CARD_TEXT = 3000;
const SOLD_TEXT = /\bSOLD\b|\b(?:This|The) (?:car|vehicle) (?:has been|is|was) sold\b/;

/** The listing's own address: its data's `url`, else the first link of its card to a page of this site. */
function linkOf(
  placement: Placement,
  records: Array<Record<string, unknown>>,
  doc: Document,
): string | undefined {
  for (const record of records) {
    const href =
      typeof record.url === 'string' ? record.url : (record.website as { href?: unknown } | undefined)?.href;
    if (typeof href === 'string' && URL.canParse(href, doc.baseURI)) return new URL(href, doc.baseURI).href;
  }
  const { card } = placement;
  if (card === doc.body || card === doc.documentElement) return undefined;
  for (const a of card.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(a.href, doc.baseURI);
    if (url.host === location.host && url.pathname.length > 1) return url.href;
  }
  return undefined;
}

const recordsOf = (found: Occurrence[]) =>
  found.flatMap((o) => (o.record ? [o.record as Record<string, unknown>] : []));

/** The listing's own link, if one fits a message. */
function linkFor(placement: Placement, records: Array<Record<string, unknown>>, doc: Document) {
  const url = linkOf(placement, records, doc);
  return url && url.length <= 2000 ? url : undefined;
}

/** What the page shows of one badged vehicle: its data records first, then its card's text. */
function sightingOf(placement: Placement, found: Occurrence[], doc: Document): Sighting {
  const records = recordsOf(found);
  let facts: ListingFacts = {};
  for (const record of records) facts = { ...recordFacts(record), ...facts };
  const { card } = placement;
  if (card !== doc.body && card !== doc.documentElement) {
    const text = (card.textContent ?? '').slice(0, MAX_CARD_TEXT);
    facts = textFacts(text, facts);
    if (SOLD_TEXT.test(text)) facts.sold = true;
  }
  const link = linkFor(placement, records, doc);
  return { vin: placement.vin as Sighting['vin'], ...(link ? { url: link } : {}), ...sane(facts) };
}

/**
 * `onRead`: how long reading one message's cards took (the loopback build reports it to bench:memory).
 * The cards are read when their message goes, not while badges are placed: a page's first pass
 * stays as short as without the memory, and a card is read once its page has drawn it.
 */
export function createListingNotes(
  doc: Document,
  send: (sightings: Sighting[]) => void,
  onRead?: (ms: number) => void,
) {
  const waiting: Array<{ placement: Placement; found: Occurrence[] }> = [];
  let scheduled = false;
  let sentAt = Number.NEGATIVE_INFINITY;
  // The first batch goes at once (a tab closed a moment after it opened was still seen), the next
  // ones a second apart.
  const schedule = () => {
    scheduled = true;
    setTimeout(flush, Math.max(0, sentAt + SEND_EVERY_MS - performance.now()));
  };
  const flush = () => {
    sentAt = performance.now();
    const sightings = waiting
      .splice(0, SIGHTINGS_PER_MESSAGE)
      .map(({ placement, found }) => sightingOf(placement, found, doc));
    onRead?.(performance.now() - sentAt);
    send(sightings);
    scheduled = false;
    if (waiting.length) schedule();
  };
  return {
    /** Notes a badged vehicle, read when its message goes. */
    note(placement: Placement, found: Occurrence[]): void {
      waiting.push({ placement, found });
      if (!scheduled) schedule();
    },
    /** The listing's own link (the panel asks about that listing), read when the panel opens. */
    link: (placement: Placement, found: Occurrence[]) => linkFor(placement, recordsOf(found), doc),
  };
}
