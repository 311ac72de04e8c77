// One vehicle's memory for the badge's panel and the extension's pages, and the user's control over
// it: watch, forget. A content script is answered only about a VIN its own tab shows (the tab's list:
// sites/tab-vins.ts): a page can never read the memory of other vehicles through its badges.

import { failWith, ok, type Result } from '@/lib/errors/result';
import { type ListingMemory, listingKey, minutesOf } from '@/lib/memory/listing-memory';
import { listingUrl, siteOf } from '@/lib/memory/listing-url';
import { marketFor } from '@/lib/memory/market-answer';
import type { HistoryAnswer, HistoryRequest, WatchedList, WatchRequest } from '@/lib/memory/memory-messages';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { Vin } from '@/lib/vin/vin-syntax';
import { reportOdometer } from '../library/kept-facts';
import { mayAskAbout, NOT_ON_TAB } from '../sites/tab-vins';
import {
  forgetVehicle,
  isWatched,
  listingsOf,
  listingsOfModel,
  markAllLooked,
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
  return ok({
    listings: answered(listings, current),
    current,
    report,
    watched,
    ...(market ? { market } : {}),
    at: minutesOf(Date.now()),
  });
}

/** The gauge for a vehicle from the listings of its make and model seen (the `mm` index). */
async function marketOf(listings: ListingMemory[], current: string | null) {
  const named = listings.find((l) => l.k === current && l.mm) ?? listings.find((l) => l.mm);
  if (!named?.mm) return null;
  const [same, since] = await Promise.all([listingsOfModel(named.mm), keptSince()]);
  // Past the retention: forgotten, even before the daily sweep takes it out of the store.
  const kept = same.filter((l) => ((l as { last?: unknown }).last as number) >= since);
  return marketFor(listings, current, kept, Date.now());
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
  const watched = (await watchedVehicles()).sort((a, b) => b.at - a.at);
  const vehicles = await Promise.all(
    watched.map(async (vehicle) => ({
      watched: vehicle,
      listings: await withinRetention(await listingsOf(vehicle.vin)),
    })),
  );
  return ok({ vehicles, at: minutesOf(Date.now()) });
}

/** The user looked at the watched page: "what changed since" counts from now. */
export async function markWatchedLooked(): Promise<Result<null>> {
  await markAllLooked(minutesOf(Date.now()));
  return ok(null);
}
