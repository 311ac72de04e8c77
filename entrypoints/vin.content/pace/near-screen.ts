// Tells a badge when its place comes near the screen and when it has gone far from it: what lets a
// page draw only the badges the user can see soon. Drawn badges cost the page's rendering on every
// frame it changes, so those pushed two screens away are put away (the measurements are in the
// docs/detection.md, and in bench:feed's output).
//
// How elements are looked at. A new element (and with it the drawn ones, few: only those near the
// screen, which a page adding content moves) by a one-shot IntersectionObserver: observed until its
// first report, whose box is the one the frame after it joined the page laid out, so the look forces
// no layout (reading boxes with getBoundingClientRect in an animation frame laid the page out before
// its time, then again after the draw). A draw or a put-away the report asks for waits for the gate
// (page-beat.ts: a busy page's next change of its own), so it joins the page's own frame rather than
// one of its own. Not a lasting observer: one with hundreds of targets is computed on every frame
// the page lays out. Every tracked element is looked at again when something may have moved many (a
// scroll of the page or of any scroller in it, a resize, a click: tabs, accordions, "show more") in
// the animation frame, where a scroll leaves nothing to lay out, at most 4 ms a frame: a page
// flooded with VIN-like strings is gone through over several frames, never in one long task.

/**
 * Told `true` when the element comes within a screen of the viewport, `false` once it is more
 * than two screens away (the gap keeps a badge at the edge from flickering). Returns false to
 * refuse the change (an open or focused badge stays drawn); it is asked again at a later look.
 */
export type NearScreenCallback = (near: boolean) => boolean;

/**
 * Each callback of an element with what it was last told and accepted: two badges on one element
 * (two VINs in one text) are drawn and put away each on its own (an open one stays, the other goes).
 */
type Tracked = Map<NearScreenCallback, boolean>;

const tracked = new Map<Element, Tracked>();
/** Tracked elements with a callback told `near`: looked at on every look. */
const drawn = new Set<Element>();
// A look at every tracked element, in progress over frames; another is due after it when the page
// scrolled meanwhile.
let pass: Iterator<Element> | null = null;
let passAgain = false;
let queued = false;
let listening = false;
const SLICE_MS = 4;
// Where a changed callback may change the page: at once, or (a busy page) with its next change.
let gate: () => Promise<void> = () => Promise.resolve();
/** Draws and put-aways wait for `next()` (page-beat.ts: a busy page's next change). */
export function setNearScreenGate(next: () => Promise<void>) {
  gate = next;
}
/** Resolves where a change may join the page's own frame (the gate above; at once if none is set). */
export const nextPageChange = () => gate();

/** Whether `box` is within `screens` screens of the viewport (`height` x `width`). */
function within(box: DOMRectReadOnly, screens: number, height: number, width: number): boolean {
  return !(
    box.bottom < -screens * height ||
    box.top > (1 + screens) * height ||
    box.right < -screens * width ||
    box.left > (1 + screens) * width
  );
}

/**
 * Elements waiting to be seen (issue 61: a vehicle counts among the cars the user has seen only once
 * it was): told once, at the one-shot observer's report that finds it in the viewport of a visible
 * tab with a real box (the report's `intersectionRect`, which the page's clipping ancestors cut, of 1
 * x 1 px or more) and drawn (neither `visibility: hidden` nor `opacity: 0` on it or above). A look
 * that finds its box in the viewport asks for that report; a box that is never there never counts.
 */
const seenWaiters = new Map<Element, () => void>();

/** Tells `seen` once `element` (tracked with `trackNearScreen`) was seen; returns a cancel. */
export function whenSeen(element: Element, seen: () => void): () => void {
  seenWaiters.set(element, seen);
  lookSoon(element);
  return () => {
    if (seenWaiters.get(element) === seen) seenWaiters.delete(element);
  };
}

/** A report that shows `entry`'s element to the user, as `seenWaiters` says. */
function shows(entry: IntersectionObserverEntry): boolean {
  const { width, height } = entry.intersectionRect;
  return (
    entry.isIntersecting &&
    width >= 1 &&
    height >= 1 &&
    document.visibilityState === 'visible' &&
    // Both spellings: Firefox ESR 115 knows only the first pair.
    entry.target.checkVisibility({
      checkOpacity: true,
      checkVisibilityCSS: true,
      opacityProperty: true,
      visibilityProperty: true,
    } as CheckVisibilityOptions)
  );
}

