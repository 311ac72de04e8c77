// The boxes a badge's spot is chosen from (badge-spot.ts), read from the page's own layout: its text
// runs and controls in a card, the line of a VIN's text, the room above the
// card, and whether the card scrolls sideways. Read only where a ResizeObserver reports (spot-watch.ts).
import { BADGE_TAG } from '../detect/occurrence';
import type { Box } from './badge-spot';

/** What a page's own tap or click lands on, as whole boxes (a link's words count as its text). */
const CONTROLS = 'button,input,select,textarea,summary,[role=button],[role=checkbox],[role=tab]';
/** A link with no words of its own (an icon) counts as a control up to this size. */
const ICON_LINK = 64;
/** At most this many nodes of a card are read (a card is a few dozen). */
const MAX_NODES = 600;

export const boxOf = (r: DOMRectReadOnly): Box => ({
  left: r.left,
  top: r.top,
  right: r.right,
  bottom: r.bottom,
});
const seen = (r: DOMRectReadOnly) => r.width >= 2 && r.height >= 2;

/** The page's own text runs and controls inside `card`, and the other badges placed there. */
export function boxesIn(card: Element, self: Element): { obstacles: Box[]; badges: Box[] } {
  const doc = card.ownerDocument;
  const obstacles: Box[] = [];
  const badges: Box[] = [];
  const range = doc.createRange();
  const walker = doc.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let count = 0;
  for (let node: Node | null = walker.currentNode; node && count++ < MAX_NODES; ) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (/\S/.test((node as Text).data) && !clippedAway(node.parentElement)) {
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (seen(r)) obstacles.push(boxOf(r));
      }
    } else {
      const element = node as Element;
      if (element.localName === BADGE_TAG) {
        if (element !== self && element.hasAttribute('data-vhl-placed'))
          badges.push(boxOf(element.getBoundingClientRect()));
        node = walker.nextSibling() ?? nextOutside(walker);
        continue;
      }
      if (element.matches(CONTROLS) || element.shadowRoot) {
        const r = element.getBoundingClientRect();
        if (seen(r)) obstacles.push(boxOf(r));
      } else if (element.localName === 'img' && brokenWithWords(element as HTMLImageElement)) {
        const r = element.getBoundingClientRect();
        if (seen(r)) obstacles.push(boxOf(r));
      } else if (element.localName === 'a' && !/\S/.test(element.textContent ?? '')) {
        const r = element.getBoundingClientRect();
        if (seen(r) && r.width <= ICON_LINK && r.height <= ICON_LINK) obstacles.push(boxOf(r));
      }
    }
    node = walker.nextNode();
  }
  return { obstacles: [...obstacles, ...badges], badges };
}

/** A photo that did not load shows its alt text in its place: words the badge must not cover. */
const brokenWithWords = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && !!img.alt.trim();

/**
 * Text shown to screen readers only ("sr-only": clipped to a 1 px box) lays out line boxes nobody
 * sees: its element's own box is what tells.
 */
function clippedAway(element: Element | null): boolean {
  if (!element) return false;
  const r = element.getBoundingClientRect();
  return r.width < 2 || r.height < 2;
}

/** The walker's next node after the current one's subtree, or null at the end. */
function nextOutside(walker: TreeWalker): Node | null {
  for (let parent = walker.parentNode(); parent; parent = walker.parentNode()) {
    const next = walker.nextSibling();
    if (next) return next;
  }
  return null;
}

/** The last line box of the last words in `element` (before `before`, when given). */
export function lastLine(element: Element, before?: Node): Box | null {
  const doc = element.ownerDocument;
  const walker = doc.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (before && before.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) break;
    if (/\S/.test((node as Text).data)) last = node as Text;
  }
  if (!last) return null;
  const range = doc.createRange();
  range.selectNodeContents(last);
  const rects = [...range.getClientRects()].filter(seen);
  const line = rects[rects.length - 1];
  return line ? boxOf(line) : null;
}

/** Whether what is drawn in `element` may show outside its box (nothing clips it). */
function unclipped(element: Element): boolean {
  const style = getComputedStyle(element);
  return (
    style.overflowX === 'visible' &&
    style.overflowY === 'visible' &&
    !/paint|strict|content/.test(style.contain)
  );
}

/** Whether the card sits in a strip the user scrolls sideways (a carousel), short of the page itself. */
export function inSidewaysScroller(card: Element): boolean {
  const root = card.ownerDocument.documentElement;
  for (
    let el = card.parentElement;
    el && el !== root && el !== card.ownerDocument.body;
    el = el.parentElement
  )
    if (el.scrollWidth > el.clientWidth && /auto|scroll/.test(getComputedStyle(el).overflowX)) return true;
  return false;
}

/** The top of the free room above the card, when a badge may go there. */
export function gapTopOf(card: Element, cardTop: number): number | null {
  const before = card.previousElementSibling;
  if (!before || !unclipped(card)) return null;
  const r = before.getBoundingClientRect();
  // The element before it must be above it (in a grid's row it is beside it: no gap there).
  return seen(r) && r.bottom <= cardTop ? r.bottom : null;
}

export const lastLineOf = (element: Element | null) => (element ? lastLine(element) : null);
