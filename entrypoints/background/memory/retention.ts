// The memory's retention (issue 55): a listing unseen for the user's number of days is forgotten.
// Applied on every read (a user who stops browsing listings is answered from nothing older), and
// swept from the store by a daily alarm of its own name, made again at every worker start when the
// browser dropped it, and at start at most once a day (the alarm may not fire for a worker that
// lives less than a day between restarts).
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import type { ListingMemory } from '@/lib/memory/listing-memory';
import { minutesOf } from '@/lib/memory/listing-memory';
import { sweepListings } from '../storage/memory-store';
import { isStorageRefusal, storedValue } from '../storage/store';
import { memorySettings } from './memory-settings';

export const SWEEP_ALARM = 'memory-retention';
const DAY = 24 * 60;
const sweptAt = storedValue('memorySweptAt', z.number(), () => 0);

/** The minute before which a listing unseen is past the retention, now. */
export async function keptSince(now = Date.now()): Promise<number> {
  return minutesOf(now) - (await memorySettings.get()).retentionDays * DAY;
}

/** Only the listings within the retention. */
export async function withinRetention(listings: ListingMemory[]): Promise<ListingMemory[]> {
  const since = await keptSince();
  return listings.filter((l) => l.last >= since);
}

/** Forgets from the store every listing past the retention. */
export async function sweepMemory(): Promise<void> {
  await sweepListings(await keptSince());
  await sweptAt.set(minutesOf(Date.now()));
}

/** At the worker's start: the alarm made again if the browser dropped it; a sweep if none today. */
export async function keepMemorySwept(): Promise<void> {
  if (!(await browser.alarms.get(SWEEP_ALARM)))
    await browser.alarms.create(SWEEP_ALARM, { delayInMinutes: DAY, periodInMinutes: DAY });
  const last = await sweptAt.get();
  const now = minutesOf(Date.now());
  // Never swept: nothing was ever written (the previous version set it with its first batch).
  if (last === 0) await sweptAt.set(now);
  else if (last < now - DAY) await sweepMemory();
}

export function listenForMemorySweep(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== SWEEP_ALARM) return;
    void sweepMemory().catch((error: unknown) => {
      if (!isStorageRefusal(error)) console.warn('[memory] sweep:', error);
    });
  });
}
