// Puts each drawn badge on its spot (badge-spot.ts) from boxes the page's own frame laid out: a
// ResizeObserver reports a badge once it is laid out (and again when its size or its card's changes),
// after layout and before paint, so reading the card's boxes there forces no layout, and the badge
// is first seen where it goes (until then it is laid out but hidden: badge-style.ts). At most
// SLICE_MS of it per frame; the rest is asked for again, for the next frame.

import { BADGE_TAG } from '../detect/subtree-scanner';
import { type Box, chooseSpot, type Size } from './badge-spot';

export interface SpotTarget {
  host: HTMLElement;
  /** Where the page's boxes are read: the vehicle's card, or the block around its VIN text. */
  card: Element;
  /** The element the host is in, and whether it is at its end (beside the VIN's text) or first in it. */
  anchor: Element;
  append: 'end' | 'first';
  /** Shows the mark alone (true) or the whole pill. */
  setCompact(compact: boolean): void;
  /** Told each time the badge is put on a spot (the first time, and whenever it moves). */
  onPlaced(): void;
}

interface State {
  target: SpotTarget;
  compact: boolean;
  dx: number;
  dy: number;
  /** The whole pill's size, as last laid out; unknown while compact after its words changed. */
  full: Size | null;
  placed: boolean;
}

/** What a page's own tap or click lands on, as whole boxes (a link's words count as its text). */
const CONTROLS = 'button,input,select,textarea,summary,[role=button],[role=checkbox],[role=tab]';
/** A link with no words of its own (an icon) counts as a control up to this size. */
const ICON_LINK = 64;
const TITLE = 'h1,h2,h3,h4,h5,h6,[class*="title" i]';
/** At most this many nodes of a card are read (a card is a few dozen). */
const MAX_NODES = 600;
const SLICE_MS = 4;
/** The mark alone, as badge-style.ts draws it (its box is read once it is shown compact). */
let compactSize: Size = { width: 22, height: 22 };

const states = new Map<Element, State>();
/** The cards observed, with the badges they hold. */
const byCard = new Map<Element, Set<State>>();
let observer: ResizeObserver | undefined;

const boxOf = (r: DOMRectReadOnly): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
const seen = (r: DOMRectReadOnly) => r.width >= 2 && r.height >= 2;

