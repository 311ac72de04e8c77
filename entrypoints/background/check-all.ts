// "Check all VINs on this page": what it would spend, shown before anything is spent, and the run
// itself, never more than that plan, refused above the hard limit unless the user overrides.
import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/api/schemas';
import { type CheckAllPlan, planCheckAll } from '@/lib/economy';
import type { CheckAllOutcome } from '@/lib/message-shapes';
import { fail, failWith, ok, type Result } from '@/lib/result';
import { economySettings } from './economy-settings';
import { ledgerSummary } from './ledger';
import { countsFor, knownCounts } from './record-cache';
import { tabVins } from './tab-vins';

/** What checking every VIN in `vins` would cost, before anything is spent. */
export async function planChecks(vins: string[]): Promise<CheckAllPlan> {
  const [known, summary, settings] = await Promise.all([
    knownCounts(vins),
    ledgerSummary(),
    economySettings(),
  ]);
  return planCheckAll(vins, new Set(Object.keys(known)), summary, settings);
}

const STOPPERS = new Set(['key-rejected', 'rate-limited', 'network', 'timeout', 'server']);

/** Checks the VINs of a plan two at a time; a failure that would fail every VIN alike stops the run. */
export async function checkAll(vins: string[], override: boolean): Promise<Result<CheckAllOutcome>> {
  const plan = await planChecks(vins);
  if (plan.needsOverride && !override) {
    return failWith(
      'needs-override',
      `That would spend ${plan.toCheck.length} record checks, above your limit. Confirm the override to go ahead.`,
    );
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

export async function planTabChecks({ tabId }: { tabId: number }): Promise<Result<CheckAllPlan>> {
  return ok(await planChecks(await tabVins(tabId)));
}

export async function checkTab({ tabId, override }: { tabId: number; override: boolean }) {
  return checkAll(await tabVins(tabId), override);
}
