// Decides where each vehicle's badge goes: beside the visible VIN, else at the top of the
// vehicle's card (the largest element that holds this VIN and no other). A VIN known only from the
// page's data (JSON-LD, embedded state) goes to the one card that shares a key with its record: a
// listing id, a URL, a photo, a name (lib/listing-identity.ts). Two cards that could match: no
// badge (the VIN is still in the popup's list). One badge per VIN.
import { type IdentityKeys, recordKeys } from '@/lib/listing-identity';
import { type CardIndex, createCardIndex } from './card-index';
import type { Occurrence } from './subtree-scanner';

export interface Placement {
  vin: string;
  anchor: Element;
  /** Where the badge goes: at the end of the element (text showing the VIN), or first in it (a card). */
  append: 'end' | 'first';
}

const MANY = 1;
// A key on more elements than this is page furniture (a logo, a "view all" link), not a card's.
const MAX_CARRIERS = 8;

export function createPlacer(doc: Document) {
  // Element -> the one VIN inside it, or MANY. Kept across batches so later cards see earlier ones.
  let vinsInside = new WeakMap<Element, string | typeof MANY>();
  const index: CardIndex = createCardIndex(doc);
  // VINs known only from data: their keys, who else claims each key, and the elements matched.
  const keysOf = new Map<string, IdentityKeys>();
  const owners = new Map<string, Set<string>>();
  const matched = new Map<string, Element[]>();
  const recordKeysCache = new WeakMap<object, IdentityKeys>();

  function mark(element: Element, vin: string) {
    for (let el: Element | null = element; el && el !== doc.body; el = el.parentElement) {
      const seen = vinsInside.get(el);
      if (seen === vin || seen === MANY) return; // ancestors are already marked
      vinsInside.set(el, seen === undefined ? vin : MANY);
    }
  }

  function record(occurrence: Occurrence) {
    if (occurrence.kind !== 'json') mark(occurrence.element, occurrence.vin);
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

  function keysOfVin(occurrences: Occurrence[]): IdentityKeys {
    const strong = new Set<string>();
    const weak = new Set<string>();
    for (const o of occurrences) {
      if (o.kind !== 'json' || !o.record) continue;
      let keys = recordKeysCache.get(o.record);
      if (!keys) {
        keys = recordKeys(o.record, o.keyInParent, doc.baseURI);
        recordKeysCache.set(o.record, keys);
      }
      for (const k of keys.strong) strong.add(k);
      for (const k of keys.weak) weak.add(k);
    }
    return { strong: [...strong], weak: [...weak] };
  }

  /** Keys this VIN's records alone carry, with at most a handful of elements each. */
  function usable(keys: string[]): Array<[string, Element[]]> {
    const out: Array<[string, Element[]]> = [];
    for (const key of keys) {
      if ((owners.get(key)?.size ?? 0) > 1) continue;
      const carriers = index.carriers(key);
      if (carriers.length && carriers.length <= MAX_CARRIERS) out.push([key, carriers]);
    }
    return out;
  }

  /**
   * Makes ready to place these VINs known only from data (after `indexStep` said done): learns
   * their keys and marks the elements carrying them, so that no card grows over a neighbour's.
   * Returns the VINs worth trying (new ones, and those a newly indexed element may now match).
   */
  function prepareData(due: Map<string, Occurrence[]>, waiting: Iterable<string>): Set<string> {
    const tryNow = new Set<string>();
    for (const [vin, occurrences] of due) {
      if (keysOf.has(vin)) continue;
      const keys = keysOfVin(occurrences);
      keysOf.set(vin, keys);
      for (const key of [...keys.strong, ...keys.weak]) {
        const set = owners.get(key) ?? new Set<string>();
        owners.set(key, set);
        set.add(vin);
      }
      tryNow.add(vin);
    }
    const fresh = index.takeFresh();
    if (fresh.size) {
      const waitingSet = new Set(waiting);
      for (const key of fresh)
        for (const vin of owners.get(key) ?? []) if (waitingSet.has(vin)) tryNow.add(vin);
    }
    for (const vin of tryNow) {
      const keys = keysOf.get(vin) as IdentityKeys;
      const elements = usable([...keys.strong, ...keys.weak]).flatMap(([, carriers]) => carriers);
      matched.set(vin, elements);
      for (const el of elements) mark(el, vin);
    }
    return tryNow;
  }

  /** The one card sharing a key with this VIN's records, strong keys first; null when none or two. */
  function placeByIdentity(vin: string): Placement | null {
    const keys = keysOf.get(vin);
    if (!keys) return null;
    for (const tier of [keys.strong, keys.weak]) {
      const cards: Element[] = [];
      for (const [, carriers] of usable(tier)) {
        const found = carriers.map((el) => {
          const { listItem, largest } = climb(el, vin);
          return listItem ?? largest;
        });
        const outer = outermost(found);
        // Carriers of one key in two cards (a shared photo, two look-alike titles): it says nothing.
        if (outer) cards.push(outer);
      }
      if (cards.length === 0) continue;
      const card = outermost(cards);
      return card ? { vin, anchor: card, append: 'first' } : null;
    }
    return null;
  }

  function place(
    vin: string,
    occurrences: Occurrence[],
    isVisible: (el: Element) => boolean,
  ): Placement | null {
    const text = occurrences.find((o) => o.kind === 'text' && isVisible(o.element));
    if (text) return { vin, anchor: text.element, append: 'end' };
    const held = occurrences.find((o) => o.kind !== 'json');
    if (held) {
      const card = climb(held.element, vin).largest;
      if (card) return { vin, anchor: card, append: 'first' };
    }
    return placeByIdentity(vin);
  }

  /** Forgets every VIN recorded: the caller records the current ones again. */
  const reset = () => {
    vinsInside = new WeakMap();
    for (const [vin, elements] of matched) for (const el of elements) if (el.isConnected) mark(el, vin);
  };

  /** A VIN left the page: its data keys go with it. */
  function forgetVin(vin: string) {
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
