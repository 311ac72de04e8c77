// The places a vehicle's badge may go, each its own function, tried by placement.ts strongest
// evidence first. Each returns null when its evidence says nothing about this VIN.
import type { DataKeys } from './data-keys';
import type { Occurrence } from './occurrence';
import type { VinMarks } from './vin-marks';

export interface Placement {
  vin: string;
  anchor: Element;
  /** Where the badge goes: at the end of the element (text showing the VIN), or first in it (a card). */
  append: 'end' | 'first';
  /** The vehicle's card, where the badge finds a spot that hides nothing (badge/spot-watch.ts). */
  card: Element;
}

/** A strip of slides (sites name them so, in classes, ids or ARIA), which repeats listings shown elsewhere. */
const CAROUSEL =
  '[class*="carousel" i],[id*="carousel" i],[data-cmp*="carousel" i],[aria-roledescription="carousel" i],[class*="swiper" i],[class*="slick" i],[class*="splide" i]';

const inCard = (vin: string, card: Element): Placement => ({ vin, anchor: card, append: 'first', card });

/** Beside the VIN where the page shows it to the eye. */
export function besideShownText(
  marks: VinMarks,
  vin: string,
  occurrences: Occurrence[],
  isVisible: (el: Element) => boolean,
): Placement | null {
  const text = occurrences.find((o) => o.kind === 'text' && isVisible(o.element));
  if (!text) return null;
  return {
    vin,
    anchor: text.element,
    append: 'end',
    card: marks.climb(text.element, vin).largest ?? text.element,
  };
}

/** At the top of the card of an element that holds it (the largest that holds this VIN and no other). */
export function inHoldingCard(marks: VinMarks, vin: string, occurrences: Occurrence[]): Placement | null {
  for (const held of occurrences) {
    if (held.kind === 'json') continue;
    const card = marks.climb(held.element, vin).largest;
    if (card) return inCard(vin, card);
  }
  return null;
}

/** At the top of the one card a data block of this VIN (JSON-LD in a card) sits in. */
export function inDataCard(marks: VinMarks, vin: string, occurrences: Occurrence[]): Placement | null {
  const card = marks.dataCard(occurrences, vin);
  return card ? inCard(vin, card) : null;
}

/**
 * The one vehicle a page is about (its title or URL names this VIN's record, and no other's, and its
 * body shows no VIN of its own) gets its badge beside the main heading, or first on the page. The
 * page is its card: a photo or link it shares with the record would otherwise grow into the whole
 * page from wherever it sits.
 */
export function onVehiclePage(doc: Document, marks: VinMarks, keys: DataKeys, vin: string): Placement | null {
  const { pageVehicles } = keys;
  if (marks.bodyHoldsVins() || pageVehicles.size !== 1 || !pageVehicles.has(vin) || !doc.body) return null;
  const heading = doc.body.querySelector('h1');
  return heading
    ? { vin, anchor: heading, append: 'end', card: heading.parentElement ?? heading }
    : { vin, anchor: doc.body, append: 'first', card: doc.body };
}

/** The one card sharing a key with this VIN's records, strong keys first; null when none or two. */
export function byIdentity(marks: VinMarks, keys: DataKeys, vin: string): Placement | null {
  const own = keys.keysOf(vin);
  if (!own) return null;
  for (const tier of [own.strong, own.weak]) {
    const cards: Element[] = [];
    for (const [, carriers] of keys.usable(tier, vin)) {
      const found = carriers.map((el) => {
        const { listItem, largest } = marks.climb(el, vin);
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
    return card ? inCard(vin, card) : null;
  }
  return null;
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
