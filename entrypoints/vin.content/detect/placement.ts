// Decides where each vehicle's badge goes, trying every place the VIN was found, strongest evidence
// first: beside the visible VIN; at the top of the card of any element that holds it (the largest
// element that holds this VIN and no other); at the top of the one card a data block (JSON-LD in a
// card) sits in; on a page about this one vehicle, beside its heading; then the one card that
// shares a key with its record (a listing id, a URL, a photo, a name: lib/vin/listing-identity.ts).
// An element holding many VINs (a results container, a page-level JSON attribute) only says the VIN
// is on the page, never where its card is. Two cards that could match: no badge (the VIN is still
// in the popup's list). One badge per VIN.
import { type IdentityKeys, recordKeys, titleNames, urlKeys } from '@/lib/vin/listing-identity';
import { type CardIndex, createCardIndex } from './card-index';
import type { Occurrence } from './subtree-scanner';

export interface Placement {
  vin: string;
  anchor: Element;
  /** Where the badge goes: at the end of the element (text showing the VIN), or first in it (a card). */
  append: 'end' | 'first';
  /** The vehicle's card, where the badge finds a spot that hides nothing (spot-watch.ts). */
  card: Element;
}

const MANY = 1;
/** A strip of slides (sites name them so, in classes, ids or ARIA), which repeats listings shown elsewhere. */
const CAROUSEL =
  '[class*="carousel" i],[id*="carousel" i],[data-cmp*="carousel" i],[aria-roledescription="carousel" i],[class*="swiper" i],[class*="slick" i],[class*="splide" i]';
/** Where a page about one vehicle may name it besides its <title> and <h1>. */
const TITLE_BLOCKS = 'h2, [class*="title" i]:not(title)';
// A key on more elements than this is page furniture (a logo, a "view all" link), not a card's.
const MAX_CARRIERS = 8;

export type Placer = ReturnType<typeof createPlacer>;

