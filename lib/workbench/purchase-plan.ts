// The workbench's purchase plan: what buying the chosen (VIN, provider) pairs would do, said before
// anything is spent and confirmed by its id, and the batch rows it becomes. Pure.
import { z } from 'zod/mini';
import { type Limits, Provider, type ReportSummary } from '../domain';
import { findHeld } from '../purchases/purchase-rules';
import { VinSchema } from '../vin/vin-schema';
import type { Vin } from '../vin/vin-syntax';
import type { BatchRow } from './batch';
import { MAX_WORKBENCH_VINS } from './workbench';

export const StartPurchaseRequest = z.object({ planId: z.string().check(z.minLength(1), z.maxLength(64)) });

export const PurchaseChoice = z.object({ vin: VinSchema, provider: Provider });
export const PurchasePlanRequest = z.object({
  items: z.array(PurchaseChoice).check(z.maxLength(2 * MAX_WORKBENCH_VINS)),
});

export const PlanFate = z.enum(['buy', 'held', 'no-credits', 'no-allowance']);
export type PlanFate = z.infer<typeof PlanFate>;

export const PurchasePlan = z.object({
  id: z.string(),
  rows: z.array(
    z.object({ vin: VinSchema, provider: Provider, fate: PlanFate, reportId: z.optional(z.string()) }),
  ),
  /** Credits the plan spends: one per report bought. */
  credits: z.int(),
  creditsNow: z.int(),
  allowanceLeft: z.object({ providerA: z.int(), providerB: z.int() }),
  dailyLimit: z.int(),
  /** The settings generation of the account it was planned for (its purchases are bound to it). */
  generation: z.optional(z.string()),
});
export type PurchasePlan = z.infer<typeof PurchasePlan>;

/**
 * What buying these (VIN, provider) pairs would do, in order: a report held is opened, never bought;
 * the rest is bought while credits and the provider's allowance for today last; what does not fit is
 * said before anything is spent.
 */
/** The rows of a purchase plan the user confirmed: what it buys queued, the rest said why not. */
export function purchaseRows(plan: PurchasePlan): BatchRow[] {
  return plan.rows.map(({ vin, provider, fate, reportId }): BatchRow => {
    if (fate === 'buy') return { vin, provider, state: 'queued' };
    if (fate === 'held')
      return {
        vin,
        provider,
        state: 'held',
        reportId,
        message: 'Already yours: opens free, not bought again.',
      };
    const why =
      fate === 'no-credits'
        ? 'your credits do not cover it'
        : `today's ${provider} allowance does not cover it`;
    return { vin, provider, state: 'skipped', message: `Not bought: ${why}.` };
  });
}

export function planPurchases(
  items: Array<{ vin: Vin; provider: Provider }>,
  held: ReportSummary[],
  limits: Limits,
  id = '',
): PurchasePlan {
  let credits = limits.credits;
  const left = { providerA: limits.providerAReportsLeftToday, providerB: limits.providerBReportsLeftToday };
  const seen = new Set<string>();
  const rows: PurchasePlan['rows'] = [];
  for (const { vin, provider } of items) {
    const key = `${provider}:${vin}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const report = findHeld(held, provider, vin);
    if (report) rows.push({ vin, provider, fate: 'held', reportId: report.id });
    else if (credits <= 0) rows.push({ vin, provider, fate: 'no-credits' });
    else if (left[provider] <= 0) rows.push({ vin, provider, fate: 'no-allowance' });
    else {
      credits--;
      left[provider]--;
      rows.push({ vin, provider, fate: 'buy' });
    }
  }
  return {
    id,
    rows,
    credits: rows.filter((r) => r.fate === 'buy').length,
    creditsNow: limits.credits,
    allowanceLeft: {
      providerA: limits.providerAReportsLeftToday,
      providerB: limits.providerBReportsLeftToday,
    },
    dailyLimit: limits.dailyLimit,
  };
}
