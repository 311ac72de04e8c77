// Watched vehicles (library.html#watched): each vehicle the user chose to watch from a badge, with its
// fair-price gauge (fair-price-gauge.tsx), its asking price over time (a small chart), every listing it
// was seen on (sightings-table.tsx), and what changed since the user last looked here; stop watching, forget it, export all as CSV.
// Opening this page counts as looking: what changed is counted from now on.
import { useEffect, useState } from 'preact/hooks';
import { BrandMark } from '@/components/brand-mark';
import { downloadFile } from '@/components/download-file';
import { ErrorNotice } from '@/components/error-notice';
import type { Result } from '@/lib/errors/result';
import { changesSince } from '@/lib/memory/changes-since';
import { day, historyWords } from '@/lib/memory/history-words';
import type { ListingMemory } from '@/lib/memory/listing-memory';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { watchedCsv } from '@/lib/memory/memory-csv';
import type { WatchedList, WatchedVehicle } from '@/lib/memory/memory-messages';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import { ask } from '@/lib/messaging/messaging';
import { FairPriceGauge } from './fair-price-gauge';
import { PriceChart } from './price-chart';
import { SightingsTable } from './sightings-table';

function Vehicle({
  watched,
  listings,
  market,
  today,
  onChange,
}: {
  watched: WatchedVehicle;
  listings: ListingMemory[];
  market: MarketAnswer | undefined;
  today: number;
  onChange(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const changes = changesSince(listings, watched.looked, today);
  // The cheapest listing now, and the history's warnings as the badge says them.
  const newest = [...listings].sort((a, b) => b.last - a.last)[0];
  const warnings = newest
    ? historyWords(vehicleHistory(listings, newest.k, today), today).filter((line) => line.warn)
    : [];
  const act = async (call: Promise<Result<unknown>>) => {
    const result = await call;
    if (result.ok) onChange();
    else setError(result.error.message);
  };
  return (
    <article class="watched-vehicle" aria-label={`Watched vehicle ${watched.vin}`}>
      <header>
        <h2>{watched.title || watched.vin}</h2>
        <span class="muted">
          {watched.vin} · watched since {day(watched.at, today)}
        </span>
      </header>
      {warnings.map((line) => (
        <p class="notice warn" key={line.text}>
          {line.text}
        </p>
      ))}
      {changes.length > 0 ? (
        <ul class="changes" aria-label="Changed since you last looked">
          {changes.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p class="muted">Nothing new since you last looked.</p>
      )}
      {market && <FairPriceGauge market={market} today={today} />}
      <PriceChart listings={listings} today={today} />
      {listings.length === 0 ? (
        <p class="muted">
          Not seen on any listing page since it was watched (or its listings were forgotten).
        </p>
      ) : (
        <SightingsTable listings={listings} today={today} />
      )}
      <p>
        <button type="button" onClick={() => act(ask('watchVehicle', { vin: watched.vin, on: false }))}>
          Stop watching
        </button>{' '}
        <button type="button" onClick={() => act(ask('forgetVehicle', { vin: watched.vin }))}>
          Forget this vehicle
        </button>
      </p>
      {error && <p class="error">{error}</p>}
    </article>
  );
}

export function WatchedVehicles() {
  const [list, setList] = useState<Result<WatchedList> | null>(null);
  const load = () => ask('getWatched', undefined).then(setList);
  useEffect(() => {
    // Read first, then marked as looked at: this visit shows what changed since the last one.
    void load().then(() => ask('markWatchedLooked', undefined));
  }, []);
  if (!list) return <p class="muted">Loading watched vehicles…</p>;
  if (!list.ok) return <ErrorNotice error={list.error} />;
  const { vehicles, at } = list.value;
  return (
    <section class="watched" aria-labelledby="watched-heading">
      {/* The page's own heading, with the product's mark, as the reports page has (issue 65). */}
      <h1 id="watched-heading">
        <BrandMark />
        Watched vehicles
      </h1>
      <p class="muted">
        Kept on this device only, from the listing pages you open (nothing is fetched to update them).
        {vehicles.length ? '' : ' Watch a vehicle from its badge: "Watch this vehicle".'}
      </p>
      {vehicles.length > 0 && (
        <p>
          <button
            type="button"
            onClick={() =>
              downloadFile(
                watchedCsv(vehicles),
                'text/csv',
                `watched-vehicles-${new Date().toISOString().slice(0, 10)}.csv`,
              )
            }
          >
            Export watched vehicles (CSV)
          </button>
        </p>
      )}
      {vehicles.map(({ watched, listings, market }) => (
        <Vehicle
          key={watched.vin}
          watched={watched}
          listings={listings}
          market={market}
          today={at}
          onChange={load}
        />
      ))}
    </section>
  );
}
