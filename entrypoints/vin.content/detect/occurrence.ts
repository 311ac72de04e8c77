// What the scanner reports: a VIN candidate and where the page shows or holds it.
import type { JsonVin } from '@/lib/vin/json-vins';

export type OccurrenceKind = 'text' | 'attribute' | 'json';

export interface Occurrence {
  /** A candidate: the background decides with the manufacturer codes (lib/vin/vin-verdict.ts). */
  vin: string;
  /** Found under a name that says "VIN" (data-vin, a "vin" JSON key, <input name="vin">): no code test needed. */
  labelled: boolean;
  /** The element showing or holding the VIN; for JSON, the script element. */
  element: Element;
  kind: OccurrenceKind;
  /** JSON only: the object that holds the VIN and its key in its parent, to find its card. */
  record?: JsonVin['record'];
  keyInParent?: string;
}

/** The badge's host element: the scanner never reads inside it, nor the page's changes to it. */
export const BADGE_TAG = 'vhl-badge';
/** The inline box a drawn badge's host may sit in (badge/badge-holder.ts): ours too, never read. */
export const HOLDER_TAG = 'vhl-holder';
/** Whether a node is one of the badge's own elements (its host or the host's holder). */
export const isOwnElement = (node: Node) =>
  node.nodeType === 1 &&
  ((node as Element).localName === BADGE_TAG || (node as Element).localName === HOLDER_TAG);
