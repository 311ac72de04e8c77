// Mounts one badge in a closed shadow root, so the page can neither style nor script into it.
// Not WXT's createShadowRootUi: that parses a <style> per badge and adds 3.5 KB gzip to the
// content script; here every badge adopts one shared constructed stylesheet, which also keeps a
// 2,000-card page cheap. The pill is plain DOM (pill.ts); its panel comes on the first click
// (panel-loader.ts); where it sits is decided once it is laid out (spot-watch.ts).
import type { RecordCounts } from '@/lib/domain';
import type { CardVerdict } from '@/lib/memory/card-verdict';
import { listingMismatch } from '@/lib/vin/listing-mismatch';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { titleOf } from '../detect/card-title';
import { BADGE_TAG } from '../detect/occurrence';
import type { BadgeHandle } from '../detect/page-scanner';
import type { Placement } from '../detect/placement';
import { trackNearScreen } from '../pace/near-screen';
import { createHolder, planHold, showHolder } from './badge-holder';
import { BADGE_CSS } from './badge-style';
import { createToggle } from './badge-toggle';
import { overlayLift } from './overlay-lift';
import type { BadgeActions, PanelTarget } from './panel-contract';
import { badgePanel } from './panel-loader';
import { createPill, type Pill, type PillState, pillSays } from './pill';
import { watchSpot } from './spot-watch';
import { watchTouchReach } from './touch-reach';
import type { VerdictFeed } from './verdict-feed';

let sheet: CSSStyleSheet | undefined;
/** Each mounted badge, by VIN, as the rest of the page asks of it: told "now owned" by the background
 * after a purchase (index.ts), and asked what its pill says, drawn or not (the popup's rows). */
interface Mounted {
  own(): void;
  says(): CardVerdict;
}
const mounted = new Map<string, Set<Mounted>>();

/** Each VIN with a badge on this page and what its (first) pill says. */
export function pillsSaid(): Array<{ vin: string; verdict: CardVerdict }> {
  return [...mounted].flatMap(([vin, badges]) => {
    const first = badges.values().next().value;
    return first ? [{ vin, verdict: first.says() }] : [];
  });
}

/** The user now holds a report of `vin`: its badges say so (their next panel offers it). */
export function badgesOwn(vin: string): void {
  for (const badge of mounted.get(vin) ?? []) badge.own();
}

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
    // The line showing the VIN is not the title, even when its class says so (cars.com's
    // "vehicle-subtitle"); a real heading stays one, and a card's anchor is the card itself.
    const { anchor } = placement;
    const headings = [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6, [class*="title" i]')].filter(
      (h) =>
        placement.append === 'first' ||
        /^H[1-6]$/.test(h.tagName) ||
        !(h.contains(anchor) || anchor.contains(h)),
    );
    if (headings.length === 1) return (headings[0]?.textContent ?? '').slice(0, 200);
    if (headings.length > 1) return '';
    scope = scope.parentElement;
  }
  return '';
}

