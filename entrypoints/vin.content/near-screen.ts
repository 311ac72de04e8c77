// Tells a badge when its place comes near the screen and when it has gone far from it: what lets a
// page draw only the badges the user can see soon. Drawn badges cost the page's rendering on every
// frame it changes: on bench:feed's page (20 frames a second, a post with a VIN prepended 4 times
// a second, CDP traces) all 316 drawn at once cost +82 % of its main thread, and after 45 s a
// version that kept every badge it drew had 207 drawn, +35 % against the same extension drawing
// none; putting away those pushed two screens down keeps 23 drawn: +11 %.
//
// Not an IntersectionObserver: one with hundreds of targets is computed on every frame the page
// lays out (285 waiting badges cost that feed about 20 ms of main thread a second), and a one-shot
// observer for new elements answers after the frame, so the draw lands in a frame of its own
// (measured worse: +10 ms/s). Here an element is looked at in the animation frame after it starts
// being tracked, where the page's layout is due anyway; every tracked element when something may
// have moved many (a scroll of the page or of any scroller in it, a resize, a click: tabs,
// accordions, "show more"); and the drawn ones (few: only those near the screen) at every look, so
// a badge pushed down a feed by new posts is put away once it is far. Looks take at most 4 ms a
// frame: 10,000 tracked elements (a page flooded with VIN-like strings) are gone through over
// several frames, never in one long task.

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
/** Elements tracked since the last look: looked at on their own, whatever else is tracked. */
const fresh = new Set<Element>();
// A look at every tracked element, in progress over frames; another is due after it when the page
// scrolled meanwhile.
let pass: Iterator<Element> | null = null;
let passAgain = false;
let queued = false;
let listening = false;
const SLICE_MS = 4;

/** Whether `box` is within `screens` screens of the viewport (`height` x `width`). */
function within(box: DOMRect, screens: number, height: number, width: number): boolean {
  return !(
    box.bottom < -screens * height ||
    box.top > (1 + screens) * height ||
    box.right < -screens * width ||
    box.left > (1 + screens) * width
  );
}

/** Looks at one element; true when a callback ran (a draw or a put-away: the costly part). */
function lookAt(element: Element, height: number, width: number): boolean {
  const callbacks = tracked.get(element);
  if (!callbacks) return false;
  const box = element.getBoundingClientRect();
  // No box (inside something hidden): not near; a drawn badge there is put away.
  const boxless = box.width === 0 && box.height === 0;
  const nearNow = !boxless && within(box, 1, height, width);
  const stillNear = !boxless && within(box, 2, height, width);
  let ran = false;
  let anyNear = false;
  for (const [callback, near] of callbacks) {
    const wanted = near ? stillNear : nearNow;
    if (wanted !== near) {
      ran = true;
      if (callback(wanted)) callbacks.set(callback, wanted);
    }
    anyNear ||= callbacks.get(callback) === true;
  }
  if (anyNear) drawn.add(element);
  else drawn.delete(element);
  return ran;
}

function lookNow() {
  queued = false;
  const height = innerHeight;
  const width = innerWidth;
  const deadline = performance.now() + SLICE_MS;
  // The time is read after every element that drew, and every 64 looks.
  let looked = 0;
  const timeUp = (drew: boolean) => (drew || ++looked % 64 === 0) && performance.now() > deadline;
  for (const element of fresh) {
    fresh.delete(element);
    if (timeUp(lookAt(element, height, width))) return queue();
  }
  // The drawn ones are few (those near the screen), and a page that adds content moves them.
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
  fresh.add(element);
  queue();
  return () => {
    callbacks.delete(callback);
    if (callbacks.size === 0 && tracked.get(element) === callbacks) {
      tracked.delete(element);
      drawn.delete(element);
      fresh.delete(element);
    }
  };
}
