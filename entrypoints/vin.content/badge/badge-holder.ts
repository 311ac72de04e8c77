// A drawn badge's host is absolutely positioned (badge-style.ts). With no positioned element above it
// (a feed's plain posts), its containing block is the page's root: every layout of the page then lays
// it out from the root, however little changed (bench:feed: about 2 ms a second of a busy feed's
// layout with two dozen badges drawn). Put in a holder, an empty inline box of ours that is
// relatively positioned, the host is laid out with the block around it instead. Only where that
// changes nothing the user sees: the anchor lays its children out in lines and blocks (in a flex or
// grid container the holder would be an item, with its gap), and nothing between the anchor and the
// host's containing block clips (it would clip the badge in its holder, not the host as it was).
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
    // The host's own containing block: it, and all above it, clip the badge alike either way.
    if (
      style.position !== 'static' ||
      style.transform !== 'none' ||
      style.filter !== 'none' ||
      /layout|paint|strict|content/.test(style.contain)
    )
      return true;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return false;
  }
  return true;
}

/**
 * Moves `host` into a holder at its place when `canHold` says so; returns the holder (removed with
 * the badge) or null. The holder's font is nothing: an empty inline box with a font of its own
 * would make a line of smaller text taller.
 */
export function holdHost(host: HTMLElement, anchor: Element): HTMLElement | null {
  if (!host.isConnected || !canHold(anchor)) return null;
  const holder = host.ownerDocument.createElement(HOLDER_TAG);
  // Inline style outranks the page's own rules (a `p *` margin would move the page's text).
  holder.style.cssText =
    'display:inline;position:relative;inset:auto;margin:0;padding:0;border:0;font-size:0;line-height:0;transform:none';
  host.before(holder);
  holder.append(host);
  return holder;
}
