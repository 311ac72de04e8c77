// Sightings from listing pages, remembered on this device (lib/memory/). The content script reports
// each vehicle its page shows (its card's texts near its figures, its data's figures); here they are
// read by the page's site's rules (read-card.ts, site-money.ts), wait and are written together, at
// most one transaction a second, whatever the page's size (bench:memory). The retention is applied
// on every read and swept by a daily alarm (retention.ts). A listing is named by its
// own address and the site that address is on, wherever it was seen: an aggregator's card linking to
// a cars.com listing is that cars.com listing. Nothing is kept from a private window, from a site
// the user left out, or with the memory off; listings unseen past the retention are swept once a day.
// A sighting still waiting when the worker stops is lost: one view of a listing, nothing else.

import { z } from 'zod/mini';
import { ran } from '@/lib/bench/bench-probe';
import { ok, type Result } from '@/lib/errors/result';
import { readVehicleTitle } from '@/lib/market/vehicle-title';
import { minutesOf, type SeenListing } from '@/lib/memory/listing-memory';
import { isSiteOff, listingUrl, siteOf } from '@/lib/memory/listing-url';
import type { NoteSightings } from '@/lib/memory/memory-messages';
import { sellerOf } from '@/lib/memory/model-cars';
import { readCard } from '@/lib/memory/read-card';
import { siteMoney } from '@/lib/memory/site-money';
import type { Sender } from '@/lib/messaging/sender-kind';
import { isBuiltInHost } from '@/lib/sites/sites';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { writeSightings } from '../storage/memory-store';
import { isStorageRefusal, storedValue } from '../storage/store';
import { memorySettings } from './memory-settings';
import { notifyWatched } from './watch-notify';

const FLUSH_MS = 1000;
/** When the memory was last cleared, and each vehicle last forgotten (ms): notes made before lose. */
const clearedAt = storedValue('memoryClearedAt', z.number(), () => 0);
const forgottenAt = storedValue('memoryForgottenAt', z.record(z.string(), z.number()), () => ({}));
/**
 * A forget is remembered this long, and a note stamped longer ago than this is dropped as stale: a
 * hidden tab's queue, its timers throttled to once a minute, or a laptop asleep, can hold notes for
 * hours, and one stamped before a forget must never bring the vehicle back (issue 63).
 */
const FORGET_KEPT_MS = 7 * 24 * 60 * 60_000;

const waiting = new Map<string, SeenListing>();
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> = Promise.resolve();

/**
 * The listing address a sighting stands for and the site it is on; null when not a web page. A card
 * may name a listing on another site only on a curated site (an aggregator's card links to the
 * listing it copies): on any other page the address is the page's own site's, whatever the page
 * says (issue 61: a dealer's page filing its cards as another marketplace's).
 */
function listingOf(pageUrl: string, cardUrl: string | undefined): { site: string; url: string } | null {
  const page = listingUrl(pageUrl);
  if (!page) return null;
  const pageSite = siteOf(new URL(page).hostname);
  const card = cardUrl && URL.canParse(cardUrl, pageUrl) && listingUrl(new URL(cardUrl, pageUrl).href);
  const site = card ? siteOf(new URL(card).hostname) : pageSite;
  if (card && (site === pageSite || isBuiltInHost(pageSite))) return { site, url: card };
  return { site: pageSite, url: page };
}

/** Sightings received but still reading the settings: a read of the memory waits for them too. */
const receiving = new Set<Promise<unknown>>();

export function noteSightings(data: NoteSightings, sender: Sender): Promise<Result<null>> {
  const received = receive(data, sender);
  receiving.add(received);
  return received.finally(() => receiving.delete(received));
}

async function receive({ sightings, page }: NoteSightings, sender: Sender): Promise<Result<null>> {
  if (sender.tab?.incognito) return ok(null);
  const settings = await memorySettings.get();
  const pageUrl = sender.url ?? '';
  const first = listingOf(pageUrl, undefined);
  // Lists saved before names were normalised are read through the same normaliser (isSiteOff).
  if (!settings.on || !first || isSiteOff(first.site, settings.offSites)) return ok(null);
  const host = new URL(pageUrl).hostname;
  const rules = siteMoney(host, page);
  const [cleared, forgotten] = await Promise.all([clearedAt.get(), forgottenAt.get()]);
  const received = Date.now();
  // The loopback build (tests, npm start's demo) has its second site, localhost, stand for a
  // marketplace of several dealers (simulator/demo/camrys.html); every other build, curated sites only.
  const marketplace =
    isBuiltInHost(first.site) || (import.meta.env.MODE === 'loopback' && first.site === 'localhost');
  for (const { vin, url, card, data, title, dealer, noted = received } of sightings) {
    const where = listingOf(pageUrl, url);
    if (!where || noted <= cleared || noted <= (forgotten[vin] ?? 0) || noted < received - FORGET_KEPT_MS)
      continue;
    const car = title ? readVehicleTitle(title, decodeVin(vin)) : null;
    const seen: SeenListing = {
      vin,
      ...where,
      ...readCard(card ?? [], data ?? {}, rules),
      ...(car ? { car } : {}),
      // Keyed on this tab's site, never on an address the page gave.
      seller: sellerOf(first.site, vin, dealer, marketplace),
      firstHand: where.site === first.site,
    };
    waiting.set(`${vin} ${where.site} ${where.url}`, seen);
  }
  timer ??= setTimeout(() => {
    timer = undefined;
    flushing = flushing.then(flush);
  }, FLUSH_MS);
  return ok(null);
}

/** Writes what waits, in one transaction; then the watched vehicles' news. */
async function flush(): Promise<void> {
  const batch = [...waiting.values()];
  waiting.clear();
  if (batch.length === 0) return;
  const at = minutesOf(Date.now());
  if (import.meta.env.MODE === 'loopback') ran('writeSightings');
  try {
    const changes = await writeSightings(batch, at);
    await notifyWatched(changes);
  } catch (error) {
    // A full disk or a refused store: these sightings are not kept, and nothing else changes.
    if (!isStorageRefusal(error)) console.warn('[memory]', error);
  }
}

/**
 * Before a clear (no `vin`) or a forget: every note made until now loses, those still in a content
 * script's queue (by their stamp) and those waiting here; a write under way is finished first.
 */
export async function discardSightings(vin?: string): Promise<void> {
  const now = Date.now();
  if (vin)
    await forgottenAt.update((all) => ({
      ...Object.fromEntries(Object.entries(all).filter(([, at]) => at > now - FORGET_KEPT_MS)),
      [vin]: now,
    }));
  else await clearedAt.set(now);
  // Received before the stamp was kept: they are in `waiting` once read, and taken out here.
  await Promise.allSettled(receiving);
  for (const [key, seen] of waiting) if (!vin || seen.vin === vin) waiting.delete(key);
  await flushing;
}

/** Resolves once every sighting received so far is written (tests, and before a read of the memory). */
export async function sightingsWritten(): Promise<void> {
  await Promise.allSettled(receiving);
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(flush);
  }
  await flushing;
}
