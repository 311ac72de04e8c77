// A badge's pill, in plain DOM (no framework in the script every listing page loads): the
// extension's mark, an icon and the vehicle's one most important finding (issue 64: a warning, a
// lower price elsewhere, the fair-price rating, a report held, counts, or nothing known yet), so a
// glance along a results page tells the cars apart. Compact, it shows the mark and the icon and says
// the same to screen readers. Its panel comes on the first click (panel-loader.ts).
// Its words are CSS generated content (`data-w`, shown by badge-style.ts's rule), never text nodes:
// a closed shadow root is no wall against window.find() and Selection.modify() (issue 44), but
// neither reaches generated content. What the product knows changes the pill's words, icon and
// colours, never its size: the page can measure the badge's box (issue 55), so its words take one
// width whatever they are and its icon one box whatever its shape.
import type { RecordCounts } from '@/lib/domain';
import type { CardVerdict } from '@/lib/memory/card-verdict';
import { plural } from '@/lib/plural';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import type { LocalDecode } from '@/lib/vin/vin-verdict';

export interface PillState {
  counts: RecordCounts | undefined;
  owned: boolean;
  mismatch: ListingSays | null;
  /** The background's finding from what this device holds (verdict-feed.ts); none until it answers. */
  verdict?: CardVerdict | null;
}

export interface Pill {
  /** The badge's root (the panel is drawn in it, after the pill). */
  root: HTMLElement;
  button: HTMLButtonElement;
  /** Shows `state`. */
  show(state: PillState): void;
  setCompact(compact: boolean): void;
}

/** What the pill says: the listing's words against its VIN first, then the background's finding, and
 * before that arrives what the page's scan already knew. The popup's rows say the same (index.ts). */
export function pillSays({
  counts,
  owned,
  mismatch,
  verdict,
}: PillState): Omit<CardVerdict, 'heard'> & { heard: string } {
  // The page's own words against the VIN come first: no finding is worth reading for the wrong car.
  if (mismatch)
    return {
      kind: 'warn',
      icon: 'alert',
      words: 'VIN mismatch',
      heard: 'Warning: the VIN does not match the listing’s year or make. Open for details.',
    };
  if (verdict) return verdict;
  if (owned)
    return { kind: 'held', icon: 'check', words: 'Report held', heard: 'You hold a report on this vehicle.' };
  if (counts) {
    const total = counts.records.providerA + counts.records.providerB;
    return {
      kind: 'known',
      icon: 'list',
      words: plural(total, 'record'),
      heard: `providerA ${plural(counts.records.providerA, 'record')}, providerB ${plural(counts.records.providerB, 'record')}.`,
    };
  }
  return {
    kind: 'none',
    icon: 'dot',
    words: 'No history yet',
    heard: 'Nothing known about this vehicle yet. Open to check.',
  };
}

export function createPill(doc: Document, decode: LocalDecode): Pill {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, words?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (words) node.dataset.w = words;
    return node;
  };
  const root = el('div', 'badge');
  const button = el('button', 'pill');
  button.type = 'button';
  button.title = `VIN History Lens · VIN ${decode.vin}`;
  button.setAttribute('aria-expanded', 'false');
  // The extension's own mark, as its toolbar icon draws it (a V on a teal tile), not an abbreviation.
  const mark = el('span', 'mark', 'V');
  mark.setAttribute('aria-hidden', 'true');
  // The finding's shape, drawn in CSS (badge-style.ts): colour never says it alone.
  const icon = el('span', 'icon');
  icon.setAttribute('aria-hidden', 'true');
  const text = el('span', 'text');
  const words = el('span', 'words');
  text.append(el('span', 'visually-hidden', 'VIN History Lens: '), words);
  button.append(mark, icon, text);
  root.append(button);
  let compact = false;
  return {
    root,
    button,
    show(state) {
      const { kind, icon: shape, words: said, heard } = pillSays(state);
      button.className = `pill ${kind}${compact ? ' compact' : ''}`;
      icon.className = `icon ${shape}`;
      const label = `VIN History Lens: ${heard}`;
      if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
      if (words.dataset.w !== said) words.dataset.w = said;
    },
    setCompact(value) {
      compact = value;
      button.classList.toggle('compact', value);
    },
  };
}
