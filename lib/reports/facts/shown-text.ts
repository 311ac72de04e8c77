// What a report shows, as opposed to what its markup holds (docs/report-evidence.md §3.4, §4): the
// viewer renders a report without its remote stylesheets, so only inline `display:none` hides, but
// facts must never come from the score modal or lightbox a reader never opens, from screen-reader
// copies that repeat a line, from template leftovers (`th:block`) or from anything a script or
// <noscript> holds. Works on an inert DOMParser document: nothing is laid out, nothing runs.

/** Elements whose words a reader never sees in the report (an icon's <svg> shows a drawing; its
 * <title> is a tooltip, never a cell's verdict). */
const UNSEEN_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TH:BLOCK', 'HEAD', 'TITLE', 'SVG']);
const UNSEEN_CLASSES = ['visually-hidden', 'sr-only', 'modal', 'aboutscorelightbox'];
const HIDING_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\s*(!important)?\s*(;|$)/i;

/** Whether this element itself hides its words (not its ancestors: see `isShown`). */
function hides(element: Element): boolean {
  if (UNSEEN_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.hasAttribute('hidden')) return true;
  const style = element.getAttribute('style');
  if (style && HIDING_STYLE.test(style)) return true;
  const { classList } = element;
  return UNSEEN_CLASSES.some((name) => classList.contains(name));
}

/** Whether `element` and every ancestor show their words. */
export function isShown(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) if (hides(at)) return false;
  return true;
}

function collect(node: Node, into: string[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) into.push(child.nodeValue ?? '');
    else if (child.nodeType === 1 && !hides(child as Element)) {
      into.push(' ');
      collect(child, into);
      into.push(' ');
    }
  }
}

/** The words `node` shows, whitespace collapsed (blocks and cells kept apart by a space). */
export function shownText(node: Node | null | undefined): string {
  if (!node) return '';
  const parts: string[] = [];
  collect(node, parts);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The elements matching `selector` under `root` that a reader sees. */
export const shownAll = (root: ParentNode, selector: string): Element[] =>
  [...root.querySelectorAll(selector)].filter(isShown);

/** The first such element, or null. */
export const shownFirst = (root: ParentNode, selector: string): Element | null =>
  shownAll(root, selector)[0] ?? null;
