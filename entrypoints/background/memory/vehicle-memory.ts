// One vehicle's memory for the badge's panel and the extension's pages, and the user's control over
// it: watch, forget. A content script is answered only about a VIN its own tab shows (the tab's list:
// sites/tab-vins.ts): a page can never read the memory of other vehicles through its badges.

import { browser } from 'wxt/browser';
import { took } from '@/lib/bench/bench-probe';
import { failWith, ok, type Result } from '@/lib/errors/result';
import { type ListingMemory, listingKey, minutesOf } from '@/lib/memory/listing-memory';
import { listingUrl, siteOf } from '@/lib/memory/listing-url';
import { type MarketAnswer, marketFor } from '@/lib/memory/market-answer';
import type {
  HistoryAnswer,
  HistoryRequest,
  OpenListingRequest,
  WatchedList,
  WatchRequest,
} from '@/lib/memory/memory-messages';
import { type ModelCars, prunedModel } from '@/lib/memory/model-cars';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { Vin } from '@/lib/vin/vin-syntax';
import { reportOdometer } from '../library/kept-facts';
import { mayAskAbout, NOT_ON_TAB } from '../sites/tab-vins';
import {
  forgetVehicle,
  isWatched,
  listingsOf,
  markAllLooked,
  modelCars,
  setWatched,
  watchedVehicles,
} from '../storage/memory-store';
import { memorySettings } from './memory-settings';
import { keptSince, withinRetention } from './retention';
import { discardSightings, sightingsWritten } from './sightings';

export async function getVehicleHistory(
  { vin, url }: HistoryRequest,
  sender: Sender,
): Promise<Result<HistoryAnswer>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  return ok(await historyOf({ vin, url }, sender));
}

/** A vehicle's memory for the listing at `url`, for a sender already allowed to ask about it. */
export async function historyOf({ vin, url }: HistoryRequest, sender: Sender): Promise<HistoryAnswer> {
  await sightingsWritten();
  let current: string | null = null;
  if (sender.kind === 'content-script' && sender.url) {
    const page = listingUrl(sender.url);
    const link = url && URL.canParse(url, sender.url) ? listingUrl(new URL(url, sender.url).href) : null;
    if (page) current = listingKey(vin, siteOf(new URL(sender.url).hostname), link ?? page);
  }
  const [listings, report, watched, settings] = await Promise.all([
    listingsOf(vin).then(withinRetention),
    reportOdometer(vin),
    isWatched(vin),
    memorySettings.get(),
  ]);
  const market = settings.on ? await marketOf(listings, current) : null;
  return {
    listings: answered(listings, current),
    current,
    report,
    watched,
    ...(market ? { market } : {}),
    at: minutesOf(Date.now()),
  };
}

/**
 * A listing of a vehicle its tab shows, one the memory holds (issue 64: "Listed for less on
 * cars.com" opens it), in a new tab the background opens: a link in the badge's closed root cannot
 * navigate, and a tab opened here carries no referrer. Any other address is refused: a page cannot
 * have the extension open what it likes.
 */
export async function openListing({ vin, url }: OpenListingRequest, sender: Sender): Promise<Result<null>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  await sightingsWritten();
  const held = (await listingsOf(vin)).some((listing) => listing.url === url);
  if (!held || !/^https?:\/\//.test(url))
    return failWith('forbidden', 'That listing is not one this device has seen.');
  await browser.tabs.create({
    url,
    ...(sender.tab?.id !== undefined ? { openerTabId: sender.tab.id } : {}),
  });
  return ok(null);
}

/** Its make and model's cars seen, within the retention (forgotten, even before the daily sweep). */
async function carsOfModel(mm: string, since: number): Promise<ModelCars | undefined> {
  const record = await modelCars(mm);
  return record && prunedModel(record, (row) => row[8] >= since);
}

