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
  const all: Snippet[] = [];
  const walker = card.ownerDocument.createTreeWalker(card, NodeFilter.SHOW_TEXT);
  let read = 0;
  for (let node = walker.nextNode(); node && read < MAX_CARD_TEXT; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    if (!text || !parent || SKIP.has(parent.tagName)) continue;
    read += text.length;
    all.push([hintOf(parent), text.slice(0, MAX_TEXT)]);
  }
  const kept = new Set<number>();
  all.forEach(([, text], i) => {
    if (WORTH.test(text)) for (const j of [i - 1, i, i + 1]) if (j >= 0 && j < all.length) kept.add(j);
  });
  return [...kept].slice(0, MAX_SNIPPETS).map((i) => all[i] as Snippet);
}
