// What changed in a watched vehicle's listings since the user last looked at the watched page: new
// listings, price moves, relists, "sold". The watched page lists them; the popup's short list says
// whether there are any. Pure.
import { day, money } from './history-words';
import type { ListingMemory } from './listing-memory';

/** What changed since minute `looked`, in words, dated as of `today`. */
export function changesSince(listings: ListingMemory[], looked: number, today: number): string[] {
  const out: string[] = [];
  for (const l of listings) {
    if (l.first > looked) out.push(`New listing on ${l.site} (${day(l.first, today)})`);
    // A move only between two prices its pages stated in one currency.
    for (let i = 1; i < l.prices.length; i++) {
      const [at, now, currency] = l.prices[i] as [number, number, string];
      const [, was, wasIn] = l.prices[i - 1] as [number, number, string];
      if (at > looked && currency && currency === wasIn)
        out.push(
          `${now < was ? '▼' : '▲'} ${money(Math.abs(now - was), currency)} on ${l.site} (${day(at, today)})`,
        );
    }
    for (const at of l.relist ?? []) if (at > looked) out.push(`Relisted on ${l.site} (${day(at, today)})`);
    if (l.sold !== undefined && l.sold > looked)
      out.push(`Shown as sold on ${l.site} (${day(l.sold, today)})`);
  }
  return out;
}
