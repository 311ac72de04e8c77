// Where a badge's host sits in the page: the element its holder is in (badge-holder.ts: every host
// is mounted in a holder of ours), or, were it ever mounted alone, its parent.
export const placeOf = (host: Element): HTMLElement | null =>
  host.parentElement?.localName === 'vhl-holder' ? host.parentElement.parentElement : host.parentElement;

/** The host mounted first (or last) in `element`, through its holder. */
export const hostAt = (element: Element, end: 'first' | 'last'): HTMLElement | null => {
  const child = end === 'first' ? element.firstElementChild : element.lastElementChild;
  return (child?.localName === 'vhl-holder' ? child.firstElementChild : child) as HTMLElement | null;
};
