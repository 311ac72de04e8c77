// Puts each drawn badge on its spot (badge-spot.ts) from boxes the page's own frame laid out: a
// ResizeObserver reports a badge once it is laid out (and again when its size or its card's changes),
// after layout and before paint, so reading the card's boxes there forces no layout, and the badge
// is first seen where it goes (until then it is laid out but hidden: badge-style.ts). At most
// SLICE_MS of it per frame; the rest is asked for again, for the next frame.

import { titleOf } from '../detect/card-title';
import { nextPageChange } from '../pace/near-screen';
import { chooseSpot, type Size } from './badge-spot';
import { boxesIn, boxOf, gapTopOf, inSidewaysScroller, lastLine, lastLineOf } from './page-boxes';

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
  /**
   * Asked with the reads of each look before the badge is placed (styles are fresh there: a read
   * elsewhere made the page compute its styles again); returns a write that changes where the host
   * is laid out (its holder: badge-holder.ts), made before the badge is placed, from the next
   * frame's boxes, or null (it was decided already).
   */
  firstLook?(): (() => void) | null;
}

interface State {
  target: SpotTarget;
  compact: boolean;
  dx: number;
  dy: number;
  /** The whole pill's size, as last laid out (its words never change it: pill.ts). */
  full: Size | null;
  placed: boolean;
  /** What the last look decided, waiting for the page's next change to be written (see onResize). */
  plan: Plan | null;
}

/** The mark alone, as badge-style.ts draws it (its box is read once it is shown compact). */
const SLICE_MS = 4;
let compactSize: Size = { width: 22, height: 22 };

const states = new Map<Element, State>();
/** The cards observed, with the badges they hold. */
const byCard = new Map<Element, Set<State>>();
let observer: ResizeObserver | undefined;

/** Observed anew, an element is reported after the next frame's layout, whatever its size. */
function observeAgain(element: Element): void {
  observer?.unobserve(element);
  observer?.observe(element);
}

/** What a look at the page decided for one badge, written after every look of the batch. */
type Plan =
  | { relayout: true; first?: () => void }
  | { relayout: false; dx: number; dy: number; compact: boolean };

/** Reads the boxes and chooses the spot: no write to the page here (see onResize). */
function measure(state: State): Plan | null {
  const { target } = state;
  const { host, card } = target;
  if (!host.isConnected || !host.hasAttribute('data-vhl-shown')) return null;
  const first = state.placed ? null : target.firstLook?.();
  if (first) return { relayout: true, first };
  const hostBox = host.getBoundingClientRect();
  if (state.compact) compactSize = { width: hostBox.width, height: hostBox.height };
  else state.full = { width: hostBox.width, height: hostBox.height };
  // Never laid out whole yet: laid out whole once (unseen), then placed.
  if (!state.full) return { relayout: true };
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
  return {
    relayout: false,
    dx: Math.round(spot.left - (hostBox.left - state.dx)),
    dy: Math.round(spot.top - (hostBox.top - state.dy)),
    compact: spot.compact,
  };
}

/** Writes what `measure` decided. */
function apply(state: State, plan: Plan): void {
  const { target } = state;
  const { host } = target;
  if (plan.relayout) {
    if (plan.first) {
      plan.first();
      // Its size is the same: observed anew (written at the page's change, the next frame is the
      // page's own).
      observeAgain(host);
    }
    state.compact = false;
    target.setCompact(false);
    host.removeAttribute('data-vhl-placed');
    state.placed = false;
    placeSoon(state);
    return;
  }
  const moved = !state.placed || plan.dx !== state.dx || plan.dy !== state.dy;
  state.dx = plan.dx;
  state.dy = plan.dy;
  // Written only when it changed: on a busy page a card is reported often, and each write of the
  // host's style or attributes has the page's next frame look at it again.
  if (moved) host.style.transform = state.dx || state.dy ? `translate(${state.dx}px,${state.dy}px)` : '';
  if (plan.compact !== state.compact) {
    state.compact = plan.compact;
    target.setCompact(plan.compact);
  }
  if (!state.placed) host.dataset.vhlPlaced = '';
  state.placed = true;
  if (moved) target.onPlaced();
}

function solve(state: State): void {
  state.plan = null;
  const plan = measure(state);
  if (plan) apply(state, plan);
}

/** Badges with a plan to write, and badges of their cards to look at once those are written. */
const planned = new Set<State>();
const lookAgain = new Set<State>();
let writing = false;

function writePlans(): void {
  writing = false;
  const due = [...planned];
  planned.clear();
  for (const state of due) {
    const plan = state.plan;
    state.plan = null;
    if (plan && states.get(state.target.host) === state) apply(state, plan);
  }
  // Reported after the next frame's layout, which sees the written ones.
  const again = [...lookAgain];
  lookAgain.clear();
  for (const state of again) if (states.get(state.target.host) === state) observeAgain(state.target.host);
}

/**
 * Every badge due is looked at first; the writes wait for the page's next change (at once on a page
 * that is not busy: near-screen.ts). A write between two looks (a move, the compact mark, the placed
 * attribute) had the next look lay the page out again (bench:feed's account of causes: "content
 * script: style and layout its reads forced", about 1 ms a second); a write in the observer's report
 * itself, which Chromium delivers inside the frame after pre-paint, had that frame run style, layout
 * and pre-paint a second time (bench:feed, traced: 1.7 such passes a second). A second badge of a card
 * already looked at is looked at after the first is written: it must see the first where it goes.
 */
function onResize(entries: ResizeObserverEntry[]): void {
  const due = new Set<State>();
  for (const { target } of entries) {
    const own = states.get(target);
    if (own) due.add(own);
    for (const state of byCard.get(target) ?? []) due.add(state);
  }
  const deadline = performance.now() + SLICE_MS;
  const cards = new Set<Element>();
  for (const state of due) {
    if (cards.has(state.target.card)) {
      lookAgain.add(state);
      continue;
    }
    if (performance.now() > deadline) {
      // Asked for again, for the next frame.
      observeAgain(state.target.host);
      continue;
    }
    // A holder's write waiting: its badge is looked at again once it is written (apply).
    if (state.plan?.relayout && state.plan.first) continue;
    const plan = measure(state);
    if (!plan) continue;
    state.plan = plan;
    planned.add(state);
    cards.add(state.target.card);
  }
  if ((planned.size || lookAgain.size) && !writing) {
    writing = true;
    void nextPageChange().then(writePlans);
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
export function watchSpot(target: SpotTarget): { stop(): void } {
  observer ??= new ResizeObserver(onResize);
  const state: State = { target, compact: false, dx: 0, dy: 0, full: null, placed: false, plan: null };
  states.set(target.host, state);
  const onCard = byCard.get(target.card) ?? new Set<State>();
  if (onCard.size === 0) observer.observe(target.card);
  onCard.add(state);
  byCard.set(target.card, onCard);
  observer.observe(target.host);
  placeSoon(state);
  return {
    stop() {
      observer?.unobserve(target.host);
      // Drawn again later, it is placed afresh from where the page puts it (hidden until then).
      target.host.style.transform = '';
      target.host.removeAttribute('data-vhl-placed');
      states.delete(target.host);
      onCard.delete(state);
      if (onCard.size === 0) {
        byCard.delete(target.card);
        observer?.unobserve(target.card);
      }
    },
  };
}