/** The page's own text runs and controls inside `card`, and the other badges placed there. */
function boxesIn(card: Element, self: Element): { obstacles: Box[]; badges: Box[] } {
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
        if (element !== self && element.hasAttribute('data-vhr-placed'))
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
function lastLine(element: Element, before?: Node): Box | null {
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

/** The card's title, when it has one: its first heading (or element named a title) with words. */
function titleOf(card: Element): Element | null {
  for (const heading of card.querySelectorAll(TITLE))
    if (!heading.closest(BADGE_TAG) && /\S/.test(heading.textContent ?? '')) return heading;
  return null;
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
function inSidewaysScroller(card: Element): boolean {
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
function gapTopOf(card: Element, cardTop: number): number | null {
  const before = card.previousElementSibling;
  if (!before || !unclipped(card)) return null;
  const r = before.getBoundingClientRect();
  // The element before it must be above it (in a grid's row it is beside it: no gap there).
  return seen(r) && r.bottom <= cardTop ? r.bottom : null;
}

function solve(state: State): void {
  const { target } = state;
  const { host, card } = target;
  if (!host.isConnected || !host.hasAttribute('data-vhr-shown')) return;
  const hostBox = host.getBoundingClientRect();
  if (state.compact) compactSize = { width: hostBox.width, height: hostBox.height };
  else state.full = { width: hostBox.width, height: hostBox.height };
  if (!state.full) {
    // Its words changed while compact: laid out whole once (unseen), then placed.
    state.compact = false;
    target.setCompact(false);
    host.removeAttribute('data-vhr-placed');
    state.placed = false;
    placeSoon(state);
    return;
  }
  const cardBox = boxOf(card.getBoundingClientRect());
  const spot = chooseSpot({
    card: cardBox,
    title: target.append === 'first' ? lastLineOf(titleOf(card)) : null,
    vinLine: target.append === 'end' ? lastLine(target.anchor, host) : null,
    ...boxesIn(card, host),
    pill: state.full,
    compact: compactSize,
    gapTop: gapTopOf(card, cardBox.top),
    viewportWidth: inSidewaysScroller(card) ? Number.POSITIVE_INFINITY : document.documentElement.clientWidth,
  });
  // The host's place as the page laid it out, without the move applied last time.
  const before = { dx: state.dx, dy: state.dy };
  const staticLeft = hostBox.left - state.dx;
  const staticTop = hostBox.top - state.dy;
  state.dx = Math.round(spot.left - staticLeft);
  state.dy = Math.round(spot.top - staticTop);
  const moved = !state.placed || state.dx !== before.dx || state.dy !== before.dy;
  // Written only when it changed: on a busy page a card is reported often, and each write of the
  // host's style or attributes has the page's next frame look at it again.
  if (moved) host.style.transform = state.dx || state.dy ? `translate(${state.dx}px,${state.dy}px)` : '';
  if (spot.compact !== state.compact) {
    state.compact = spot.compact;
    target.setCompact(spot.compact);
  }
  if (!state.placed) host.dataset.vhrPlaced = '';
  state.placed = true;
  if (moved) target.onPlaced();
}

const lastLineOf = (element: Element | null) => (element ? lastLine(element) : null);

function onResize(entries: ResizeObserverEntry[]): void {
  const due = new Set<State>();
  for (const { target } of entries) {
    const own = states.get(target);
    if (own) due.add(own);
    for (const state of byCard.get(target) ?? []) due.add(state);
  }
  const deadline = performance.now() + SLICE_MS;
  for (const state of due) {
    if (performance.now() > deadline) {
      // Asked for again: observing anew reports it after the next frame's layout.
      observer?.unobserve(state.target.host);
      observer?.observe(state.target.host);
      continue;
    }
    solve(state);
  }
}

/**
 * A badge not placed shortly after it was drawn is placed from a timer: Chromium's ResizeObserver
 * reported nothing for badges drawn again after their tab had been behind another (the hostile
 * page's own window.open took the front: every badge stayed unplaced, so unseen, in 3 of 10 runs).
 */
const PLACE_WITHIN_MS = 250;
function placeSoon(state: State): void {
  setTimeout(() => {
    if (!state.placed && states.get(state.target.host) === state) solve(state);
  }, PLACE_WITHIN_MS);
}

/** Places `target`'s badge whenever it is drawn, and again when its size or its card's changes. */
export function watchSpot(target: SpotTarget): { wordsChanged(): void; stop(): void } {
  observer ??= new ResizeObserver(onResize);
  const state: State = { target, compact: false, dx: 0, dy: 0, full: null, placed: false };
  states.set(target.host, state);
  const onCard = byCard.get(target.card) ?? new Set<State>();
  if (onCard.size === 0) observer.observe(target.card);
  onCard.add(state);
  byCard.set(target.card, onCard);
  observer.observe(target.host);
  placeSoon(state);
  return {
    wordsChanged() {
      // Compact, its size does not change with its words: the whole pill's is read again, unseen.
      if (!state.compact) return;
      state.full = null;
      observer?.unobserve(target.host);
      observer?.observe(target.host);
    },
    stop() {
      observer?.unobserve(target.host);
      // Drawn again later, it is placed afresh from where the page puts it (hidden until then).
      target.host.style.transform = '';
      target.host.removeAttribute('data-vhr-placed');
      states.delete(target.host);
      onCard.delete(state);
      if (onCard.size === 0) {
        byCard.delete(target.card);
        observer?.unobserve(target.card);
      }
    },
  };
}
