// Which elements hold which VIN: each occurrence marks its element and the ancestors up to <body>
// with its VIN, or as holding many. A card is the largest element that holds one VIN and no other;
// an element holding many VINs (a results container, a page-level JSON attribute) is nobody's card.
import type { Occurrence } from './occurrence';

const MANY = 1;
type Mark = string | typeof MANY;

export type VinMarks = ReturnType<typeof createVinMarks>;

export function createVinMarks(doc: Document) {
  // Element -> the one VIN inside it, or MANY. Kept across batches so later cards see earlier ones.
  let vinsInside = new WeakMap<Element, Mark>();
  // The same, from what the page itself holds (no key matches): which cards are a VIN's own.
  let heldInside = new WeakMap<Element, Mark>();
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

  return {
    climb,
    /** Marks an element carrying a key of this VIN's records as its (no card grows over a neighbour's). */
    markMatched: (element: Element, vin: string) => mark(element, vin),
    /**
     * Every occurrence marks where it is, a data block too: a JSON-LD block inside a card makes the
     * card this VIN's, and a block listing many VINs makes its container nobody's.
     */
    record(occurrence: Occurrence) {
      mark(occurrence.element, occurrence.vin);
      mark(occurrence.element, occurrence.vin, heldInside);
      if (occurrence.kind !== 'json' && doc.body?.contains(occurrence.element)) bodyHoldsVins = true;
    },
    /**
     * Whether this element sits in another vehicle's own block: the nearest ancestor that holds a VIN
     * of the page's own (not one matched through keys) holds that vehicle's and no other.
     */
    inOtherCard(element: Element, vin: string): boolean {
      for (let el: Element | null = element; el && el !== doc.body; el = el.parentElement) {
        const seen = heldInside.get(el);
        if (seen !== undefined) return seen !== MANY && seen !== vin;
      }
      return false;
    },
    /**
     * Whether this element sits in a block marked as another vehicle's (its own VIN, or a key of its
     * records matched there): the nearest marked ancestor holds that vehicle's and no other.
     */
    inOtherBlock(element: Element, vin: string): boolean {
      for (let el: Element | null = element; el && el !== doc.body; el = el.parentElement) {
        const seen = vinsInside.get(el);
        if (seen !== undefined) return seen !== MANY && seen !== vin;
      }
      return false;
    },
    /** The card a data block of this VIN sits in (one of a list of look-alikes), if it sits in one. */
    dataCard(occurrences: Occurrence[], vin: string): Element | null {
      for (const o of occurrences) {
        if (o.kind !== 'json') continue;
        const { listItem } = climb(o.element, vin);
        if (listItem && listItem !== o.element) return listItem;
      }
      return null;
    },
    bodyHoldsVins: () => bodyHoldsVins,
    /** Forgets every mark: the caller records the current occurrences again. */
    clear() {
      vinsInside = new WeakMap();
      heldInside = new WeakMap();
      bodyHoldsVins = false;
    },
  };
}