export function createPlacer(doc: Document) {
  // Element -> the one VIN inside it, or MANY. Kept across batches so later cards see earlier ones.
  let vinsInside = new WeakMap<Element, string | typeof MANY>();
  // The same, from what the page itself holds (no key matches): which cards are a VIN's own.
  let heldInside = new WeakMap<Element, string | typeof MANY>();
  const index: CardIndex = createCardIndex(doc);
  // VINs known only from data: their keys, who else claims each key, and the elements matched.
  const keysOf = new Map<string, IdentityKeys>();
  const owners = new Map<string, Set<string>>();
  const matched = new Map<string, Element[]>();
  const recordKeysCache = new WeakMap<object, IdentityKeys>();
  // VINs known only from data whose record the page's title or URL names (a vehicle's own page).
  const pageVehicles = new Set<string>();
  // A VIN shown or held in the page's body: that one is the page's vehicle, not one from its data
  // (a "similar vehicles" list of the same model).
  let bodyHoldsVins = false;

  function mark(element: Element, vin: string, map = vinsInside) {
    for (let el: Element | null = element; el && el !== doc.body; el = el.parentElement) {
      const seen = map.get(el);
      if (seen === vin || seen === MANY) return; // ancestors are already marked
      map.set(el, seen === undefined ? vin : MANY);
    }
  }

  // Every occurrence marks where it is, a data block too: a JSON-LD block inside a card makes the
  // card this VIN's, and a block listing many VINs makes its container nobody's.
  function record(occurrence: Occurrence) {
    mark(occurrence.element, occurrence.vin);
    mark(occurrence.element, occurrence.vin, heldInside);
    if (occurrence.kind !== 'json' && doc.body?.contains(occurrence.element)) bodyHoldsVins = true;
  }

  /**
   * Whether this element sits in another vehicle's own block: the nearest ancestor that holds a VIN
   * of the page's own (not one matched through keys) holds that vehicle's and no other.
   */
  function inOtherCard(element: Element, vin: string): boolean {
    for (let el: Element | null = element; el && el !== doc.body; el = el.parentElement) {
      const seen = heldInside.get(el);
      if (seen !== undefined) return seen !== MANY && seen !== vin;
    }
    return false;
  }

  const similar = (a: Element | null, b: Element) =>
    !!a && a.localName === b.localName && a.classList[0] === b.classList[0];

  /**
   * Walks up from an element while the ancestors hold this VIN and no other, short of <body>.
   * `largest`: the last of them. `listItem`: the outermost of them that has a look-alike sibling
   * (a card in a list), which is where a badge found through page data goes.
   */
  function climb(element: Element, vin: string): { largest: Element | null; listItem: Element | null } {
    let largest: Element | null = null;
    let listItem: Element | null = null;
    // <head> holds data and links, never something to show a badge in.
    if (!doc.body?.contains(element)) return { largest, listItem };
    for (
      let el: Element | null = element;
      el && el !== doc.body && el !== doc.documentElement;
      el = el.parentElement
    ) {
      const seen = vinsInside.get(el);
      if (seen !== undefined && seen !== vin) break;
      largest = el;
      if (similar(el.previousElementSibling, el) || similar(el.nextElementSibling, el)) listItem = el;
    }
    return { largest, listItem };
  }

  function recordKeysOf(o: { record?: Occurrence['record']; keyInParent?: string }): IdentityKeys {
    if (!o.record) return { strong: [], weak: [] };
    let keys = recordKeysCache.get(o.record);
    if (!keys) {
      keys = recordKeys(o.record, o.keyInParent, doc.baseURI);
      recordKeysCache.set(o.record, keys);
    }
    return keys;
  }

  function keysOfVin(occurrences: Occurrence[]): IdentityKeys {
    const strong = new Set<string>();
    const weak = new Set<string>();
    for (const o of occurrences) {
      if (o.kind !== 'json' || !o.record) continue;
      const keys = recordKeysOf(o);
      for (const k of keys.strong) strong.add(k);
      for (const k of keys.weak) weak.add(k);
    }
    return { strong: [...strong], weak: [...weak] };
  }

  /**
   * Keys this VIN's records alone carry, with at most a handful of elements each, and the elements
   * carrying them outside other vehicles' cards: a card that holds its own VIN is never taken from
   * it because it shares a title or a photo with this record.
   */
  function usable(keys: string[], vin: string): Array<[string, Element[]]> {
    const out: Array<[string, Element[]]> = [];
    for (const key of keys) {
      if ((owners.get(key)?.size ?? 0) > 1) continue;
      const all = index.carriers(key);
      if (all.length === 0 || all.length > MAX_CARRIERS) continue;
      const carriers = all.filter((el) => !inOtherCard(el, vin));
      if (carriers.length) out.push([key, carriers]);
    }
    return out;
  }

  /** The card a data block of this VIN sits in (one of a list of look-alikes), if it sits in one. */
  function dataCard(occurrences: Occurrence[], vin: string): Element | null {
    for (const o of occurrences) {
      if (o.kind !== 'json') continue;
      const { listItem } = climb(o.element, vin);
      if (listItem && listItem !== o.element) return listItem;
    }
    return null;
  }

  // What the page says of itself (its URL's ids, its title and heading): read once per pass of
  // prepareData, not once per VIN.
  let pageSelf: { keys: Set<string>; titles: string[]; headings: string[] } | null = null;

  /**
   * Whether the page is about this vehicle: its URL carries the record's listing id, or its title or
   * main heading names it. `alone` (the page's data holds this one vehicle): a title block that is
   * not an <h1> counts too (a lot page's title is a styled div: issue 47), which on a page of
   * results, whose cards have titles of their own, it must not.
   */
  function aboutThisVehicle(occurrences: Occurrence[], alone: boolean): boolean {
    pageSelf ??= {
      keys: new Set(urlKeys(doc.URL, doc.baseURI).filter((k) => k.startsWith('i:'))),
      titles: [doc.title, doc.querySelector('h1')?.textContent ?? ''],
      headings: [...doc.querySelectorAll(TITLE_BLOCKS)].slice(0, 4).map((el) => el.textContent ?? ''),
    };
    const { keys, titles, headings } = pageSelf;
    const named = alone ? [...titles, ...headings] : titles;
    return occurrences.some((o) => {
      if (o.kind !== 'json' || !o.record) return false;
      const record = o.record;
      if (named.some((title) => titleNames(title, record))) return true;
      return recordKeysOf(o).strong.some((k) => keys.has(k));
    });
  }

  // VINs whose data was looked at (keys learnt, or a card of their own found), and the work of the
  // pass in progress: prepareData runs in slices (500 VINs known only from data took 55-64 ms in one
  // go on the 2,000-card bench page).
  const looked = new Set<string>();
  let toMark: string[] = [];
  let ready = new Set<string>();
  let learning = true;

  /**
   * Makes ready to place these VINs known only from data (after `indexStep` said done): learns
   * their keys and marks the elements carrying them, so that no card grows over a neighbour's.
   * Works until `timeUp()`: null means "call again with the same arguments after yielding"; else the
   * VINs worth trying (new ones, and those a newly indexed element may now match).
   */
  function prepareData(
    due: Map<string, Occurrence[]>,
    waiting: Iterable<string>,
    timeUp: () => boolean = () => false,
  ): Set<string> | null {
    if (learning) {
      for (const [vin, occurrences] of due) {
        if (looked.has(vin)) continue;
        looked.add(vin);
        if (aboutThisVehicle(occurrences, due.size === 1)) pageVehicles.add(vin);
        ready.add(vin);
        // A data block inside its own card needs no keys: learning them would mark look-alike cards
        // (another card with the same title) as this VIN's.
        if (!dataCard(occurrences, vin)) {
          const keys = keysOfVin(occurrences);
          keysOf.set(vin, keys);
          for (const key of [...keys.strong, ...keys.weak]) {
            const set = owners.get(key) ?? new Set<string>();
            owners.set(key, set);
            set.add(vin);
          }
        }
        if (timeUp()) return null;
      }
      const fresh = index.takeFresh();
      if (fresh.size) {
        const waitingSet = new Set(waiting);
        for (const key of fresh)
          for (const vin of owners.get(key) ?? []) if (waitingSet.has(vin)) ready.add(vin);
      }
      learning = false;
      toMark = [...ready];
    }
    while (toMark.length) {
      const vin = toMark.pop() as string;
      const keys = keysOf.get(vin);
      if (!keys) continue;
      const elements = usable([...keys.strong, ...keys.weak], vin).flatMap(([, carriers]) => carriers);
      matched.set(vin, elements);
      for (const el of elements) mark(el, vin);
      if (toMark.length && timeUp()) return null;
    }
    const result = ready;
    ready = new Set();
    learning = true;
    pageSelf = null;
    return result;
  }

  /** The one card sharing a key with this VIN's records, strong keys first; null when none or two. */
  function placeByIdentity(vin: string): Placement | null {
    const keys = keysOf.get(vin);
    if (!keys) return null;
    for (const tier of [keys.strong, keys.weak]) {
      const cards: Element[] = [];
      for (const [, carriers] of usable(tier, vin)) {
        const found = carriers.map((el) => {
          const { listItem, largest } = climb(el, vin);
          return listItem ?? largest;
        });
        // Carriers of one key in two cards (a shared photo, two look-alike titles) say nothing, unless
        // one is a carousel's slide (a dealer's "more from us" strip that repeats a result): the
        // listing's card is the result.
        const outer =
          outermost(found) ??
          outermost(found.filter((card) => !card?.closest(CAROUSEL))) ??
          outermost(found.filter((card) => card && !inSlidingStrip(card)));
        if (outer) cards.push(outer);
      }
      if (cards.length === 0) continue;
      const card = outermost(cards);
      return card ? { vin, anchor: card, append: 'first', card } : null;
    }
    return null;
  }

  function place(
    vin: string,
    occurrences: Occurrence[],
    isVisible: (el: Element) => boolean,
  ): Placement | null {
    const text = occurrences.find((o) => o.kind === 'text' && isVisible(o.element));
    if (text)
      return {
        vin,
        anchor: text.element,
        append: 'end',
        card: climb(text.element, vin).largest ?? text.element,
      };
    for (const held of occurrences) {
      if (held.kind === 'json') continue;
      const card = climb(held.element, vin).largest;
      if (card) return { vin, anchor: card, append: 'first', card };
    }
    const card = dataCard(occurrences, vin);
    if (card) return { vin, anchor: card, append: 'first', card };
    // On a page about this one vehicle, the page is its card: a photo or link it shares with the
    // record would otherwise grow into the whole page from wherever it sits.
    return placeOnVehiclePage(vin) ?? placeByIdentity(vin);
  }

  /**
   * The one vehicle a page is about (its title or URL names this VIN's record, and no other's)
   * gets its badge beside the main heading, or first on the page when it has none.
   */
  function placeOnVehiclePage(vin: string): Placement | null {
    if (bodyHoldsVins || pageVehicles.size !== 1 || !pageVehicles.has(vin) || !doc.body) return null;
    const heading = doc.body.querySelector('h1');
    return heading
      ? { vin, anchor: heading, append: 'end', card: heading.parentElement ?? heading }
      : { vin, anchor: doc.body, append: 'first', card: doc.body };
  }

  /** Forgets every VIN recorded: the caller records the current ones again. */
  const reset = () => {
    vinsInside = new WeakMap();
    heldInside = new WeakMap();
    bodyHoldsVins = false;
    for (const [vin, elements] of matched) for (const el of elements) if (el.isConnected) mark(el, vin);
  };

  /** A VIN left the page: its data keys go with it. */
  function forgetVin(vin: string) {
    pageVehicles.delete(vin);
    looked.delete(vin);
    const keys = keysOf.get(vin);
    if (!keys) return;
    keysOf.delete(vin);
    matched.delete(vin);
    for (const key of [...keys.strong, ...keys.weak]) {
      const set = owners.get(key);
      set?.delete(vin);
      if (set?.size === 0) owners.delete(key);
    }
  }

  return {
    record,
    place,
    prepareData,
    reset,
    forgetVin,
    /** Indexes the page's keys in slices: true when done (call before prepareData). */
    indexStep: index.step,
    noteAdded: index.noteAdded,
    noteRemoved: index.noteRemoved,
  };
}

/**
 * Whether a card sits in a strip of slides however the site names it (issue 47: the real page's
 * dealer strip matched no carousel name): an ancestor that lays its children in one row wider than
 * itself, clipping or scrolling them sideways. Read only when a key's carriers fall in two cards.
 */
function inSlidingStrip(card: Element): boolean {
  for (
    let el = card.parentElement, depth = 0;
    el && el !== el.ownerDocument.body && depth < 4;
    el = el.parentElement, depth++
  ) {
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const style = getComputedStyle(el);
    if (
      /hidden|auto|scroll|clip/.test(style.overflowX) &&
      (style.display.includes('flex') || style.display.includes('grid') || style.whiteSpace === 'nowrap')
    )
      return true;
  }
  return false;
}

/** The one element of a list that contains all the others; null when two are apart. */
function outermost(elements: Array<Element | null>): Element | null {
  let outer: Element | null = null;
  for (const el of elements) {
    if (!el) return null;
    if (!outer || el.contains(outer)) outer = el;
    else if (!outer.contains(el)) return null;
  }
  return outer;
}
