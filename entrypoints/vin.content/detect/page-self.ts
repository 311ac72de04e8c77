// What a page says of itself (its URL's listing ids, its title and headings), read once per pass:
// whether the page is about the vehicle of a record found in its data (a vehicle's own page).
import { type IdentityKeys, titleNames, urlKeys } from '@/lib/vin/listing-identity';
import type { Occurrence } from './occurrence';

/** Where a page about one vehicle may name it besides its <title> and <h1>. */
const TITLE_BLOCKS = 'h2, [class*="title" i]:not(title)';

export interface PageSelf {
  /**
   * Whether the page is about this vehicle: its URL carries the record's listing id, or its title or
   * main heading names it. `alone` (the page's data holds this one vehicle): a title block that is
   * not an <h1> counts too (a lot page's title is a styled div: issue 47), which on a page of
   * results, whose cards have titles of their own, it must not.
   */
  isAbout(occurrences: Occurrence[], alone: boolean): boolean;
}

export function readPageSelf(doc: Document, keysOf: (o: Occurrence) => IdentityKeys): PageSelf {
  const keys = new Set(urlKeys(doc.URL, doc.baseURI).filter((k) => k.startsWith('i:')));
  const titles = [doc.title, doc.querySelector('h1')?.textContent ?? ''];
  const headings = [...doc.querySelectorAll(TITLE_BLOCKS)].slice(0, 4).map((el) => el.textContent ?? '');
  return {
    isAbout(occurrences, alone) {
      const named = alone ? [...titles, ...headings] : titles;
      return occurrences.some((o) => {
        if (o.kind !== 'json' || !o.record) return false;
        const record = o.record;
        if (named.some((title) => titleNames(title, record))) return true;
        return keysOf(o).strong.some((k) => keys.has(k));
      });
    },
  };
}
