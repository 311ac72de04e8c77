// Walks a DOM subtree and reports every VIN candidate it shows or holds: text (also split across
// inline elements), attributes (data-vin, JSON-valued data attributes, link URLs, hidden inputs)
// and scripts (JSON-LD, embedded page state). Resumable, so a long page is scanned in slices.
//
// The loop is the content script's hot path (2,000 cards are 25,000 nodes): no filter callback,
// no per-node ancestor walks; work beyond reading a node happens only where a VIN can be.
import type { JsonVin } from '@/lib/vin/json-vins';
import { findVinCandidates } from '@/lib/vin/vin-syntax';
import { reportAttributes, scriptVins } from './element-vins';
import type { Occurrence } from './occurrence';
import { INLINE, INLINE_TAG, SCRIPT_TAG, SKIP_SELECTOR, SKIPPED_TAG, TAGS } from './walk-tags';

const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const MIN = 17;

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

export interface Scanner {
  /** Scans until `timeUp()` says stop; true when the subtree is done. */
  step(timeUp: () => boolean): boolean;
}

export function createScanner(root: Node, report: (occurrence: Occurrence) => void): Scanner {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, SHOW_ELEMENT | SHOW_TEXT);
  const rootElement = root.nodeType === 1 ? (root as Element) : null;
  const rootSkipped = !!rootElement && (TAGS.get(rootElement.localName) ?? 0) >= SKIPPED_TAG;
  // A TreeWalker never returns its root: an added card's own attributes need a look too.
  // A script added on its own (a JSON-LD block for the next page of results) is read as data.
  const rootScript = rootElement?.localName === 'script';
  let rootPending = root.nodeType === 3 || (!!rootElement && !rootSkipped) || rootScript;

  // Text under a skipped ancestor of the root, or in an editable region, is not page content. The
  // walk never enters skipped subtrees, so a hit needs a check only when such places exist at all.
  const checkHits =
    !!root.parentElement?.closest(SKIP_SELECTOR) ||
    (rootElement ?? root.parentElement)?.querySelector('[contenteditable]') != null ||
    !!(rootElement ?? root.parentElement)?.closest('[contenteditable]');

  // The text seen last when it ended with a letter or digit, for VINs split across inline elements.
  let tailNode: Text | null = null;

  /** Moves the walker past the subtree of its current node; null at the end of the root. */
  const skipSubtree = (): Node | null => {
    for (let node: Node | null = walker.currentNode; node && node !== root; node = walker.parentNode()) {
      const next = walker.nextSibling();
      if (next) return next;
    }
    return null;
  };

  const reportText = (vin: string, element: Element) => {
    if (!checkHits || !element.closest(SKIP_SELECTOR))
      report({ vin, element, kind: 'text', labelled: false });
  };

  const visitText = (text: Text) => {
    const data = text.data;
    const length = data.length;
    if (length === 0) return;
    if (length >= MIN)
      for (const { vin } of findVinCandidates(data)) reportText(vin, text.parentElement as Element);
    if (tailNode && isAlnum(data.charCodeAt(0))) joinTail(text, data);
    tailNode = isAlnum(data.charCodeAt(length - 1)) ? text : null;
  };

  /**
   * The text before ended, and this one starts, with a letter or digit: one word across inline
   * elements? Rare on real pages, so the word is only assembled here (up to 17 characters back).
   */
  const joinTail = (text: Text, data: string) => {
    const block = blockOf(text.parentElement);
    if (!block) return;
    let word = '';
    for (let piece: Text | null = tailNode; piece && word.length <= MIN; ) {
      if (blockOf(piece.parentElement) !== block) return;
      const before = piece.data;
      let start = before.length;
      while (start > 0 && isAlnum(before.charCodeAt(start - 1))) start--;
      word = before.slice(start) + word;
      // A piece that is all letters and digits may continue an earlier piece.
      piece = start === 0 ? previousText(piece) : null;
    }
    let end = 0;
    while (end < data.length && end <= MIN && isAlnum(data.charCodeAt(end))) end++;
    word += data.slice(0, end);
    if (word.length === MIN) for (const { vin } of findVinCandidates(word)) reportText(vin, block);
  };

  /** The text node just before this one in document order, within the same inline run. */
  const previousText = (text: Text): Text | null => {
    const behind = doc.createTreeWalker(root, SHOW_TEXT);
    behind.currentNode = text;
    const previous = behind.previousNode() as Text | null;
    return previous && isAlnum(previous.data.charCodeAt(previous.data.length - 1)) ? previous : null;
  };

  // A data block's VINs, reported a few at a time: a JSON-LD block of 666 vehicles took 2-18 ms
  // to report in one go on the bench page (each report marks the page's structure).
  let pending: { found: JsonVin[]; next: number; element: Element } | null = null;
  const visitScript = (el: Element) => {
    const found = scriptVins(el);
    if (found.length) pending = { found, next: 0, element: el };
  };
  /** Reports the pending data block's VINs until `timeUp()`; true when none is left. */
  const flush = (timeUp: () => boolean): boolean => {
    while (pending) {
      const { found, element } = pending;
      const item = found[pending.next++] as JsonVin;
      report({ ...item, element, kind: 'json', labelled: true });
      if (pending.next >= found.length) pending = null;
      else if ((pending.next & 31) === 0 && timeUp()) return false;
    }
    return true;
  };
  // The walk reached the end of the root while a data block was still being reported.
  let walked = false;

  let done = false;
  return {
    step(timeUp) {
      if (done) return true;
      if (rootPending) {
        rootPending = false;
        if (root.nodeType === 3) visitText(root as Text);
        else if (rootScript) visitScript(root as Element);
        else reportAttributes(root as Element, (root as Element).localName, report);
      }
      if (!flush(timeUp)) return false;
      let count = 0;
      let node = rootSkipped || walked ? null : walker.nextNode();
      while (node) {
        if (node.nodeType === 3) {
          visitText(node as Text);
          node = walker.nextNode();
        } else {
          const el = node as Element;
          const tag = el.localName;
          const kind = TAGS.get(tag);
          // A block element between two texts separates their words.
          if (kind !== INLINE_TAG) tailNode = null;
          if (kind === SKIPPED_TAG) node = skipSubtree();
          else if (kind === SCRIPT_TAG) {
            // Script text is code or data, never page text: read as JSON, then stepped over.
            visitScript(el);
            node = skipSubtree();
            if (!flush(timeUp)) {
              // Resume after the block: step back so that nextNode() returns the node after it.
              if (node) walker.previousNode();
              else walked = true;
              return false;
            }
          } else {
            reportAttributes(el, tag, report);
            node = walker.nextNode();
          }
        }
        if ((++count & 31) === 0 && node && timeUp()) {
          // Resume from this node next time: step back so that nextNode() returns it again.
          walker.previousNode();
          return false;
        }
      }
      done = true;
      return true;
    },
  };
}

function blockOf(element: Element | null): Element | null {
  let block = element;
  while (block && INLINE.has(block.localName) && block.parentElement) block = block.parentElement;
  return block;
}
