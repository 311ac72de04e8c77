// A card's title element: where a badge is placed beside (badge/page-boxes.ts) and what the memory
// reads the vehicle from (listing-notes.ts: lib/market/vehicle-title.ts in the background).
import { BADGE_TAG } from './occurrence';

/** What counts as a card's title: a heading, or an element its site names a title. */
const TITLE = 'h1,h2,h3,h4,h5,h6,[class*="title" i]';

/** The card's title, when it has one: its first heading (or element named a title) with words. */
export function titleOf(card: Element): Element | null {
  for (const heading of card.querySelectorAll(TITLE))
    if (!heading.closest(BADGE_TAG) && /\S/.test(heading.textContent ?? '')) return heading;
  return null;
}

/**
 * An element's words as a person reads them, its text nodes joined by spaces (textContent runs
 * "<span>2019</span><span>Honda Accord</span>" together as "2019Honda Accord"), the first 200
 * characters, a badge's own words left out.
 */
export function wordsOf(element: Element): string {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let words = '';
  for (let node = walker.nextNode(); node && words.length < 200; node = walker.nextNode())
    if (!node.parentElement?.closest(BADGE_TAG)) words += ` ${node.nodeValue}`;
  return words.replace(/\s+/g, ' ').trim().slice(0, 200);
}
