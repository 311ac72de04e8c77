// "Check all VINs on this page": what it would spend, shown before anything is spent, and the run
// of exactly that plan: its VINs, kept under its id, and nothing the page added since. Refused above
// the hard limit unless the user overrides; never more checks than the plan said.
import { storage } from 'wxt/utils/storage';
import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/api/schemas';
import { CheckAllPlan, planCheckAll } from '@/lib/economy';
import type { CheckAllOutcome } from '@/lib/message-shapes';
import { fail, failWith, ok, type Result } from '@/lib/result';
import { economySettings } from './economy-settings';
import { ledgerSummary } from './ledger';
import { countsFor, knownCounts } from './record-cache';
import { tabVins } from './tab-vins';

/** Plans are kept in session storage (trusted contexts only), so a restarted worker still runs them. */
const planItem = (id: string) => storage.defineItem<unknown>(`session:checkPlan:${id}`);
const PLAN_LIFETIME_MS = 15 * 60_000;

/** What checking every VIN in `vins` would cost, before anything is spent. */
export async function planChecks(vins: string[], id = ''): Promise<CheckAllPlan> {
  const [known, summary, settings] = await Promise.all([
    knownCounts(vins),
    ledgerSummary(),
    economySettings(),
  ]);
  return planCheckAll(vins, new Set(Object.keys(known)), summary, settings, id);
}

export async function planTabChecks({ tabId }: { tabId: number }): Promise<Result<CheckAllPlan>> {
  const plan = await planChecks(await tabVins(tabId), crypto.randomUUID());
  await planItem(plan.id).setValue({ plan, until: Date.now() + PLAN_LIFETIME_MS });
  return ok(plan);
}

const STOPPERS = new Set(['key-rejected', 'rate-limited', 'network', 'timeout', 'server']);

/** Runs the plan the user confirmed: its checks two at a time; a failure that fails every VIN alike stops it. */
export async function checkPlan({
  planId,
  override,
}: {
  planId: string;
  override: boolean;
}): Promise<Result<CheckAllOutcome>> {
  const stored = (await planItem(planId).getValue()) as { plan?: unknown; until?: number } | null;
  const parsed = CheckAllPlan.safeParse(stored?.plan);
  if (!parsed.success || (stored?.until ?? 0) < Date.now())
    return failWith('invalid-input', 'That plan has expired: look at what "check all" costs again.');
  const plan = parsed.data;
  if (plan.needsOverride && !override) {
    return failWith(
      'needs-override',
      `That would spend ${plan.toCheck.length} record checks, above your limit. Confirm the override to go ahead.`,
    );
  }
  // Once: a plan is not run twice.
  await planItem(planId).removeValue();
  const results: Record<string, Result<RecordCounts>> = {};
  // VINs planned as cached are answered from the cache only: one that expired meanwhile is not checked.
  const known = await knownCounts(plan.cached);
  for (const vin of plan.cached) {
    const counts = known[vin];
    results[vin] = counts
      ? ok(counts)
      : failWith('invalid-input', 'Its cached counts expired after the plan was made: check it on its own.');
  }
  const queue = [...plan.toCheck];
  const worker = async () => {
    for (let vin = queue.shift(); vin; vin = queue.shift()) {
      try {
        results[vin] = ok(await countsFor(vin));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results[vin] = fail(error.toData());
        if (STOPPERS.has(error.kind)) queue.length = 0;
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return ok({ plan, results });
}
