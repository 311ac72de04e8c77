// Decides where each vehicle's badge goes: beside the visible VIN, else at the top of the
// vehicle's card (the largest element that holds this VIN and no other), else beside the
// heading or link that JSON data names. One badge per VIN.
import type { Occurrence } from './subtree-scanner';

export interface Placement {
  vin: string;
  anchor: Element;
  append: 'after' | 'first';
}

const MANY = 1;

export function createPlacer(doc: Document) {
  // Element -> the one VIN inside it, or MANY. Kept across batches so later cards see earlier ones.
  let vinsInside = new WeakMap<Element, string | typeof MANY>();

  function record(occurrence: Occurrence) {
    if (occurrence.kind === 'json') return;
    for (let el: Element | null = occurrence.element; el && el !== doc.body; el = el.parentElement) {
      const seen = vinsInside.get(el);
      if (seen === occurrence.vin || seen === MANY) return; // ancestors are already marked
      vinsInside.set(el, seen === undefined ? occurrence.vin : MANY);
    }
  }

  /** The largest element that contains this VIN and no other, short of <body>. */
  function cardOf(element: Element, vin: string): Element | null {
    let card: Element | null = null;
    for (
      let el: Element | null = element;
      el && el !== doc.body && el !== doc.documentElement;
      el = el.parentElement
    ) {
      const seen = vinsInside.get(el);
      if (seen !== undefined && seen !== vin) break;
      card = el;
    }
    return card;
  }

  function place(
    vin: string,
    occurrences: Occurrence[],
    isVisible: (el: Element) => boolean,
  ): Placement | null {
    const text = occurrences.find((o) => o.kind === 'text' && isVisible(o.element));
    if (text) return { vin, anchor: text.element, append: 'after' };
    const held = occurrences.find((o) => o.kind !== 'json');
    if (held) {
      const card = cardOf(held.element, vin);
      if (card && card !== doc.body) return { vin, anchor: card, append: 'first' };
    }
    for (const o of occurrences) {
      const named = o.hint && findNamed(o.hint);
      if (named) return { vin, anchor: named, append: 'after' };
    }
    return null;
  }

  // Headings and links by text and by URL, built once per pass on first need: looking them up
  // for each of hundreds of JSON-only VINs would walk the page each time.
  let byName: Map<string, Element> | null = null;
  let byPath: Map<string, Element> | null = null;

  function beginPass() {
    byName = null;
    byPath = null;
  }

  function findNamed(hint: NonNullable<Occurrence['hint']>): Element | null {
    if (hint.url) {
      if (!byPath) {
        byPath = new Map();
        for (const link of doc.querySelectorAll('a[href]')) {
          const path = safePath(link.getAttribute('href') ?? '', doc.baseURI);
          if (path && !byPath.has(path)) byPath.set(path, link);
        }
      }
      const path = safePath(hint.url, doc.baseURI);
      const link = path ? byPath.get(path) : undefined;
      if (link) return link;
    }
    if (hint.name) {
      if (!byName) {
        byName = new Map();
        for (const heading of doc.querySelectorAll('h1, h2, h3, h4, h5, h6, a')) {
          const text = heading.textContent?.trim();
          if (text && !byName.has(text) && !vinsInside.has(heading)) byName.set(text, heading);
        }
      }
      return byName.get(hint.name) ?? null;
    }
    return null;
  }

  /** Forgets every VIN recorded: the caller records the current ones again. */
  const reset = () => {
    vinsInside = new WeakMap();
  };

  return { record, place, beginPass, reset };
}

function safePath(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.origin + parsed.pathname;
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}
