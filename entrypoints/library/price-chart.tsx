// A watched vehicle's asking prices over time, one line per listing (the sites it was seen on), drawn
// as SVG from the memory's points with its axes as text (issue 56): dates along the bottom, prices
// up the side, a mark for every price a page stated (its site, price and day on hover and focus), a
// listing seen on one day as a mark of its own, the lines told apart by their dash as well as their
// colour, and the same figures in a table for screen readers. Prices in US dollars only, as their
// pages stated them (one currency on one axis). Its box scales to the page's width (360 px phones).
import { useEffect, useState } from 'preact/hooks';
import { day, money } from '@/lib/memory/history-words';
import type { ListingMemory } from '@/lib/memory/listing-memory';

/** Drawn at a phone's width there (its axis words stay 12 px: scaled down from 560 they were 6). */
const WIDE = 560;
const NARROW = 300;
const H = 200;
const PAD = { left: 64, right: 12, top: 10, bottom: 28 };
const DAY = 24 * 60;
/** Each listing's line and key share a series class: its colour, light and dark (library.css). */
const SERIES = 5;
/** And a dash, so lines differ by more than colour. */
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 4'];

const dollarsOf = (l: ListingMemory) =>
  l.prices.filter((p) => p[2] === 'USD').map(([t, p]) => [t, p] as [number, number]);

/** Round figures for an axis from `lo` to `hi`: 3 to 6 ticks. */
function ticks(lo: number, hi: number): number[] {
  if (hi === lo) return [lo];
  const raw = (hi - lo) / 4;
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v));
  return out;
}

/** Whether the window is a phone's width, following it as it changes. */
function useNarrow(): boolean {
  const query = globalThis.matchMedia?.('(max-width: 480px)');
  const [narrow, setNarrow] = useState(query?.matches ?? false);
  useEffect(() => {
    const change = () => setNarrow(query?.matches ?? false);
    query?.addEventListener('change', change);
    return () => query?.removeEventListener('change', change);
  }, []);
  return narrow;
}

export function PriceChart({ listings, today }: { listings: ListingMemory[]; today: number }) {
  const W = useNarrow() ? NARROW : WIDE;
  const lines = listings.filter((l) => dollarsOf(l).length >= 1);
  const all = lines.flatMap(dollarsOf);
  if (all.length < 2) return null;
  // Each line runs to the last time its listing was seen, so the span ends there.
  const times = [...all.map(([t]) => t), ...lines.map((l) => l.last)];
  const prices = all.map(([, p]) => p);
  const [first, last] = [Math.min(...times), Math.max(...times)];
  // A span of less than a day is drawn as a day around it: one day's listing is a mark in the
  // middle, not a zero-length line at the edge.
  const span = Math.max(last - first, DAY);
  const t0 = first - (span - (last - first)) / 2;
  const [p0, p1] = [Math.min(...prices), Math.max(...prices)];
  const pad = Math.max(50, Math.round((p1 - p0) * 0.1));
  const [lo, hi] = [p0 - pad, p1 + pad];
  const x = (t: number) => PAD.left + ((t - t0) / span) * (W - PAD.left - PAD.right);
  const y = (p: number) => H - PAD.bottom - ((p - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  // Three dates along the bottom, each said once.
  const dayTicks = [t0, t0 + span / 2, t0 + span].filter(
    (t, i, all) => all.findIndex((u) => day(u, today) === day(t, today)) === i,
  );
  const label = `Asking price from ${money(p0)} to ${money(p1)} on ${lines.length === 1 ? '1 listing' : `${lines.length} listings`}, ${day(t0, today)} to ${day(t0 + span, today)}`;
  return (
    <figure class="price-chart">
      {/* biome-ignore lint/a11y/useSemanticElements: a drawing's group of marks, not a form's fieldset */}
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="group" aria-label={label}>
        <g class="axis">
          {ticks(lo, hi).map((p) => (
            <g key={`p${p}`}>
              <line class="grid" x1={PAD.left} x2={W - PAD.right} y1={y(p)} y2={y(p)} />
              <text x={PAD.left - 6} y={y(p) + 4} text-anchor="end" data-axis="price">
                {money(p)}
              </text>
            </g>
          ))}
          {dayTicks.map((t, i) => (
            <text
              key={`t${t}`}
              x={x(t)}
              y={H - 8}
              text-anchor={
                dayTicks.length === 1
                  ? 'middle'
                  : i === 0
                    ? 'start'
                    : i === dayTicks.length - 1
                      ? 'end'
                      : 'middle'
              }
              data-axis="date"
            >
              {day(t, today)}
            </text>
          ))}
        </g>
        {lines.map((listing, i) => {
          // A price holds until the next point: steps, drawn on to the last time the listing was seen.
          const points = dollarsOf(listing);
          const steps = points.flatMap(([t, p], k) => [
            `${x(t)},${y(p)}`,
            `${x(points[k + 1]?.[0] ?? listing.last)},${y(p)}`,
          ]);
          return (
            <g key={listing.k} class={`series-${i % SERIES}`} data-site={listing.site}>
              <polyline
                points={steps.join(' ')}
                class="series"
                stroke-dasharray={DASHES[i % DASHES.length]}
              />
              {points.map(([t, p]) => (
                // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an image of one figure, focusable to be read
                <circle
                  key={t}
                  class="mark"
                  cx={x(t)}
                  cy={y(p)}
                  r={4}
                  tabindex={0}
                  role="img"
                  aria-label={`${listing.site}: ${money(p)} on ${day(t, today)}`}
                >
                  <title>{`${listing.site}: ${money(p)} on ${day(t, today)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {lines.map((listing, i) => (
          <span key={listing.k} class={`chart-key series-${i % SERIES}`}>
            <svg class="swatch" width="22" height="10" aria-hidden="true">
              <line
                x1="1"
                x2="21"
                y1="5"
                y2="5"
                class="series"
                stroke-dasharray={DASHES[i % DASHES.length]}
              />
            </svg>
            {listing.site}
          </span>
        ))}
      </figcaption>
      <table class="visually-hidden">
        <caption>Asking prices seen</caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Day</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {lines.flatMap((listing) =>
            dollarsOf(listing).map(([t, p]) => (
              <tr key={`${listing.k}${t}`}>
                <td>{listing.site}</td>
                <td>{day(t, today)}</td>
                <td>{money(p)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </figure>
  );
}
