// What both generations of providerB's report share (docs/report-evidence.md §3): meaning carried by
// an image's file name or alt (check-icon / alert-icon / info-icon in 2021, icon-success-pass /
// icon-warning / icon-more-information in 2024), the score beside its range, the flagged use.
import { firstNumber, squash } from './fact-text';
import { isShown, shownAll, shownFirst, shownText } from './shown-text';

export type ImageMeaning = 'clean' | 'problem' | 'info';

/** What an icon image says, from its file name and alt text; null for a drawing that says nothing. */
export function imageMeaning(img: Element | null | undefined): ImageMeaning | null {
  const name = `${img?.getAttribute('src') ?? ''} ${img?.getAttribute('alt') ?? ''}`.toLowerCase();
  if (/check-icon|success|pass\b|no-issue|no-accident/.test(name)) return 'clean';
  if (/alert|warning|issue-found|-accident\b|problem/.test(name)) return 'problem';
  if (/info-icon|more-information|universal/.test(name)) return 'info';
  return null;
}

/** The score a reader sees (never the hidden modal's or lightbox's copy) with its words. */
export function shownScore(doc: Document): { value: number; quote: string } | null {
  const score = shownFirst(doc, '.mainScore');
  const value = firstNumber(shownText(score));
  if (!score || value === null) return null;
  const words = shownFirst(doc, '.score-words');
  const range = shownFirst(doc, '.score-text, .score-range');
  const quote = words ? shownText(words) : `${shownText(score.closest('.summary-box') ?? score)}`;
  return { value, quote: squash(range ? `${quote} · ${shownText(range)}` : quote) };
}

/** The uses marked by `.vehicle-use-flag` in the first copy of the list ("Lease |" → "Lease"). */
export function flaggedUses(doc: Document): string[] {
  const section = shownFirst(doc, '.vehicle-usage-section');
  if (!section) return [];
  const copies = [...section.children].filter((c) => isShown(c) && c.querySelector('.vehicle-use-flag'));
  const first = copies[0] ?? section;
  return [
    ...new Set(
      shownAll(first, '.vehicle-use-flag')
        .map((flag) => shownText(flag).replace(/[|]/g, '').trim())
        .filter(Boolean),
    ),
  ];
}
