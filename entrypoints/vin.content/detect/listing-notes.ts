// What the page shows of each vehicle it badges, for the memory of vehicles seen (lib/memory/): the
// listing's own link, its card's texts near its figures (card-snippets.ts) and what its data record
// says of price and mileage; the background reads them (lib/memory/read-card.ts) and decides whether
// anything is kept (the memory may be off, the site left out, the window private). Handed over at
// most one message a second, whatever the page's size (what waits goes at once when the page is
// left: sendAll). Nothing is fetched: only what the page shows.
import { type ListingFacts, recordDealer, recordFacts, sane } from '@/lib/memory/listing-facts';
import type { Sighting } from '@/lib/memory/listing-memory';
import { currencyCode, type PageLocale, regionOf } from '@/lib/memory/page-locale';
import { SIGHTINGS_PER_MESSAGE } from '@/lib/vin/page-limits';
import { cardSnippets } from './card-snippets';
import { titleOf, wordsOf } from './card-title';
import type { Occurrence } from './occurrence';
import type { Placement } from './place-strategies';

const SEND_EVERY_MS = 1000;

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

/**
 * A page about one vehicle with no card of its own: the block around its title, up to other headings;
 * with no <h1> (Carvana's vehicle page draws it by script, an auction lot titles itself in a <div>),
 * its main content, else its body (the card's reading stops after 4,000 characters).
 */
function pageCard(doc: Document): Element | null {
  let scope: Element | null = doc.querySelector('h1');
  if (!scope) return doc.querySelector('main, [role="main"]') ?? doc.body;
  while (scope?.parentElement && scope.parentElement !== doc.documentElement) {
    const up: Element = scope.parentElement;
    if (up.querySelectorAll('h1, h2').length > 1) break;
    scope = up;
  }
  return scope;
}

/** Where marketplaces' cards name their dealer (cars.com's `div.dealer-name`, Autotrader's
 * `[data-cmp=ownerDistance]` "Dealer Name (N mi. away)", CarGurus' and TrueCar's seller blocks). */
const DEALER =
  '[class*="dealer-name" i],[class*="dealername" i],[class*="seller-name" i],[data-cmp="ownerDistance"],[data-test*="dealerName" i]';

