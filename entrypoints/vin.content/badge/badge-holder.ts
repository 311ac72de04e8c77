// A drawn badge's host is absolutely positioned (badge-style.ts). With no positioned element above it
// (a feed's plain posts), its containing block is the page's root: every layout of the page then lays
// it out from the root, however little changed (bench:feed: about 2 ms a second of a busy feed's
// layout with two dozen badges drawn). So every host is mounted in a holder of ours, undisplayed until
// the badge is drawn, then with no box of its own (as if the host were in the anchor); at the badge's
// first placement, the holder becomes an empty, relatively positioned inline box, and the host is
// laid out with the block around it. Only where that changes nothing the user sees: the anchor lays
// its children out in lines and blocks (in a flex or grid container the holder would be an item,
// with its gap), and nothing between the anchor and the host's containing block clips (it would
// clip the badge in its holder, not the host as it was).
import { HOLDER_TAG } from '../detect/occurrence';

/** Displays whose in-flow children are laid out in lines and blocks. */
const FLOW = new Set([
  'block',
  'inline',
  'inline-block',
  'list-item',
  'flow-root',
  'table-cell',
  'table-caption',
]);

/** Whether a holder in `anchor` keeps the badge where and as the host alone would be. */
export function canHold(anchor: Element): boolean {
  const doc = anchor.ownerDocument;
  const view = doc.defaultView;
  if (!view || !FLOW.has(view.getComputedStyle(anchor).display)) return false;
  for (let el: Element | null = anchor; el && el !== doc.documentElement; el = el.parentElement) {
    const style = view.getComputedStyle(el);
    // The host's own containing block: it, and all above it, clip the badge alike either way. (A
    // transform makes one too, but reading it lays the page out: one passed over only makes the walk
    // go on, and at worst refuse a holder; bench:feed read 7 ms a second of such forced layouts.)
    if (
      style.position !== 'static' ||
      style.filter !== 'none' ||
      /layout|paint|strict|content/.test(style.contain)
    )
      return true;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return false;
  }
  return true;
}

/**
 * The holder shows its badge with no box of its own (`display: contents`): the host is laid out as if
 * in the anchor. Until the badge is drawn, and while it is put away, the holder has no box at all.
 */
const UNDRAWN = 'display:none';
// Inline style outranks the page's own rules (a `p *` margin would move the page's text), and the
// holder's font is nothing: an empty inline box with a font of its own makes a line of smaller text taller.
const HELD =
  'display:inline;position:relative;inset:auto;margin:0;padding:0;border:0;font-size:0;line-height:0;transform:none';

/**
 * The host's holder, mounted with it. Not moved into one later: moving a shadow host in the page
 * costs every later style update of the page (bench:feed: about 1 ms a second of a busy feed's).
 */
export function createHolder(host: HTMLElement): HTMLElement {
  // Cloned from one made once: a 2,000-card page's holders do not each parse their style again.
  if (template?.ownerDocument !== host.ownerDocument) {
    template = host.ownerDocument.createElement(HOLDER_TAG);
    template.style.cssText = UNDRAWN;
  }
  const holder = template.cloneNode() as HTMLElement;
  holder.append(host);
  return holder;
}
let template: HTMLElement | undefined;

/**
 * Whether the holder takes its box, once the badge is drawn: a look (computed styles), returning the
 * write that gives it, if `canHold` says so. Looked at where the page's styles are fresh (the spot
 * watch's first look: spot-watch.ts); at the draw, the page had changed since its last frame, and
 * the walk made it compute its styles again (bench:feed: 0.85 ms a second, the content script's
 * largest function by its own time).
 */
export function planHold(holder: HTMLElement, anchor: Element): (() => void) | null {
  if (!holder.isConnected || !canHold(anchor)) return null;
  // Written with the spot watch's writes, right after its look, while the badge is drawn.
  return () => {
    holder.style.cssText = HELD;
  };
}

/**
 * Shows or puts away what the holder holds. Put away, the badge's styles go too (mount-badge.ts): a
 * shadow root with a style sheet costs every style update of the page, drawn or not (the feed page
 * of bench:feed with 400 such hosts made by its own script, traced: `Document::updateActiveStyle`
 * 0.03 -> 1.2 ms a second).
 */
export function showHolder(holder: HTMLElement, shown: boolean): void {
  // Held (HELD, the only style that positions it): its inline box again; else no box of its own.
  holder.style.display = shown ? (holder.style.position === 'relative' ? 'inline' : 'contents') : 'none';
}
