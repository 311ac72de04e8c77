// A badge's pill, in plain DOM (no framework in the script every listing page loads): the
// extension's mark and the vehicle's state at a glance (not checked, counts known, report owned, or
// a warning when the VIN contradicts the listing). Compact, it shows the mark alone and says the
// same to screen readers. Its panel comes on the first click (panel-loader.ts).
// Its words are CSS generated content (`data-w`, shown by badge-style.ts's rule), never text nodes:
// a closed shadow root is no wall against window.find() and Selection.modify() (issue 44), but
// neither reaches generated content. What the product knows (counts checked, a report owned) changes
// the pill's colours and the words screen readers hear, never its visible words or size: the page
// can measure the badge's box (issue 55). Its words take one width whatever they are.
import type { RecordCounts } from '@/lib/domain';
import { plural } from '@/lib/plural';
import type { ListingSays } from '@/lib/vin/listing-mismatch';
import type { LocalDecode } from '@/lib/vin/vin-verdict';

export interface PillState {
  counts: RecordCounts | undefined;
  owned: boolean;
  mismatch: ListingSays | null;
}

export interface Pill {
  /** The badge's root (the panel is drawn in it, after the pill). */
  root: HTMLElement;
  button: HTMLButtonElement;
  /** Shows `state`; true when the pill's words changed (its size may have). */
  show(state: PillState): boolean;
  setCompact(compact: boolean): void;
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
  const text = el('span', 'text');
  const words = el('span', 'words');
  text.append(el('span', 'visually-hidden', 'VIN History Lens: '), words);
  button.append(mark, text);
  root.append(button);
  const label = [decode.modelYear, decode.make].filter(Boolean).join(' ') || 'Vehicle';
  let compact = false;
  return {
    root,
    button,
    show({ counts, owned, mismatch }) {
      // Known or not, owned or not, the same words and width: only the colours and what a screen
      // reader hears differ (the mismatch is the page's own words against the VIN: no secret).
      const said = mismatch ? '⚠ VIN does not match' : label;
      const heard = `VIN History Lens: ${owned && !mismatch ? 'your report, open it · ' : ''}${said}${counts && !owned && !mismatch ? ` · providerA ${plural(counts.records.providerA, 'record')}, providerB ${plural(counts.records.providerB, 'record')}` : ''}`;
      const kind = mismatch ? ' warn' : owned ? ' owned' : counts ? ' known' : '';
      button.className = `pill${kind}${compact ? ' compact' : ''}`;
      // The mark's box is the same either way: a check for a report held.
      mark.dataset.w = owned && !mismatch ? '✓' : 'V';
      if (button.getAttribute('aria-label') !== heard) button.setAttribute('aria-label', heard);
      if (words.dataset.w === said) return false;
      words.dataset.w = said;
      return true;
    },
    setCompact(value) {
      compact = value;
      button.classList.toggle('compact', value);
    },
  };
}
