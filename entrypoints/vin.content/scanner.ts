// Walks a DOM subtree and reports every VIN it shows or holds: text (also split across inline
// elements), attributes (data-vin, JSON-valued data attributes, link URLs, hidden inputs) and
// scripts (JSON-LD, embedded page state). Resumable, so a long page is scanned in slices.
import { acceptLabelledVin, type JsonVin, vinsInJson, vinsInScriptText } from '@/lib/json-vins';
import { findVinCandidates } from '@/lib/vin-candidates';

export type OccurrenceKind = 'text' | 'attribute' | 'json';

export interface Occurrence {
  /** A candidate: the background decides with the manufacturer codes (see lib/vin-candidates.ts). */
  vin: string;
  /** Found under a name that says "VIN" (data-vin, a "vin" JSON key, <input name="vin">): no code test needed. */
  labelled: boolean;
  /** The element showing or holding the VIN; for JSON, the script element. */
  element: Element;
  kind: OccurrenceKind;
  /** JSON only: name and URL of the object that holds the VIN, to find its card. */
  hint?: Omit<JsonVin, 'vin'>;
}

export const BADGE_TAG = 'vhr-badge';

// Never scanned: code, styles, editable fields and our own badges.
const SKIP = new Set([
  'style',
  'noscript',
  'template',
  'textarea',
  'code',
  'pre',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'select',
  BADGE_TAG,
]);
// Text in these joins its neighbours: "<span>1FMDU34X</span><span>7PUD75574</span>" is one VIN.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
const SHOW_ELEMENT = 0x1;
const SHOW_TEXT = 0x4;
const FILTER_ACCEPT = 1;
const FILTER_REJECT = 2;
const JSON_SCRIPT = /^(application\/(ld\+)?json|)$/i;
const MIN = 17;

export interface Scanner {
  /** Scans until `timeUp()` says stop; true when the subtree is done. */
  step(timeUp: () => boolean): boolean;
}

export function createScanner(root: Node, report: (occurrence: Occurrence) => void): Scanner {
  const doc = root.ownerDocument ?? (root as Document);
  const accept = (node: Node) => {
    if (node.nodeType !== 1) return FILTER_ACCEPT;
    const el = node as Element;
    return SKIP.has(el.localName) || el.hasAttribute('contenteditable') ? FILTER_REJECT : FILTER_ACCEPT;
  };
  const walker = doc.createTreeWalker(root, SHOW_ELEMENT | SHOW_TEXT, { acceptNode: accept });
  // A TreeWalker never returns its root: an added card's own attributes need a look too.
  let rootPending = accept(root) === FILTER_ACCEPT && (root.nodeType === 1 || root.nodeType === 3);

  // The current run of text inside one block element.
  let runBlock: Element | null = null;
  let runText = '';
  let runStarts: number[] = [];
  let lastParent: Element | null = null;
  let lastBlock: Element | null = null;

  const flush = () => {
    if (runBlock && runStarts.length > 1 && runText.length >= MIN) {
      for (const { vin, index } of findVinCandidates(runText)) {
        // Matches inside a single text node were reported already, with a closer element.
        const inOne = runStarts.some(
          (start, i) => start <= index && index + MIN <= (runStarts[i + 1] ?? Infinity),
        );
        if (!inOne) report({ vin, element: runBlock, kind: 'text', labelled: false });
      }
    }
    runBlock = null;
    runText = '';
    runStarts = [];
  };

  const blockOf = (parent: Element): Element => {
    if (parent === lastParent && lastBlock) return lastBlock;
    let block = parent;
    while (INLINE.has(block.localName) && block.parentElement) block = block.parentElement;
    lastParent = parent;
    lastBlock = block;
    return block;
  };

  const visitText = (text: Text) => {
    const parent = text.parentElement;
    if (!parent) return;
    const data = text.data;
    if (data.length >= MIN) {
      for (const { vin } of findVinCandidates(data))
        report({ vin, element: parent, kind: 'text', labelled: false });
    }
    const block = blockOf(parent);
    if (block !== runBlock) {
      flush();
      runBlock = block;
    }
    runStarts.push(runText.length);
    runText += data;
  };

  const visitElement = (el: Element) => {
    if (el.localName === 'script') {
      const type = el.getAttribute('type') ?? '';
      if (!el.hasAttribute('src') && (JSON_SCRIPT.test(type) || /javascript/i.test(type))) {
        for (const found of scriptVins(el.textContent ?? '', type)) report(jsonOccurrence(found, el));
      }
      return;
    }
    const attributes = el.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const { name, value } = attributes[i] as Attr;
      if (value.length < MIN) continue;
      if (name.includes('vin')) {
        const vin = acceptLabelledVin(value);
        if (vin) report({ vin, element: el, kind: 'attribute', labelled: true });
      } else if (value[0] === '{' || value[0] === '[') {
        for (const found of vinsInScriptText(value))
          report({ vin: found.vin, element: el, kind: 'attribute', labelled: true });
      } else if (name === 'href' || name === 'value' || name.startsWith('data-')) {
        for (const { vin } of findVinCandidates(safeDecode(value))) {
          report({ vin, element: el, kind: 'attribute', labelled: false });
        }
      }
    }
    // <input type="hidden" name="vin" value="...">: the value is labelled by the name.
    if (el.localName === 'input' && /vin/i.test(el.getAttribute('name') ?? '')) {
      const vin = acceptLabelledVin((el as HTMLInputElement).value);
      if (vin) report({ vin, element: el, kind: 'attribute', labelled: true });
    }
  };

  let done = false;
  return {
    step(timeUp) {
      if (done) return true;
      let count = 0;
      if (rootPending) {
        rootPending = false;
        if (root.nodeType === 3) visitText(root as Text);
        else visitElement(root as Element);
      }
      // A rejected root (our own badge, a <textarea>…) has nothing to scan.
      const rejectedRoot = root.nodeType === 1 && accept(root) === FILTER_REJECT;
      for (let node = rejectedRoot ? null : walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === 3) visitText(node as Text);
        else {
          // A new element may end the current text run (block boundaries are checked per text node).
          visitElement(node as Element);
        }
        if ((++count & 63) === 0 && timeUp()) return false;
      }
      flush();
      done = true;
      return true;
    },
  };
}

function scriptVins(text: string, type: string): JsonVin[] {
  if (!/vin|vehicleIdentificationNumber/i.test(text)) return [];
  if (/json/i.test(type)) {
    try {
      return vinsInJson(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return vinsInScriptText(text);
}

function jsonOccurrence(found: JsonVin, script: Element): Occurrence {
  const { vin, ...hint } = found;
  return { vin, element: script, kind: 'json', labelled: true, hint };
}

function safeDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (error) {
    if (error instanceof URIError) return value;
    throw error;
  }
}
