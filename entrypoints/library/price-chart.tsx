// A small line chart of a watched vehicle's asking prices over time, one line per listing (the sites it
// was seen on), drawn as SVG from the memory's points: what a shopper reads at a glance. Prices in
// US dollars only, as their pages stated them (one currency on one axis).
import type { ListingMemory } from '@/lib/memory/listing-memory';

const W = 240;
const H = 64;
const PAD = 4;
const DAY = 24 * 60;
/** Each listing's line and key share a series class: its colour, light and dark (library.css). */
const SERIES = 5;

export function PriceChart({ listings }: { listings: ListingMemory[] }) {
  const usd = (l: ListingMemory) =>
    l.prices.filter((p) => p[2] === 'USD').map(([t, p]) => [t, p] as [number, number]);
  const lines = listings.filter((l) => usd(l).length >= 1);
  const all: Array<[number, number]> = lines.flatMap(usd);
  if (all.length < 2) return null;
  // Each line runs to the last time its listing was seen, so the span ends there.
  const times = [...all.map(([t]) => t), ...lines.map((l) => l.last)];
  const prices = all.map(([, p]) => p);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  // Within one day each line's prices are drawn in their order, evenly: minutes apart would be one
  // vertical stroke.
  const byOrder = t1 - t0 < DAY;
  const x = (share: number) => PAD + share * (W - 2 * PAD);
  const y = (p: number) => H - PAD - ((p - p0) / Math.max(1, p1 - p0)) * (H - 2 * PAD);
  const label = `Asking price from $${p0.toLocaleString('en-US')} to $${p1.toLocaleString('en-US')} on ${lines.length === 1 ? '1 listing' : `${lines.length} listings`}`;
  return (
    <figure class="price-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={label}>
        {lines.map((listing, i) => {
          // A price holds until the next point: steps, drawn on to the last time the listing was seen.
          const points = usd(listing);
          const at = (k: number) =>
            byOrder ? k / points.length : ((points[k]?.[0] ?? listing.last) - t0) / (t1 - t0);
          const steps = points.flatMap(([, p], k) => [`${x(at(k))},${y(p)}`, `${x(at(k + 1))},${y(p)}`]);
          return (
            <polyline
              key={listing.k}
              points={steps.join(' ')}
              class={`series series-${i % SERIES}`}
              data-site={listing.site}
            />
          );
        })}
      </svg>
      <figcaption>
        {lines.map((listing, i) => (
          <span key={listing.k} class="chart-key">
            <span class={`swatch series-${i % SERIES}`} aria-hidden="true" />
            {listing.site}
          </span>
        ))}
        <span class="muted">
          ${p0.toLocaleString('en-US')} to ${p1.toLocaleString('en-US')}
        </span>
      </figcaption>
    </figure>
  );
}