/** The dealer a card names, without its distance; undefined when it names none. */
function cardDealer(card: Element): string | undefined {
  const name = card.querySelector(DEALER)?.textContent?.replace(/\(.*$/, '').replace(/\s+/g, ' ').trim();
  // "Private seller" names no one: each such car is its own seller.
  return name && !/^(private|by owner|owner|dealer)\b/i.test(name) ? name.slice(0, 100) : undefined;
}

/** What the page shows of one badged vehicle: its card's texts, and its data records' figures. */
function sightingOf(placement: Placement, found: Occurrence[], doc: Document, noted: number): Sighting {
  const records = recordsOf(found);
  let data: ListingFacts = {};
  for (const record of records) data = { ...recordFacts(record), ...data };
  const whole = placement.card === doc.body || placement.card === doc.documentElement;
  const card = whole ? pageCard(doc) : placement.card;
  const snippets = card ? cardSnippets(card) : [];
  const link = linkFor(placement, records, doc);
  const facts = sane(data);
  // The title as it stands (read in the background: lib/market/vehicle-title.ts): its heading with a
  // model year, else the data's name (JSON-LD `name`), else the card's first words (TrueCar writes
  // year, make and model and trim in blocks of their own, no heading), else, on a page about one
  // vehicle, the document's title (Carvana's vehicle page draws its heading by script).
  const heading = card && titleOf(card);
  const name = records.find((r) => typeof r.name === 'string')?.name as string | undefined;
  // A page with no <h1> is read whole: its document title names the vehicle before its words do.
  const untitled = whole && !doc.querySelector('h1');
  const title = [
    heading && wordsOf(heading),
    name,
    untitled && doc.title,
    card && wordsOf(card),
    whole && doc.title,
  ].find((t) => t && /\b(19|20)\d\d\b/.test(t));
  const dealer = records.map(recordDealer).find(Boolean) ?? (card && cardDealer(card));
  return {
    vin: placement.vin as Sighting['vin'],
    ...(link ? { url: link } : {}),
    ...(dealer ? { dealer } : {}),
    ...(title ? { title: title.slice(0, 200) } : {}),
    ...(snippets.length ? { card: snippets } : {}),
    ...(Object.keys(facts).length ? { data: facts } : {}),
    noted,
  };
}

/**
 * Where the page says it is (lib/memory/page-locale.ts): its language tag's region (the root's
 * `lang`, a Content-Language meta, og:locale) and the currency code its markup names for prices.
 */
export function pageLocale(doc: Document): PageLocale {
  const meta = (selector: string) => doc.querySelector(`meta[${selector}]`)?.getAttribute('content');
  const language = [...doc.querySelectorAll('meta[http-equiv]')].find(
    (m) => m.getAttribute('http-equiv')?.toLowerCase() === 'content-language',
  );
  const region = [doc.documentElement.lang, language?.getAttribute('content'), meta('property="og:locale"')]
    .map(regionOf)
    .find(Boolean);
  const currency = currencyCode(
    meta('itemprop="priceCurrency"') ??
      meta('property="product:price:currency"') ??
      meta('property="og:price:currency"'),
  );
  return { ...(region ? { region } : {}), ...(currency ? { currency } : {}) };
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
  /** Told the notes that just went (the pills then ask about their vehicles: verdict-feed.ts). */
  onSent?: (sent: Sighting[]) => void,
) {
  // Each stamped when noted: "Clear browsing memory" clicked before its message goes wins over it.
  const waiting: Array<{ placement: Placement; found: Occurrence[]; noted: number }> = [];
  let scheduled = false;
  let sentAt = Number.NEGATIVE_INFINITY;
  // The first batch goes at once (a tab closed a moment after it opened was still seen), the next
  // ones a second apart.
  const schedule = () => {
    scheduled = true;
    setTimeout(flush, Math.max(0, sentAt + SEND_EVERY_MS - performance.now()));
  };
  /** Reads `batch`'s cards and sends them in one message; returns how long the reading took. */
  const sendBatch = (batch: typeof waiting): number => {
    const start = performance.now();
    const sightings = batch.map(({ placement, found, noted }) => sightingOf(placement, found, doc, noted));
    const readMs = performance.now() - start;
    send(sightings);
    onSent?.(sightings);
    return readMs;
  };
  const flush = () => {
    sentAt = performance.now();
    // Sent meanwhile (a panel opened, the tab hidden): no empty message.
    if (waiting.length) {
      const readMs = sendBatch(waiting.splice(0, SIGHTINGS_PER_MESSAGE));
      onRead?.(readMs);
    }
    scheduled = false;
    if (waiting.length) schedule();
  };
  return {
    /** Notes a badged vehicle, read when its message goes. */
    note(placement: Placement, found: Occurrence[]): void {
      waiting.push({ placement, found, noted: Date.now() });
      if (!scheduled) schedule();
    },
    /** Sends `vin`'s waiting notes at once: its panel is about to ask about it (a click, never a flood). */
    sendNow(vin: string): void {
      const now = waiting.filter((w) => w.placement.vin === vin);
      if (now.length === 0) return;
      for (const w of now) waiting.splice(waiting.indexOf(w), 1);
      sendBatch(now);
    },
    /**
     * Sends every waiting note now, 200 a message: the page is going away or out of sight (a shopper
     * who scrolled to the last cards and clicked one within the second would lose them otherwise, and
     * a hidden tab's timers may wait a minute). One leave, a few messages: never a flood.
     */
    sendAll(): void {
      while (waiting.length) sendBatch(waiting.splice(0, SIGHTINGS_PER_MESSAGE));
    },
    /** The listing's own link (the panel asks about that listing), read when the panel opens. */
    link: (placement: Placement, found: Occurrence[]) => linkFor(placement, recordsOf(found), doc),
  };
}
