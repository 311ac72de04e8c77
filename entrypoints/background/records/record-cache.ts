// Record counts per VIN (endpoint 8), checked at most once per cache period across tabs, reloads and
// worker restarts (kept in the background's store), and once for everyone asking at the same time
// (one shared call). This module owns the stored shape, its freshness, pruning and in-flight sharing.
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { RecordCounts } from '@/lib/domain';
import { ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { EconomySettings } from '@/lib/records/economy';
import { sharedCalls } from '@/lib/shared-calls';
import type { Vin } from '@/lib/vin/vin-syntax';
import { currentClient } from '../service/service';
import { storedValue } from '../storage/store';
import { economySettings } from './economy-settings';
import { recordInLedger } from './ledger';
import { overPageBudget } from './page-budget';

const HOUR = 60 * 60 * 1000;

const Entry = z.object({ counts: RecordCounts, checkedAt: z.number() });
type Entry = z.infer<typeof Entry>;
const Cache = z.object({ version: z.literal(2), entries: z.record(z.string(), Entry) });
type Cache = z.infer<typeof Cache>;

/** Version 1 (storage.local until 0.1): `{ [vin]: { counts, at } }`. */
const CacheV1 = z.pipe(
  z.record(z.string(), z.object({ counts: RecordCounts, at: z.number() })),
  z.transform(
    (old): Cache => ({
      version: 2,
      entries: Object.fromEntries(
        Object.entries(old).map(([vin, e]) => [vin, { counts: e.counts, checkedAt: e.at }]),
      ),
    }),
  ),
);

const empty = (): Cache => ({ version: 2, entries: {} });
const cache = storedValue('recordCache', z.union([Cache, CacheV1]), empty);

const isFresh = (entry: Entry, now: number, settings: EconomySettings) =>
  now - entry.checkedAt < settings.cacheHours * HOUR && entry.checkedAt <= now;

function freshEntries(all: Record<string, Entry>, now: number, settings: EconomySettings) {
  return Object.fromEntries(Object.entries(all).filter(([, entry]) => isFresh(entry, now, settings)));
}

/** Cached counts still fresh for these VINs (no network). */
export async function knownCounts(vins: string[], now = Date.now()): Promise<Record<string, RecordCounts>> {
  const [{ entries }, settings] = await Promise.all([cache.get(), economySettings()]);
  const known: Record<string, RecordCounts> = {};
  for (const vin of vins) {
    const entry = entries[vin];
    if (entry && isFresh(entry, now, settings)) known[vin] = entry.counts;
  }
  return known;
}

const shareCheck = sharedCalls<RecordCounts>();

/**
 * Counts for one VIN: from the cache when fresh (unless `fresh`: today's counts asked for), else one
 * call shared by everyone asking now.
 */
export function countsFor(vin: Vin, options: { fresh?: boolean } = {}): Promise<RecordCounts> {
  return shareCheck(vin, async () => {
    const cached = options.fresh ? undefined : (await knownCounts([vin]))[vin];
    if (cached) return cached;
    const client = await currentClient();
    // Counted as sent, whatever comes back: the service counts every request it receives.
    await recordInLedger('check', vin);
    let counts: RecordCounts;
    try {
      counts = await client.getRecordCounts(vin);
    } catch (error) {
      // Some deployments answer 404 for a VIN without history: that is an answer, and is cached too.
      if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
      counts = { vin, vehicle: { year: null, make: '', model: '' }, records: { providerA: 0, providerB: 0 } };
    }
    await remember(vin, counts);
    return counts;
  });
}

async function remember(vin: string, counts: RecordCounts, now = Date.now()) {
  const settings = await economySettings();
  await cache.update(({ entries }) => ({
    version: 2,
    entries: { ...freshEntries(entries, now, settings), [vin]: { counts, checkedAt: now } },
  }));
}

/** Drops expired counts (the service worker may have slept through their expiry). */
export async function pruneRecordCache(now = Date.now()): Promise<void> {
  const settings = await economySettings();
  await cache.update(({ entries }) => ({ version: 2, entries: freshEntries(entries, now, settings) }));
}

/** Forgets every cached count ("Clear cached data"); the ledger keeps its checks. */
export const clearRecordCache = (): Promise<void> => cache.set(empty());

export async function getRecordCounts({ vin }: { vin: Vin }, sender?: Sender): Promise<Result<RecordCounts>> {
  // A page's request that would reach the service spends from that tab's budget; cached answers are free.
  if (!(await knownCounts([vin]))[vin]) {
    const refused = await overPageBudget(sender, 'checks');
    if (refused) return refused;
  }
  return ok(await countsFor(vin));
}
