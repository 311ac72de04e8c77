// What changed in a watched vehicle's listings since the user last looked at the watched page: new
// listings, price moves, relists, "sold". The watched page lists them; the popup's short list says
// whether there are any. Pure.
import { day, money } from './history-words';
import { type ListingMemory, pointPairs } from './listing-memory';

/** What changed since minute `looked`, in words, dated as of `today`. */
export function changesSince(listings: ListingMemory[], looked: number, today: number): string[] {
  const out: string[] = [];
  for (const l of listings) {
    if (l.first > looked) out.push(`New listing on ${l.site} (${day(l.first, today)})`);
    const prices = pointPairs(l.prices);
    for (let i = 1; i < prices.length; i++) {
      const [at, now] = prices[i] as [number, number];
      const was = (prices[i - 1] as [number, number])[1];
      if (at > looked)
        out.push(
          `${now < was ? '▼' : '▲'} ${money(Math.abs(now - was), l.cur)} on ${l.site} (${day(at, today)})`,
        );
    }
    for (const at of l.relist ?? []) if (at > looked) out.push(`Relisted on ${l.site} (${day(at, today)})`);
    if (l.sold !== undefined && l.sold > looked)
      out.push(`Shown as sold on ${l.site} (${day(l.sold, today)})`);
  }
  return out;
}
