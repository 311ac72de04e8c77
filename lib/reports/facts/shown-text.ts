// What a report shows, as opposed to what its markup holds (docs/report-evidence.md §3.4, §4): the
// viewer renders a report without its remote stylesheets, so what hides is the report's own inline
// <style> sheets and style attributes (report-styles.ts: display:none, opacity:0,
// content-visibility:hidden, a clip-path that leaves nothing and a zero height with its overflow
// hidden hide a subtree;
// visibility and font-size:0 are inherited and a descendant can undo them; a closed accordion is text
// a reader can open, not hidden), and facts never come from the score modal or lightbox a reader
// never opens, from screen-reader copies that repeat a line, from template leftovers (`th:block`) or
// from anything a script or <noscript> holds. Works on an inert DOMParser document: nothing is laid
// out, nothing runs.
import { reportStyles, zeroSize } from './report-styles';

/** Elements whose words a reader never sees in the report (an icon's <svg> shows a drawing; its
 * <title> is a tooltip, never a cell's verdict). */
const UNSEEN_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TH:BLOCK', 'HEAD', 'TITLE', 'SVG']);
const UNSEEN_CLASSES = ['visually-hidden', 'sr-only', 'modal', 'aboutscorelightbox'];
const declared = (element: Element) => reportStyles(element.ownerDocument).declared(element);

/** Whether this element hides itself and all it holds (not its ancestors: see `isShown`). */
function hides(element: Element): boolean {
  if (UNSEEN_TAGS.has(element.tagName.toUpperCase())) return true;
  if (element.hasAttribute('hidden')) return true;
  const { classList } = element;
  if (UNSEEN_CLASSES.some((name) => classList.contains(name))) return true;
  const style = declared(element);
  // Bootstrap's closed accordion (.collapse:not(.show)): a reader opens it with a click.
  if (style.display === 'none' && !classList.contains('collapse')) return true;
  if (style.opacity !== undefined && Number.parseFloat(style.opacity) === 0) return true;
  // Its contents skipped, clipped away, or cut to no height (issue 63).
  if (style['content-visibility'] === 'hidden') return true;
  if (style['clip-path'] !== undefined && clipsAll(style['clip-path'])) return true;
  const clipped = /hidden|clip/.test(`${style.overflow ?? ''} ${style['overflow-y'] ?? ''}`);
  return clipped && (zeroLength(style.height) || zeroLength(style['max-height']));
}

/** A length of nothing ("0", "0px", "0%"). */
const zeroLength = (value: string | undefined) =>
  value !== undefined && /^0*\.?0*(px|em|rem|%|pt|vh)?$/.test(value);

/** A clip-path that leaves nothing: inset of half or more from each side, a circle or ellipse of radius 0. */
function clipsAll(value: string): boolean {
  const inset = /^inset\(\s*([\d.]+)%/.exec(value);
  if (inset) return Number(inset[1]) >= 50;
  return /^(circle|ellipse)\(\s*0(px|%)?[\s)]/.test(value);
}

/** Inherited: hidden by visibility, or drawn at no size; a descendant can undo either. */
interface Inherited {
  invisible: boolean;
  tiny: boolean;
}
const SHOWN: Inherited = { invisible: false, tiny: false };

function inherit(element: Element, from: Inherited): Inherited {
  const style = declared(element);
  const visibility = style.visibility;
  const size = style['font-size'];
  if (visibility === undefined && size === undefined) return from;
  return {
    invisible:
      visibility === undefined || visibility === 'inherit'
        ? from.invisible
        : /hidden|collapse/.test(visibility),
    tiny: size === undefined || size === 'inherit' ? from.tiny : zeroSize(size),
  };
}

/** What each element inherits, and whether it is hidden with all it holds, once per element. */
const inheritedMemo = new WeakMap<Element, Inherited>();
const hiddenMemo = new WeakMap<Element, boolean>();

function inheritedOf(element: Element): Inherited {
  let state = inheritedMemo.get(element);
  if (!state) {
    const parent = element.parentElement;
    state = inherit(element, parent ? inheritedOf(parent) : SHOWN);
    inheritedMemo.set(element, state);
  }
  return state;
}

function hiddenWithAncestors(element: Element): boolean {
  let hidden = hiddenMemo.get(element);
  if (hidden === undefined) {
    const parent = element.parentElement;
    hidden = hides(element) || (parent !== null && hiddenWithAncestors(parent));
    hiddenMemo.set(element, hidden);
  }
  return hidden;
}

/** Whether a reader sees `element`'s words: no ancestor hides it, and what it inherits shows. */
export function isShown(element: Element): boolean {
  if (hiddenWithAncestors(element)) return false;
  const state = inheritedOf(element);
  return !state.invisible && !state.tiny;
}

function collect(node: Node, into: string[], state: Inherited): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      if (!state.invisible && !state.tiny) into.push(child.nodeValue ?? '');
    } else if (child.nodeType === 1 && !hides(child as Element)) {
      into.push(' ');
      collect(child, into, inheritedOf(child as Element));
      into.push(' ');
    }
  }
}

/** What `node` inherits from its ancestors (an element's own styles included). */
function stateOf(node: Node): Inherited {
  const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
  return element ? inheritedOf(element) : SHOWN;
}

/** The words `node` shows, whitespace collapsed (blocks and cells kept apart by a space). */
export function shownText(node: Node | null | undefined): string {
  if (!node) return '';
  const parts: string[] = [];
  collect(node, parts, stateOf(node));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The elements matching `selector` under `root` that a reader sees. */
export const shownAll = (root: ParentNode, selector: string): Element[] =>
  [...root.querySelectorAll(selector)].filter(isShown);

/** The first such element, or null. */
export const shownFirst = (root: ParentNode, selector: string): Element | null =>
  shownAll(root, selector)[0] ?? null;
