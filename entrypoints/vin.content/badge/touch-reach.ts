// Touch: the badge's pill keeps its size and takes no room, but its hit area grows toward 44 px
// (the pill's ::after, badge-style.ts) into the room above and below it where the page has none of
// its own controls (the card's links stay the card's). Hit-testing sees only the screen, so the room
// is measured once the pill and 24 px around it are on it, and again after the page's load (images
// arriving late move what is around the pill). Nothing of this runs on a fine pointer.

/** What a page's own tap lands on. */
const CONTROLS =
  'a[href],button,input,select,textarea,label,summary,[role=button],[role=link],[tabindex]:not([tabindex="-1"])';

/** Read once per page (a badge is drawn in batches of dozens): whether the pointer is a finger. */
let coarse: MediaQueryList | undefined;
/** Pills waiting to be on screen, with the measure each runs then. */
let onScreen: IntersectionObserver | undefined;
const measures = new WeakMap<Element, () => void>();

/** Sets `--up` and `--down` on `badge` from the room around its first child (the pill). */
function measure(badge: HTMLElement, pill: Element): void {
  const r = pill.getBoundingClientRect();
  const host = (badge.getRootNode() as ShadowRoot).host;
  // A page's control, its own open shadow root's included (cars.com's buttons are custom elements
  // whose link lives in their shadow root).
  const control = (e: Element, x: number, y: number) =>
    e !== host && !!(e.closest(CONTROLS) || e.shadowRoot?.elementFromPoint(x, y)?.closest(CONTROLS));
  const free = (y: number) => {
    // Across the pill, 12 px apart and at both ends (a control is seldom narrower).
    for (let x = r.left + 1; ; x = Math.min(x + 12, r.right - 1)) {
      if (document.elementsFromPoint(x, y).some((e) => control(e, x, y))) return false;
      if (x >= r.right - 1) return true;
    }
  };
  // The free room on each side (px, in 3 px steps), then 24 px shared out (a 22 px pill reaches 46),
  // evenly where both sides have it.
  const room = (edge: number, sign: number) => {
    let d = 0;
    for (let step = 3; step <= 24; step += 3) {
      if (!free(edge + sign * step)) break;
      d = step;
    }
    return d;
  };
  const above = room(r.top, -1);
  const below = room(r.bottom, 1);
  const up = Math.min(above, Math.max(12, 24 - below));
  badge.style.setProperty('--up', `${up}px`);
  badge.style.setProperty('--down', `${Math.min(below, 24 - up)}px`);
}

/** On a coarse pointer, measures the room around `badge`'s pill when it is on screen; returns a cancel. */
export function watchTouchReach(badge: HTMLElement): () => void {
  const pill = badge.firstElementChild;
  coarse ??= matchMedia('(pointer: coarse)');
  if (!pill || !coarse.matches) return () => {};
  onScreen ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting && entry.intersectionRatio === 1) {
          onScreen?.unobserve(entry.target);
          measures.get(entry.target)?.();
        }
    },
    { threshold: 1, rootMargin: '-24px 0px' },
  );
  measures.set(pill, () => measure(badge, pill));
  onScreen.observe(pill);
  const again = () => onScreen?.observe(pill);
  if (document.readyState !== 'complete') addEventListener('load', again, { once: true });
  return () => {
    removeEventListener('load', again);
    onScreen?.unobserve(pill);
    measures.delete(pill);
  };
}
