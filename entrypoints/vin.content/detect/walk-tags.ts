// What an element's tag means for the scanner's walk: skipped (code, styles, form fields, our own
// badges), inline (its text joins its neighbours' into one word), or a script (read as data).
import { BADGE_TAG, HOLDER_TAG } from './occurrence';

// Never scanned: code, styles, form fields and our own badges. Editable regions are checked on hits.
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
  HOLDER_TAG,
]);
export const SKIP_SELECTOR = `${[...SKIP].join(',')},[contenteditable]`;
// What an element's tag means for the walk, in one lookup: 1 inline, 2 skipped, 3 script.
export const INLINE_TAG = 1;
export const SKIPPED_TAG = 2;
export const SCRIPT_TAG = 3;
// Text in these joins its neighbours: "<span>1FMDU34X</span><span>7PUD75574</span>" is one VIN.
export const INLINE = new Set([
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
export const TAGS = new Map<string, number>([
  ...[...INLINE].map((tag) => [tag, INLINE_TAG] as [string, number]),
  ...[...SKIP].map((tag) => [tag, SKIPPED_TAG] as [string, number]),
  ['script', SCRIPT_TAG],
]);
