// Which elements of the page carry which identity keys (lib/vin/listing-identity.ts): link and image
// URLs, id-like attributes, vehicle names in headings and links. Built only when a vehicle known
// from page data alone needs its card, and then only over what was added since the last time.
import { idKeys, nameKeys, urlKeys } from '@/lib/vin/listing-identity';
import { attributeNames } from './attribute-names';
import { BADGE_TAG, HOLDER_TAG } from './occurrence';

// Attributes that hold a listing's own id (data-listing-id, data-stock-number, id="listing-123").
const ID_ATTRIBUTE = /(^|-)id$|^id$|stock|sku|listing|vehicle-key|inventory/;
const URL_ATTRIBUTE = new Set([
  'href',
  'src',
  'data-src',
  'data-lazy-src',
  'data-href',
  'data-url',
  'poster',
]);
const NAMED = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a']);
const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template', BADGE_TAG, HOLDER_TAG]);
// Past this many roots waiting, one walk of the whole body is cheaper than remembering them.
const MAX_PENDING = 256;

export function createCardIndex(doc: Document) {
  const byKey = new Map<string, Set<Element>>();
  let pending: Node[] = [];
  let whole = true;
  let removals = false;
  // The walk in progress: the roots left, and the elements of the current one (resumable, so a
  // whole 2,000-card page is indexed in slices); the keys that gained an element since last asked.
  let roots: Node[] = [];
  let elements: HTMLCollectionOf<Element> | null = null;
  let position = 0;
  let fresh = new Set<string>();

  const add = (key: string, element: Element) => {
    const set = byKey.get(key) ?? new Set<Element>();
    byKey.set(key, set);
    if (!set.has(element)) {
      set.add(element);
      fresh.add(key);
    }
  };

  const indexElement = (el: Element) => {
    const tag = el.localName;
    if (NOT_CONTENT.has(tag)) return;
    for (const name of attributeNames(el)) {
      const value = el.getAttribute(name) ?? '';
      if (value.length < 4 || name === 'class' || name === 'style') continue;
      if (URL_ATTRIBUTE.has(name)) for (const key of urlKeys(value, doc.baseURI)) add(key, el);
      else if (name === 'srcset' || name === 'data-srcset') {
        const first = value.trim().split(/\s+/)[0];
        if (first) for (const key of urlKeys(first, doc.baseURI)) add(key, el);
      } else if (ID_ATTRIBUTE.test(name)) for (const key of idKeys(value)) add(key, el);
    }
    const className = typeof el.className === 'string' ? el.className.toLowerCase() : '';
    if (NAMED.has(tag) || className.includes('title') || className.includes('name')) {
      const text = el.textContent ?? '';
      if (text.length <= 160) for (const key of nameKeys(text)) add(key, el);
    }
  };

  const startRoot = (root: Node) => {
    if (root.nodeType !== 1 || !root.isConnected) return;
    const element = root as Element;
    const scope = element === doc.documentElement ? doc.body : element;
    if (!scope || !doc.body?.contains(scope)) return;
    if (scope !== doc.body) indexElement(scope);
    elements = scope.getElementsByTagName('*');
    position = 0;
  };

  return {
    /** A subtree was added or changed: indexed when next needed. */
    noteAdded(root: Node) {
      if (whole) return;
      if (pending.length >= MAX_PENDING) {
        whole = true;
        pending = [];
      } else pending.push(root);
    },
    noteRemoved() {
      removals = true;
    },
    /** Indexes what was added since the last time, until `timeUp()`; true when all is indexed. */
    step(timeUp: () => boolean): boolean {
      if (removals) {
        removals = false;
        for (const [key, set] of byKey) {
          for (const el of set) if (!el.isConnected) set.delete(el);
          if (set.size === 0) byKey.delete(key);
        }
      }
      if (whole) {
        whole = false;
        pending = [];
        byKey.clear();
        roots = [doc.documentElement];
        elements = null;
      } else if (pending.length) {
        roots.push(...pending);
        pending = [];
      }
      for (;;) {
        if (elements) {
          while (position < elements.length) {
            indexElement(elements[position++] as Element);
            if ((position & 7) === 0 && timeUp()) return false;
          }
          elements = null;
        }
        const root = roots.shift();
        if (!root) return true;
        startRoot(root);
      }
    },
    /** The keys that gained an element since the last call. */
    takeFresh(): Set<string> {
      const taken = fresh;
      fresh = new Set();
      return taken;
    },
    /** The elements on the page now that carry this key. */
    carriers(key: string): Element[] {
      const set = byKey.get(key);
      if (!set) return [];
      const live: Element[] = [];
      for (const el of set) if (el.isConnected) live.push(el);
      return live;
    },
  };
}

export type CardIndex = ReturnType<typeof createCardIndex>;