export function mountBadge(
  placement: Placement,
  decode: LocalDecode,
  actions: BadgeActions,
  known?: RecordCounts,
  owned = false,
  listingUrl?: () => string | undefined,
  verdicts?: VerdictFeed,
): BadgeHandle {
  const { anchor } = placement;
  const doc = anchor.ownerDocument;
  const host = doc.createElement(BADGE_TAG);
  host.dataset.vhlVin = placement.vin;
  host.dataset.vhlAt = placement.append === 'first' ? 'card' : 'text';
  const shadow = host.attachShadow({ mode: 'closed' });
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BADGE_CSS);
  }
  // Its style sheet only while drawn (badge-holder.ts, showHolder, says why).
  const styles = [sheet];
  // At the card's top, or at the end of the text showing the VIN (inside it: the host takes no room).
  // In its holder (badge-holder.ts): no box of its own until the badge is drawn where one is safe.
  const holder = createHolder(host);
  if (placement.append === 'first') anchor.prepend(holder);
  else anchor.append(holder);

  const state: PillState = { counts: known, owned, mismatch: null };
  const listing = {
    // Read when the panel asks (the card's link: not looked for while badges are placed).
    get url() {
      return listingUrl?.();
    },
    title: '',
  };
  const markOwned = () => {
    state.owned = true;
    made?.pill.show(state);
    verdicts?.want(placement.vin);
  };
  // The background's finding for the pill (verdict-feed.ts), heard while the badge is mounted.
  const unlisten =
    verdicts?.listen(placement.vin, (verdict) => {
      state.verdict = verdict;
      made?.pill.show(state);
    }) ?? (() => {});
  let spot: ReturnType<typeof watchSpot> | undefined;
  // Above the card's own stretched link, if it has one (overlay-lift.ts); decided at the first look.
  let lift = '';
  let stopReach = () => {};
  // The pill, its panel's place and its toggle are made at the badge's first draw: a badge never
  // drawn (a long page's far cards) holds no node but its holder and host, and no listener
  // (test/e2e/page-footprint.test.ts counts them).
  let made: { pill: Pill; toggle: ReturnType<typeof createToggle> } | undefined;
  // Its words for the popup: the listing's title is read at the first draw, or now for one not drawn.
  const says = () =>
    pillSays({
      ...state,
      mismatch: made ? state.mismatch : listingMismatch(decode, listingTitle(placement)),
    });
  const self: Mounted = { own: markOwned, says };
  const badges = mounted.get(placement.vin) ?? new Set();
  mounted.set(placement.vin, badges.add(self));
  function make() {
    // Keys typed in the badge stay in the badge: the page's shortcuts must not fire.
    for (const type of ['keydown', 'keyup', 'keypress'])
      shadow.addEventListener(type, (e) => e.stopPropagation());
    // A card is often a link or clickable as a whole: a click on the badge opens the badge, never the
    // listing (the default action of an enclosing <a> is cancelled here, after the badge's own handler).
    host.addEventListener('click', (e) => {
      e.preventDefault();
      e.stopPropagation();
    });
    const pill = createPill(doc, decode);
    const mount = doc.createElement('div');
    const target: PanelTarget = { shadow, mount, pill: pill.button };
    const toggle = createToggle({
      pill,
      target,
      state,
      decode,
      actions,
      listing,
      load: badgePanel,
      // Open: above the neighbouring badges, still under the page's own overlays. Drawn: said on the
      // host (what a test waits for: the first panel of a page arrives after a round trip).
      onOpen: (open, drawn) => {
        host.style.zIndex = open ? String(Math.max(3, Number(lift))) : lift;
        host.toggleAttribute('data-vhl-open', drawn);
        // What the panel did (counts checked, watched, forgotten) may change the finding.
        if (!open) verdicts?.want(placement.vin);
      },
    });
    listing.title = listingTitle(placement);
    state.mismatch = listingMismatch(decode, listing.title);
    pill.show(state);
    pill.root.append(mount);
    shadow.append(pill.root);
    return { pill, toggle };
  }

  // Drawn once its place comes within a screen of the viewport, put away (undisplayed, its state
  // kept) once it is two screens away (near-screen.ts): a badge far from the screen costs the
  // page's layout nothing. One the user is using (its panel open, or focus in it) stays.
  let holdLooked = false;
  // Its spot is watched only while drawn: a lasting ResizeObserver on every badge a long feed ever
  // drew (its host and its card) is computed on every frame the page lays out.
  const watch = (pill: Pill) =>
    watchSpot({
      host,
      card: placement.card,
      anchor,
      append: placement.append,
      setCompact: pill.setCompact,
      // Its holder's box (badge-holder.ts) and its lift over the card's link, decided once, where
      // the page's styles are fresh.
      firstLook: () => {
        if (holdLooked) return null;
        holdLooked = true;
        const hold = planHold(holder, anchor);
        // Where the pill goes (spot-watch.ts): by the title's last line, or the VIN's text.
        const z = overlayLift(placement.card, [
          placement.append === 'first' ? titleOf(placement.card) : anchor,
        ]);
        if (!z) return hold;
        return () => {
          hold?.();
          lift = String(z);
          host.style.zIndex = lift;
        };
      },
      // Touch: its hit area is measured where it sits, again whenever it moves.
      onPlaced: () => {
        stopReach();
        stopReach = watchTouchReach(pill.root);
      },
    });
  const forget = trackNearScreen(anchor, (near) => {
    if (!near) {
      if (made?.toggle.isOpen() || shadow.activeElement) return false;
      delete host.dataset.vhlShown;
      showHolder(holder, false);
      shadow.adoptedStyleSheets = [];
      spot?.stop();
      spot = undefined;
      stopReach();
      return true;
    }
    shadow.adoptedStyleSheets = styles;
    host.dataset.vhlShown = '';
    showHolder(holder, true);
    made ??= make();
    spot ??= watch(made.pill);
    return true;
  });
  return {
    host,
    remove() {
      badges.delete(self);
      if (badges.size === 0) mounted.delete(placement.vin);
      unlisten();
      forget();
      spot?.stop();
      stopReach();
      if (made?.toggle.isOpen()) void made.toggle.setOpen(false);
      holder.remove();
    },
  };
}
