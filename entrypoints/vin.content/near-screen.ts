// Runs a callback once an element comes within a screen of the viewport: what lets a badge be drawn
// only where the user can see it soon (drawn badges are laid out and painted with the page on every
// frame). Not an IntersectionObserver: one with hundreds of targets is computed on every frame the
// page lays out, and on a feed that prepends 4 posts a second 285 waiting badges cost about 20 ms of
// the page's main thread a second that way. Here an element is looked at when it starts waiting, and
// all waiting ones when something may have brought one near: a scroll (of the page or of any
// scroller in it), a resize, a click (tabs, accordions, "show more"). Looks run in animation frames,
// where the page's layout is due anyway, at most 4 ms a frame: 10,000 waiting elements (a page
// flooded with VIN-like strings) are gone through over several frames, never in one long task.

const waiting = new Map<Element, Set<() => void>>();
// Elements that started waiting since the last look: looked at on their own, whatever else waits.
const fresh = new Set<Element>();
// A look at every waiting element, in progress over frames; another is due after it when the page
// scrolled meanwhile.
let pass: Iterator<Element> | null = null;
let passAgain = false;
let queued = false;
let listening = false;
const SLICE_MS = 4;

/** True when the element is near the screen and its callbacks ran. */
function lookAt(element: Element, height: number, width: number): boolean {
  const callbacks = waiting.get(element);
  if (!callbacks) return false;
  const box = element.getBoundingClientRect();
  // No box (inside something hidden): looked at again on the next scroll, resize or click.
  if (box.width === 0 && box.height === 0) return false;
  if (box.bottom < -height || box.top > 2 * height || box.right < -width || box.left > 2 * width)
    return false;
  waiting.delete(element);
  for (const callback of callbacks) callback();
  return true;
}

function lookNow() {
  queued = false;
  const height = innerHeight;
  const width = innerWidth;
  const deadline = performance.now() + SLICE_MS;
  // Drawing is the costly part: the time is read after every element that drew, and every 64 looks.
  let looked = 0;
  const timeUp = (drew: boolean) => (drew || ++looked % 64 === 0) && performance.now() > deadline;
  for (const element of fresh) {
    fresh.delete(element);
    if (timeUp(lookAt(element, height, width))) return queue();
  }
  if (!pass && passAgain) {
    passAgain = false;
    pass = [...waiting.keys()][Symbol.iterator]();
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

/** Something may have moved elements near the screen: every waiting one is looked at again. */
function lookAgain() {
  if (waiting.size === 0) return;
  passAgain = true;
  queue();
}

/** Calls `callback` once `element` is within a screen of the viewport; returns a cancel. */
export function whenNearScreen(element: Element, callback: () => void): () => void {
  if (!listening) {
    listening = true;
    const options = { capture: true, passive: true };
    for (const type of ['scroll', 'resize', 'click']) addEventListener(type, lookAgain, options);
  }
  const callbacks = waiting.get(element) ?? new Set<() => void>();
  callbacks.add(callback);
  waiting.set(element, callbacks);
  fresh.add(element);
  queue();
  return () => {
    callbacks.delete(callback);
    if (callbacks.size === 0 && waiting.get(element) === callbacks) {
      waiting.delete(element);
      fresh.delete(element);
    }
  };
}
