// Sorts a batch of the page's mutations into what needs a scan: added subtrees, elements whose text
// or watched attribute changed (what was found in them is forgotten first), removals (pruned). A busy
// page's churn (counters, timers, prices replaced many times a second) is passed over cheaply.

import { isOwnElement } from './occurrence';
import type { PageState } from './page-state';

/** The attributes that may carry a VIN or its card's identity: a change to one is read again. */
export const WATCHED_ATTRIBUTES = [
  'data-vin',
  'href',
  'value',
  'data-vehicle-details',
  'data-override-payload',
];

export interface TriageHooks {
  /** The page changed something of its own (not only the badges' hosts joining or leaving). */
  pageChanged(): void;
  /** A subtree to scan (an empty fragment: only a new pass, after removals). */
  schedule(root: Node): void;
}

export function createMutationTriage(state: PageState, doc: Document, hooks: TriageHooks) {
  // Elements holding only a short text and no VIN (a like counter, a timer, a price): a busy page
  // replaces their text many times a second (bench:feed's page, 400 times).
  const shortTexts = new WeakSet<Node>();

  return function onMutations(records: MutationRecord[]) {
    let removed = false;
    let pageChanged = false;
    const roots = new Set<Node>();
    // Elements whose text changed in place, and elements a watched attribute changed on.
    const changed = new Set<Node>();
    const attributed = new Set<Node>();
    for (const record of records) {
      const target = record.target;
      // A watched attribute set on it (a data-vin) is read as on any element, below.
      if (record.type !== 'attributes' && shortTexts.has(target)) {
        // Its text replaced again, still short, still no element in it: the record's node lists
        // (a wrapper for each list and node, in this world) are not even read.
        if ((target as Element).firstElementChild === null && (target.textContent?.length ?? 0) < 17) {
          pageChanged = true;
          continue;
        }
        shortTexts.delete(target);
      }
      if (record.type === 'childList') {
        // Text replaced in place (a counter, a clock) is a change of its element, handled below; only
        // an element leaving can take occurrences with it.
        for (const node of record.removedNodes) {
          if (node.nodeType === 3) changed.add(record.target);
          else removed = true;
          if (!isOwnElement(node)) pageChanged = true;
        }
        for (const node of record.addedNodes) {
          if (isOwnElement(node)) continue;
          pageChanged = true;
          // Added text joins a run in its block: rescan the parent so split VINs are seen whole.
          if (node.nodeType === 1) roots.add(node);
          else changed.add(record.target);
        }
      } else if (record.type === 'attributes') {
        pageChanged = true;
        attributed.add(target);
      } else {
        pageChanged = true;
        changed.add(target.parentNode ?? target);
      }
    }
    if (pageChanged) hooks.pageChanged();
    // A watched attribute changed (a recycled card's data-vin, a link): read again whatever the
    // length of the element's text (an empty card holding only its data-vin was passed over).
    for (const node of attributed) {
      state.forget(node as Element);
      roots.add(node);
    }
    for (const node of changed) {
      // A busy page rewrites small texts many times a second (likes, timers, prices): one shorter
      // than a VIN that held none cannot hold one now, and is not worth a pass. (A VIN split across
      // inline elements is read when its block is scanned, not from one of its parts.)
      if (!state.seenPairs.has(node as Element) && (node.textContent?.length ?? 0) < 17) {
        if ((node as Element).firstElementChild === null) shortTexts.add(node);
        continue;
      }
      state.forget(node as Element);
      roots.add(node);
    }
    if (removed) state.prune();
    // Only the outermost changed nodes: a subtree is scanned once.
    const list = [...roots].filter((node) => {
      for (let up = node.parentNode; up; up = up.parentNode) if (roots.has(up)) return false;
      return true;
    });
    for (const root of list) hooks.schedule(root);
    if (removed && list.length === 0) hooks.schedule(doc.createDocumentFragment());
  };
}