/** The callbacks of `element` to tell, given its box: [callback, near] pairs. */
function changesFor(element: Element, box: DOMRectReadOnly, height: number, width: number) {
  const callbacks = tracked.get(element);
  const changes: Array<[Element, NearScreenCallback, boolean]> = [];
  if (!callbacks) return changes;
  // No box (inside something hidden): not near; a drawn badge there is put away.
  const boxless = box.width === 0 && box.height === 0;
  const nearNow = !boxless && within(box, 1, height, width);
  const stillNear = !boxless && within(box, 2, height, width);
  for (const [callback, near] of callbacks) {
    const wanted = near ? stillNear : nearNow;
    if (wanted !== near) changes.push([element, callback, wanted]);
  }
  return changes;
}

/** Tells the callbacks their change; true when any ran. */
function apply(changes: Array<[Element, NearScreenCallback, boolean]>): boolean {
  for (const [element, callback, near] of changes) {
    const callbacks = tracked.get(element);
    // Gone meanwhile, or told already (a look on a scroll came first).
    if (callbacks?.get(callback) !== !near) continue;
    if (callback(near)) callbacks.set(callback, near);
  }
  for (const [element] of changes) {
    const callbacks = tracked.get(element);
    if (callbacks && [...callbacks.values()].includes(true)) drawn.add(element);
    else drawn.delete(element);
  }
  return changes.length > 0;
}

/** Looks at one element; true when a callback ran (a draw or a put-away: the costly part). */
function lookAt(element: Element, height: number, width: number): boolean {
  const box = element.getBoundingClientRect();
  // In the viewport now: the observer's next report tells whether it is seen (clipping included).
  if (seenWaiters.has(element) && box.width >= 1 && box.height >= 1 && within(box, 0, height, width))
    lookSoon(element);
  return apply(changesFor(element, box, height, width));
}

// The one-shot observer of new elements and, with them, the drawn ones (see the top of this file).
let observer: IntersectionObserver | undefined;
// The drawn ones are observed once for all the new elements of a frame.
let drawnObserved = false;
function onReports(entries: IntersectionObserverEntry[]) {
  drawnObserved = false;
  const height = innerHeight;
  const width = innerWidth;
  const changes: Array<[Element, NearScreenCallback, boolean]> = [];
  for (const entry of entries) {
    observer?.unobserve(entry.target);
    const seen = seenWaiters.get(entry.target);
    if (seen && shows(entry)) {
      seenWaiters.delete(entry.target);
      seen();
    }
    changes.push(...changesFor(entry.target, entry.boundingClientRect, height, width));
  }
  if (changes.length) void gate().then(() => apply(changes));
}
function lookSoon(element: Element) {
  observer ??= new IntersectionObserver(onReports);
  observer.observe(element);
  // The drawn ones (few) are looked at with it: a page that adds content moves them.
  if (drawnObserved) return;
  drawnObserved = true;
  for (const other of drawn) observer.observe(other);
}

function lookNow() {
  queued = false;
  const height = innerHeight;
  const width = innerWidth;
  const deadline = performance.now() + SLICE_MS;
  // The time is read after every element that drew, and every 64 looks.
  let looked = 0;
  const timeUp = (drew: boolean) => (drew || ++looked % 64 === 0) && performance.now() > deadline;
  for (const element of [...drawn]) if (timeUp(lookAt(element, height, width))) return queue();
  if (!pass && passAgain) {
    passAgain = false;
    pass = [...tracked.keys()][Symbol.iterator]();
  }
  while (pass) {
    const next = pass.next();
    if (next.done) pass = null;
    else if (timeUp(lookAt(next.value, height, width))) return queue();
  }
  if (passAgain) queue();
}

function queue() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(lookNow);
}

/** Something may have moved elements near the screen or away: every tracked one is looked at. */
function lookAgain() {
  if (tracked.size === 0) return;
  passAgain = true;
  queue();
}

/** Tells `callback` when `element` comes near the screen and when it goes far; returns a cancel. */
export function trackNearScreen(element: Element, callback: NearScreenCallback): () => void {
  if (!listening) {
    listening = true;
    const options = { capture: true, passive: true };
    for (const type of ['scroll', 'resize', 'click']) addEventListener(type, lookAgain, options);
  }
  const callbacks = tracked.get(element) ?? new Map<NearScreenCallback, boolean>();
  tracked.set(element, callbacks);
  // Not near until a look says so, like every new one.
  callbacks.set(callback, false);
  lookSoon(element);
  return () => {
    callbacks.delete(callback);
    if (callbacks.size === 0 && tracked.get(element) === callbacks) {
      tracked.delete(element);
      drawn.delete(element);
      observer?.unobserve(element);
    }
  };
}
