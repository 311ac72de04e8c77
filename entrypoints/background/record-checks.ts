// Record counts for a VIN (endpoint 8), only ever on a user's request, each VIN at most once per
// cache period: across tabs, reloads and service-worker restarts (the cache is in storage), and
// across simultaneous requests (they share one call).
import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/api/schemas';
import {
  type CheckAllPlan,
  freshCounts,
  type LedgerSummary,
  planCheckAll,
  pruneLedger,
  summarizeLedger,
} from '@/lib/economy';
import { createExclusive } from '@/lib/exclusive';
import type { CheckAllOutcome } from '@/lib/message-shapes';
import { fail, ok, type Result } from '@/lib/result';
import { economySettings, ledger, recordCache } from '@/lib/storage';
import { currentClient } from './service';

const inFlight = new Map<string, Promise<RecordCounts>>();
/** Cache and ledger are read-modify-write: one writer at a time. */
export const exclusive = createExclusive();

/** Cached counts still fresh for these VINs (no network). */
export async function knownCounts(vins: string[], now = Date.now()): Promise<Record<string, RecordCounts>> {
  const [cache, settings] = await Promise.all([recordCache.get(), economySettings.get()]);
  const fresh = freshCounts(cache, now, settings);
  const known: Record<string, RecordCounts> = {};
  for (const vin of vins) {
    const entry = fresh[vin];
    if (entry) known[vin] = entry.counts;
  }
  return known;
}

/** Counts for one VIN: from the cache when fresh, else one call shared by everyone asking now. */
export function countsFor(vin: string): Promise<RecordCounts> {
  const pending = inFlight.get(vin);
  if (pending) return pending;
  const call = (async () => {
    const cached = (await knownCounts([vin]))[vin];
    if (cached) return cached;
    const client = await currentClient();
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
  })();
  inFlight.set(vin, call);
  const forget = () => inFlight.delete(vin);
  call.then(forget, forget);
  return call;
}

function remember(vin: string, counts: RecordCounts) {
  return exclusive(async () => {
    const now = Date.now();
    const [cache, entries, settings] = await Promise.all([
      recordCache.get(),
      ledger.get(),
      economySettings.get(),
    ]);
    await Promise.all([
      recordCache.set({ ...freshCounts(cache, now, settings), [vin]: { counts, at: now } }),
      ledger.set([...pruneLedger(entries, now), { kind: 'check', vin, at: now }]),
    ]);
  });
}

/** Records a purchase in the ledger (the other side of the checks-per-report ratio). */
export function recordPurchase(vin: string): Promise<void> {
  return exclusive(async () => {
    const now = Date.now();
    await ledger.set([...pruneLedger(await ledger.get(), now), { kind: 'purchase', vin, at: now }]);
  });
}

export async function getRecordCounts({ vin }: { vin: string }): Promise<Result<RecordCounts>> {
  return ok(await countsFor(vin));
}

export async function getLedger(): Promise<Result<LedgerSummary>> {
  return ok(summarizeLedger(await ledger.get(), Date.now()));
}

/** What checking every VIN in `vins` would cost, before anything is spent. */
export async function planChecks(vins: string[]): Promise<CheckAllPlan> {
  const [known, entries, settings] = await Promise.all([
    knownCounts(vins),
    ledger.get(),
    economySettings.get(),
  ]);
  return planCheckAll(vins, new Set(Object.keys(known)), summarizeLedger(entries, Date.now()), settings);
}

/** Drops expired counts (the service worker may have slept through their expiry). */
export function pruneRecordCache(now = Date.now()): Promise<void> {
  return exclusive(async () => {
    const [cache, settings] = await Promise.all([recordCache.get(), economySettings.get()]);
    const kept = freshCounts(cache, now, settings);
    if (Object.keys(kept).length !== Object.keys(cache).length) await recordCache.set(kept);
  });
}

const STOPPERS = new Set(['key-rejected', 'rate-limited', 'network', 'timeout', 'server']);

/**
 * "Check all VINs on this page": never more than the plan the user saw, two at a time, and refused
 * above the hard limit unless the user overrides it explicitly.
 */
export async function checkAll(vins: string[], override: boolean): Promise<Result<CheckAllOutcome>> {
  const plan = await planChecks(vins);
  if (plan.needsOverride && !override) {
    return fail({
      kind: 'needs-override',
      message: `That would spend ${plan.toCheck.length} record checks, above your limit. Confirm the override to go ahead.`,
    });
  }
  const results: Record<string, Result<RecordCounts>> = {};
  const queue = [...plan.cached, ...plan.toCheck];
  const worker = async () => {
    for (let vin = queue.shift(); vin; vin = queue.shift()) {
      try {
        results[vin] = ok(await countsFor(vin));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results[vin] = fail(error.toData());
        // A refused key, a rate limit or an unreachable service fails every VIN alike: stop asking.
        if (STOPPERS.has(error.kind)) queue.length = 0;
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return ok({ plan, results });
}
