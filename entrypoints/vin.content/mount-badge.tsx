// Mounts one badge in a closed shadow root, so the page can neither style nor script into it.
// Not WXT's createShadowRootUi: that parses a <style> per badge and adds 3.5 KB gzip to the
// content script; here every badge adopts one shared constructed stylesheet, which also keeps a
// 2,000-card page cheap.
import { render } from 'preact';
import type { RecordCounts } from '@/lib/api/schemas';
import type { LocalDecode } from '@/lib/vin-verdict';
import { Badge, type BadgeActions } from './badge';
import { BADGE_CSS } from './badge-style';
import type { BadgeHandle } from './page-scanner';
import type { Placement } from './placement';
import { BADGE_TAG } from './subtree-scanner';

let sheet: CSSStyleSheet | undefined;

export function mountBadge(
  placement: Placement,
  decode: LocalDecode,
  actions: BadgeActions,
  known?: RecordCounts,
): BadgeHandle {
  const { anchor } = placement;
  const host = anchor.ownerDocument.createElement(BADGE_TAG);
  host.dataset.vhrVin = placement.vin;
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
  if (placement.append === 'first') anchor.prepend(host);
  else anchor.after(host);
  const onToggle = (open: boolean) => {
    host.style.zIndex = open ? '2147483647' : '';
  };
  render(<Badge decode={decode} actions={actions} onToggle={onToggle} known={known} />, shadow);
  return {
    host,
    remove() {
      render(null, shadow);
      host.remove();
    },
  };
}
