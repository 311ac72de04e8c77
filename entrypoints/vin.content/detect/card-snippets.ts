// A card's texts that may state its price, mileage or sold state, each with the names of its element
// and that element's parent (class, data-qa / data-test / data-cmp, itemprop), in page order: read in
// the background (lib/memory/read-card.ts), which knows every site's traps; the content script's
// budget has no room for them. Text node by text node, so neighbouring texts never glue together
// ("…list price$12,9959,870 miles"), and a card styled content-visibility:auto reads the same.

import type { Snippet } from '@/lib/memory/read-card';

/** A text worth sending: a figure, a currency, or a word that says a card has no price or is sold. */
const WORTH = /\d|[$€£]|sold|call for|unavailable|tbd|msrp|mileage|odometer|kilom/i;
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
const MAX_SNIPPETS = 40;
const MAX_TEXT = 120;
const MAX_HINT = 90;
/** A card's text beyond this many characters is another card's (or the page's). */
const MAX_CARD_TEXT = 4000;

function names(el: Element): string {
  return [
    el.localName,
    el.getAttribute('class') ?? '',
    el.getAttribute('data-qa') ?? el.getAttribute('data-test') ?? el.getAttribute('data-cmp') ?? '',
    el.getAttribute('itemprop') ?? '',
  ]
    .join(' ')
    .trim();
}

const hintOf = (el: Element) => {
  const up = el.parentElement;
  return (up ? `${names(el)} < ${names(up)}` : names(el)).slice(0, MAX_HINT);
};

/** The card's worthwhile texts with the one before and after each (their labels, their "/mo"). */
export function cardSnippets(card: Element): Snippet[] {
  // Texts and their elements first; names only for the texts kept (bench:memory: most are not).
  const texts: string[] = [];
  const parents: Element[] = [];
  const walker = card.ownerDocument.createTreeWalker(card, NodeFilter.SHOW_TEXT);
  let read = 0;
  for (let node = walker.nextNode(); node && read < MAX_CARD_TEXT; node = walker.nextNode()) {
    const parent = node.parentElement;
    const raw = node.nodeValue ?? '';
    if (!parent || SKIP.has(parent.tagName) || !/\S/.test(raw)) continue;
    read += raw.length;
    texts.push(raw);
    parents.push(parent);
  }
  const kept: number[] = [];
  for (let i = 0; i < texts.length && kept.length < MAX_SNIPPETS; i++)
    if (WORTH.test(texts[i] as string))
      for (let j = Math.max(i - 1, (kept.at(-1) ?? -1) + 1); j <= i + 1 && j < texts.length; j++)
        kept.push(j);
  return kept
    .slice(0, MAX_SNIPPETS)
    .map((i) => [
      hintOf(parents[i] as Element),
      (texts[i] as string).replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT),
    ]);
}
