// Real result cards are often one link's hit area (docs/site-evidence.md, "Stretched card links":
// cars.com's title link with an ::after box over the card at z-index 1, TrueCar's empty
// a.vehicle-card-overlay at z-index 2): drawn under it, the pill takes no click, and a click on it
// opens the listing. So the badge's host is raised just above the card's own overlay, no higher: the
// page's sticky headers and dialogs (z-index 10 and up, as docs/detection.md promises) still cover it.

/** Links looked at per card: a card's overlay is among its first few. */
const MAX_LINKS = 12;
/** An overlay this high is the page's, not a card's: the badge stays under it. */
const PAGE_LAYER = 10;

/** The z-index that puts the badge above its card's stretched link; null when it needs none. */
export function overlayLift(card: Element): number | null {
  const view = card.ownerDocument.defaultView;
  if (!view) return null;
  let top = 0;
  const links = card.querySelectorAll('a[href]');
  for (let i = 0; i < links.length && i < MAX_LINKS; i++)
    for (const pseudo of [null, '::after', '::before']) {
      const style = view.getComputedStyle(links[i] as Element, pseudo);
      const z = Number.parseInt(style.zIndex, 10);
      if ((style.position === 'absolute' || style.position === 'fixed') && z > top) top = z;
    }
  // The host is first in the card, so an overlay of its own z-index, later in the page, is above it.
  return top >= 1 && top < PAGE_LAYER ? top + 1 : null;
}