/** The gauge for a vehicle from the cars of its make and model seen (one `models` record). */
async function marketOf(listings: ListingMemory[], current: string | null, list = false) {
  const start = performance.now();
  const mm = (listings.find((l) => l.k === current && l.mm) ?? listings.find((l) => l.mm))?.mm;
  const cars = mm ? await carsOfModel(mm, await keptSince()) : undefined;
  const market = cars ? marketFor(listings, current, cars, Date.now(), list) : null;
  // bench:memory's figure: the gauge's part of a badge's answer (its model's record read, fitted).
  if (import.meta.env.MODE === 'loopback') took('fairPrice', performance.now() - start);
  if (!market?.cars) return market;
  // The watched page links each comparable to its listing (each vehicle's listings read once).
  const linked = await Promise.all(
    market.cars.map(async (car) => {
      const url = (await listingsOf(car.vin)).find((l) => l.site === car.site)?.url;
      return url ? { ...car, url } : car;
    }),
  );
  return { ...market, cars: linked };
}

/** At most this many listings in an answer, and this many of one site: a site minting listing
 * addresses cannot push the others (or the one asked about) out of the comparison. */
const MAX_LISTINGS = 100;
const MAX_PER_SITE = 10;

/** The listings an answer holds: the one asked about, then each site's newest, newest first. */
function answered(listings: ListingMemory[], current: string | null): ListingMemory[] {
  const perSite = new Map<string, number>();
  const kept = listings.filter((l) => l.k === current);
  for (const listing of [...listings].sort((a, b) => b.last - a.last)) {
    const count = perSite.get(listing.site) ?? 0;
    if (listing.k === current || count >= MAX_PER_SITE || kept.length >= MAX_LISTINGS) continue;
    perSite.set(listing.site, count + 1);
    kept.push(listing);
  }
  return kept;
}

export async function watchVehicle(
  { vin, on, title }: WatchRequest,
  sender: Sender,
): Promise<Result<boolean>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  if (sender.tab?.incognito)
    return failWith(
      'forbidden',
      'Nothing is kept from a private window: open this listing in a normal window to watch it.',
    );
  const at = minutesOf(Date.now());
  await setWatched(on ? { vin, at, looked: at, ...(title ? { title } : {}) } : { vin, off: true });
  return ok(on);
}

export async function forgetVehicleMemory({ vin }: { vin: Vin }, sender: Sender): Promise<Result<null>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  // Notes of it made before the click, queued in a content script or waiting here, lose.
  await discardSightings(vin);
  await sightingsWritten();
  await forgetVehicle(vin);
  return ok(null);
}

/** The watched vehicles with their listings (the library's watched page, the popup's short list). */
export async function getWatched(): Promise<Result<WatchedList>> {
  await sightingsWritten();
  const [all, settings] = await Promise.all([watchedVehicles(), memorySettings.get()]);
  const watched = all.sort((a, b) => b.at - a.at);
  const vehicles = await Promise.all(
    watched.map(async (vehicle) => {
      const listings = await withinRetention(await listingsOf(vehicle.vin));
      const market = settings.on ? await marketOf(listings, null, true) : null;
      return { watched: vehicle, listings, ...(market ? { market } : {}) };
    }),
  );
  return ok({ vehicles, at: minutesOf(Date.now()) });
}

/** At most this many VINs' gauges in one answer (the workbench's table). */
const MAX_FAIR_PRICES = 5_000;

/**
 * The fair-price gauges of many VINs (the workbench's column): each model's listings read once, each
 * VIN's own listings once; VINs the memory never saw named are left out. Nothing with the memory off.
 */
export async function getFairPrices({
  vins,
}: {
  vins: string[];
}): Promise<Result<Record<string, MarketAnswer>>> {
  if (!(await memorySettings.get()).on) return ok({});
  await sightingsWritten();
  const since = await keptSince();
  const models = new Map<string, Promise<ModelCars | undefined>>();
  const out: Record<string, MarketAnswer> = {};
  for (const vin of vins.slice(0, MAX_FAIR_PRICES)) {
    const listings = (await listingsOf(vin)).filter((l) => l.last >= since);
    const mm = listings.find((l) => l.mm)?.mm;
    if (!mm) continue;
    if (!models.has(mm)) models.set(mm, carsOfModel(mm, since));
    const cars = await models.get(mm);
    const market = cars && marketFor(listings, null, cars, Date.now());
    if (market) out[vin] = market;
  }
  return ok(out);
}

/** The user looked at the watched page: "what changed since" counts from now. */
export async function markWatchedLooked(): Promise<Result<null>> {
  await markAllLooked(minutesOf(Date.now()));
  return ok(null);
}
