// The popup's short list of watched vehicles: the few watched last, each with its latest asking price
// and what changed since the watched page was last opened; the whole list is a page of the library.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { changesSince } from '@/lib/memory/changes-since';
import { money } from '@/lib/memory/history-words';
import { lastPoint } from '@/lib/memory/listing-memory';
import type { WatchedList } from '@/lib/memory/memory-messages';
import { ask } from '@/lib/messaging/messaging';

const SHOWN = 3;

export function WatchedShortList() {
  const [list, setList] = useState<WatchedList | null>(null);
  useEffect(() => {
    ask('getWatched', undefined).then((r) => r.ok && setList(r.value));
  }, []);
  if (!list || list.vehicles.length === 0) return null;
  return (
    <section aria-labelledby="watched-short">
      <h2 id="watched-short">Watched vehicles</h2>
      <ul class="watched-short">
        {list.vehicles.slice(0, SHOWN).map(({ watched, listings }) => {
          const newest = [...listings].sort((a, b) => b.last - a.last)[0];
          const price = newest && lastPoint(newest.prices);
          const news = changesSince(listings, watched.looked, list.at).length > 0;
          return (
            <li key={watched.vin}>
              <span>{watched.title || watched.vin}</span>{' '}
              <span class="muted">
                {price === undefined
                  ? 'no price seen'
                  : `${money(price[1], price[2] || null)} on ${newest?.site}`}
                {news ? ' · changed since you last looked' : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        class="link"
        onClick={() => void browser.tabs.create({ url: browser.runtime.getURL('/library.html#watched') })}
      >
        All watched vehicles ({list.vehicles.length})
      </button>
    </section>
  );
}
