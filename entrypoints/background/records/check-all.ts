// "Check all VINs on this page": what it would spend, shown before anything is spent, and the run
// of exactly that plan: its VINs, kept under its id (plan-store.ts), and nothing the page added
// since. Refused above the hard limit unless the user overrides; never more checks than the plan said.
import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/domain';
import { fail, failWith, ok, type Result } from '@/lib/errors/result';
import { CheckAllPlan, planCheckAll } from '@/lib/records/economy';
import type { CheckAllOutcome } from '@/lib/records/page-messages';
import type { Vin } from '@/lib/vin/vin-syntax';
import { economySettings } from './economy-settings';
import { ledgerSummary } from './ledger';
import { dropPlan, keepPlan, readPlan } from './plan-store';
import { countsFor, knownCounts } from './record-cache';

/** What checking every VIN in `vins` would cost, before anything is spent. */
async function planChecks(vins: Vin[], id = ''): Promise<CheckAllPlan> {
  const [known, summary, settings] = await Promise.all([
    knownCounts(vins),
    ledgerSummary(),
    economySettings(),
  ]);
  return planCheckAll(vins, new Set(Object.keys(known)), summary, settings, id);
}

/** Plans checking `vins` and keeps the plan, which the user's confirmation then runs by its id. */
export async function planAndKeep(vins: Vin[]): Promise<Result<CheckAllPlan>> {
  const plan = await planChecks(vins, crypto.randomUUID());
  await keepPlan(plan.id, plan);
  return ok(plan);
}

/**
 * The check plan the user saw, removed so it runs once; refused when expired, or above the hard limit
 * without the user's explicit override (then it stays, for the override).
 */
export async function takeCheckPlan(planId: string, override: boolean): Promise<Result<CheckAllPlan>> {
  const plan = await readPlan(planId, CheckAllPlan);
  if (!plan) return failWith('invalid-input', 'That plan has expired: look at what the checks cost again.');
  if (plan.needsOverride && !override) {
    return failWith(
      'needs-override',
      `That would spend ${plan.toCheck.length} record checks, above your limit. Confirm the override to go ahead.`,
    );
  }
  await dropPlan(planId);
  return ok(plan);
}

/**
 * Failures that would fail every VIN alike: the rest of a run is not sent. Every 429 is among them,
 * whichever kind its words made it ("rate-limited" or "exhausted").
 */
export const STOPPERS: ReadonlySet<string> = new Set([
  'key-rejected',
  'rate-limited',
  'exhausted',
  'network',
  'timeout',
  'server',
]);

/** Runs the plan the user confirmed: its checks two at a time; a failure that fails every VIN alike stops it. */
export async function checkPlan({
  planId,
  override,
}: {
  planId: string;
  override: boolean;
}): Promise<Result<CheckAllOutcome>> {
  const plan = await takeCheckPlan(planId, override);
  if (!plan.ok) return plan;
  const { toCheck, cached } = plan.value;
  const results: Record<string, Result<RecordCounts>> = {};
  // VINs planned as cached are answered from the cache only: one that expired meanwhile is not checked.
  const known = await knownCounts(cached);
  for (const vin of cached) {
    const counts = known[vin];
    results[vin] = counts
      ? ok(counts)
      : failWith('invalid-input', 'Its cached counts expired after the plan was made: check it on its own.');
  }
  const queue = [...toCheck];
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
  return ok({ plan: plan.value, results });
}
