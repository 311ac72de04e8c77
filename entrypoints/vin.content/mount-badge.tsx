// Mounts one badge in a closed shadow root, so the page can neither style nor script into it.
// Not WXT's createShadowRootUi: that parses a <style> per badge and adds 3.5 KB gzip to the
// content script; here every badge adopts one shared constructed stylesheet, which also keeps a
// 2,000-card page cheap.
import { render } from 'preact';
import type { RecordCounts } from '@/lib/domain';
import { listingMismatch } from '@/lib/vin/listing-mismatch';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { Badge, type BadgeActions } from './badge';
import { BADGE_CSS } from './badge-style';
import { trackNearScreen } from './near-screen';
import type { BadgeHandle } from './page-scanner';
import type { Placement } from './placement';
import { BADGE_TAG } from './subtree-scanner';

let sheet: CSSStyleSheet | undefined;

/**
 * The listing's own title near the badge: the one heading of the card (or of the nearest block
 * around a VIN shown as text). Two headings in reach, or none: nothing (no warning from a guess).
 */
function listingTitle(placement: Placement): string {
  let scope: Element | null =
    placement.append === 'first' ? placement.anchor : placement.anchor.parentElement;
  // Climbing stops at a list (many children): its headings are other vehicles'.
  for (let depth = 0; scope && scope !== scope.ownerDocument.body && depth < 4; depth++) {
    if (depth > 0 && scope.childElementCount > 12) return '';
    const headings = scope.querySelectorAll('h1, h2, h3, h4, h5, h6, [class*="title" i]');
    if (headings.length === 1) return (headings[0]?.textContent ?? '').slice(0, 200);
    if (headings.length > 1) return '';
    scope = scope.parentElement;
  }
  return '';
}

/**
 * Two VINs in one text (a fleet sale's lot of two) put two badges at its end, at one spot: the
 * later one is moved past those drawn before it, so neither covers the other. Only then is a box
 * read (a layout): a badge alone at the end of its text, the common case, reads none.
 */
function besideEarlierBadges(host: HTMLElement): string {
  let width = 0;
  for (
    let other = host.previousElementSibling;
    other?.localName === BADGE_TAG;
    other = other.previousElementSibling
  )
    if (other.hasAttribute('data-vhr-shown')) width += other.getBoundingClientRect().width + 4;
  return width ? `${width}px` : '';
}

export function mountBadge(
  placement: Placement,
  decode: LocalDecode,
  actions: BadgeActions,
  known?: RecordCounts,
  owned = false,
): BadgeHandle {
  const { anchor } = placement;
  const host = anchor.ownerDocument.createElement(BADGE_TAG);
  host.dataset.vhrVin = placement.vin;
  host.dataset.vhrAt = placement.append === 'first' ? 'card' : 'text';
  const shadow = host.attachShadow({ mode: 'closed' });
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BADGE_CSS);
  }
  shadow.adoptedStyleSheets = [sheet];
  // Keys typed in the badge stay in the badge: the page's shortcuts must not fire.
  for (const type of ['keydown', 'keyup', 'keypress'])
    shadow.addEventListener(type, (e) => e.stopPropagation());
  // A card is often a link or clickable as a whole: a click on the badge opens the badge, never the
  // listing (the default action of an enclosing <a> is cancelled here, after the badge's own handler).
  host.addEventListener('click', (e) => {
    e.preventDefault();
    e.stopPropagation();
  });
  // At the card's top, or at the end of the text showing the VIN (inside it: the host takes no room).
  if (placement.append === 'first') anchor.prepend(host);
  else anchor.append(host);
  // Open: above the neighbouring badges, still under the page's own overlays.
  let open = false;
  const onToggle = (isOpen: boolean) => {
    open = isOpen;
    host.style.zIndex = isOpen ? '3' : '';
  };
  // Drawn once its place comes within a screen of the viewport, put away (undisplayed, its state
  // kept) once it is two screens away (near-screen.ts): a badge far from the screen costs the
  // page's layout nothing. One the user is using (its panel open, or focus in it) stays.
  let rendered = false;
  const forget = trackNearScreen(anchor, (near) => {
    if (!near) {
      if (open || shadow.activeElement) return false;
      delete host.dataset.vhrShown;
      return true;
    }
    host.dataset.vhrShown = '';
    if (placement.append === 'end') host.style.marginLeft = besideEarlierBadges(host);
    if (rendered) return true;
    rendered = true;
    render(
      <Badge
        decode={decode}
        actions={actions}
        onToggle={onToggle}
        known={known}
        owned={owned}
        mismatch={listingMismatch(decode, listingTitle(placement))}
      />,
      shadow,
    );
    return true;
  });
  return {
    host,
    remove() {
      forget();
      if (rendered) render(null, shadow);
      host.remove();
    },
  };
}
