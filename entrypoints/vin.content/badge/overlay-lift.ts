// Real result cards are often one link's hit area, and draw blocks over each other (docs/site-evidence.md,
// "Stretched card links": cars.com's title link with an ::after box over the card at z-index 1 on one
// page and 10 on another, its sponsored cards' empty link stretched at 10, its photo block raised to
// 20 on narrow screens; TrueCar's empty a.vehicle-card-overlay at 2): drawn under them, the pill takes
// no click, and a click on it opens the listing. So the badge's host is raised just above the card's
// own layers, and kept below the page's lowest fixed or sticky layer on screen (its header, filter
// bar), so those still cover it; the page's dialogs and overlays sit higher still.

/** Elements of a card looked at (a real card has 50-150): its layers are near its top. */
const MAX_CARD_ELEMENTS = 400;
/** Links whose ::before and ::after are looked at: a card's stretched link is among its first few. */
const MAX_LINKS = 12;
/** Elements of the page looked at for its own layers, shallowest first (headers and bars are). */
const MAX_PAGE_ELEMENTS = 1500;
/** The page's layers are read once for all the badges first looked at within this time (ms). */
const PAGE_LAYERS_KEPT_MS = 1000;

import { isOwnElement } from '../detect/occurrence';

const zOf = (style: CSSStyleDeclaration) => {
  const z = Number.parseInt(style.zIndex, 10);
  return Number.isNaN(z) ? null : z;
};

/** A block of the card this large (share of the card's area) may lie over the pill's spot. */
const LARGE_SHARE = 0.2;

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The highest z-index among the card's own positioned blocks that may lie over the pill (a large one,
 * such as a photo block, or one over the places the pill is put: its title, its anchor), and its
 * links' pseudo-element boxes (stretched over the card). Small raised controls elsewhere (a save
 * button, a deep link) do not count: the pill's spot never overlaps a control (badge-spot.ts), and a
 * lift above them would also lift the pill above the page's low layers (a backdrop at the same level).
 */
function cardTop(card: Element, view: Window, near: Element[]): number {
  let top = 0;
  let seen = 0;
  let links = 0;
  const box = card.getBoundingClientRect();
  const places = near.map((el) => el.getBoundingClientRect());
  const mayCover = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width * r.height >= LARGE_SHARE * box.width * box.height || places.some((p) => overlaps(r, p));
  };
  const walk = (element: Element) => {
    for (
      let child = element.firstElementChild;
      child && seen < MAX_CARD_ELEMENTS;
      child = child.nextElementSibling
    ) {
      if (isOwnElement(child)) continue;
      seen++;
      const style = view.getComputedStyle(child);
      if (style.display === 'none') continue;
      const z = style.position !== 'static' && style.position !== 'fixed' ? zOf(style) : null;
      if (z !== null && z > top && mayCover(child)) top = z;
      if (child.localName === 'a' && links++ < MAX_LINKS)
        for (const pseudo of ['::after', '::before']) {
          const box = view.getComputedStyle(child, pseudo);
          const pz = box.position === 'absolute' || box.position === 'fixed' ? zOf(box) : null;
          if (pz !== null && pz > top) top = pz;
        }
      // A block with its own z-index is a stacking context: what is inside is drawn at its level.
      if (z === null) walk(child);
    }
  };
  walk(card);
  return top;
}

let pageLayers: { doc: Document; at: number; lowest: number } | undefined;

/**
 * The lowest z-index (1 or more) of the page's fixed or sticky blocks on screen and at least half the
 * window wide (a header, a filter bar, a shown overlay), outside the card; Infinity when none.
 */
function lowestPageLayer(doc: Document, view: Window, card: Element): number {
  const now = view.performance.now();
  if (pageLayers && pageLayers.doc === doc && now - pageLayers.at < PAGE_LAYERS_KEPT_MS)
    return pageLayers.lowest;
  let lowest = Number.POSITIVE_INFINITY;
  const wide = view.innerWidth / 2;
  const queue: Element[] = doc.body ? [doc.body] : [];
  for (let i = 0; i < queue.length && i < MAX_PAGE_ELEMENTS; i++) {
    const element = queue[i] as Element;
    const style = view.getComputedStyle(element);
    if (style.display === 'none') continue;
    const z = style.position === 'fixed' || style.position === 'sticky' ? zOf(style) : null;
    if (z !== null && z >= 1 && z < lowest && element.getBoundingClientRect().width >= wide) lowest = z;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling)
      if (child !== card && child.localName !== 'script' && child.localName !== 'style') queue.push(child);
  }
  pageLayers = { doc, at: now, lowest };
  return lowest;
}

/**
 * The z-index that puts the badge's host above its card's own layers and below the page's; null when
 * it needs none (the card draws nothing over it, or the page's layers leave no room). `near`: the
 * elements the pill is put by (its anchor, the card's title).
 */
export function overlayLift(card: Element, near: Array<Element | null>): number | null {
  const doc = card.ownerDocument;
  const view = doc.defaultView;
  if (!view) return null;
  const top = cardTop(
    card,
    view,
    near.filter((el): el is Element => !!el),
  );
  if (top < 1) return null;
  // The host is first in the card, so a layer of its own z-index, later in the page, is above it.
  const lift = Math.min(top + 1, lowestPageLayer(doc, view, card) - 1);
  return lift >= 1 ? lift : null;
}
