// The dealer workbench's requests (entrypoints/workbench/): its table of VINs, the plans it shows
// before anything is spent, and its batches, run here so that closing the page does not stop them
// (runner.ts). A worker that stops mid-batch leaves it "interrupted" and only the user's Resume
// carries on: a purchase is never sent again by itself (batch-store.ts settles it from its intent).

import { generationOf } from '@/lib/account/account-messages';
import type { Provider } from '@/lib/domain';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { CheckAllPlan } from '@/lib/records/economy';
import type { Vin } from '@/lib/vin/vin-syntax';
import { type Batch, checkRows, isActive, skipRest } from '@/lib/workbench/batch';
import { PurchasePlan, planPurchases, purchaseRows } from '@/lib/workbench/purchase-plan';
import { mergeTable, type WorkbenchView } from '@/lib/workbench/workbench';
import { cachedAccount, refreshAccount } from '../account/account';
import { planAndKeep, takeCheckPlan } from '../records/check-all';
import { dropPlan, keepPlan, readPlan } from '../records/plan-store';
import { knownCounts } from '../records/record-cache';
import { changeBatch, currentBatch, running, table } from './batch-store';
import { BUSY, run, startBatch } from './runner';

export async function getWorkbench(): Promise<Result<WorkbenchView>> {
  const [batch, vins, account] = await Promise.all([currentBatch(), table.get(), cachedAccount()]);
  const inTable = new Set<string>(vins);
  return ok({
    vins,
    batch,
    counts: await knownCounts(vins),
    held: (account?.reports ?? []).filter((r) => inTable.has(r.vin)),
    limits: account?.limits ?? null,
  });
}

/** Whether a purchase batch is under way (the settings may not change meanwhile). */
export async function buyingBatch(): Promise<boolean> {
  const batch = await currentBatch();
  return isActive(batch) && batch?.kind === 'buy';
}

export async function setWorkbenchVins({ vins, base }: { vins: Vin[]; base?: Vin[] }): Promise<Result<null>> {
  await table.update((current) => mergeTable(current, vins, base));
  return ok(null);
}

export const planWorkbenchChecks = ({ vins }: { vins: Vin[] }): Promise<Result<CheckAllPlan>> =>
  planAndKeep(vins);

const refuseWhileActive = async (): Promise<Result<never> | undefined> =>
  isActive(await currentBatch()) ? failWith('busy', BUSY) : undefined;

export async function startWorkbenchChecks(request: {
  planId: string;
  override: boolean;
}): Promise<Result<Batch>> {
  const busy = await refuseWhileActive();
  if (busy) return busy;
  const plan = await takeCheckPlan(request.planId, request.override);
  if (!plan.ok) return plan;
  return startBatch('check', checkRows(plan.value));
}

export async function planWorkbenchPurchase(request: {
  items: Array<{ vin: Vin; provider: Provider }>;
}): Promise<Result<PurchasePlan>> {
  // Today's credits, allowance and reports: the plan says what fits before anything is spent.
  const account = await refreshAccount();
  const plan = {
    ...planPurchases(request.items, account.reports, account.limits, crypto.randomUUID()),
    generation: generationOf(account),
  };
  await keepPlan(plan.id, plan);
  return ok(plan);
}

export async function startWorkbenchPurchase({ planId }: { planId: string }): Promise<Result<Batch>> {
  const busy = await refuseWhileActive();
  if (busy) return busy;
  const plan = await readPlan(planId, PurchasePlan);
  if (!plan) return failWith('invalid-input', 'That confirmation has expired: open "Buy selected…" again.');
  await dropPlan(planId);
  return startBatch('buy', purchaseRows(plan), plan.generation);
}

export async function cancelWorkbenchBatch(): Promise<Result<Batch | null>> {
  const batch = await currentBatch();
  if (!batch || !isActive(batch)) return ok(batch);
  return ok(
    await changeBatch(batch.id, (b) => ({
      ...b,
      state: 'cancelled',
      rows: skipRest(
        b.rows,
        b.kind === 'buy' ? 'Not bought: you cancelled the batch.' : 'Not checked: you cancelled the batch.',
      ),
      message: b.rows.some((r) => r.state === 'running')
        ? 'Cancelled. The row under way when you cancelled finishes; nothing after it runs.'
        : 'Cancelled: nothing more runs.',
    })),
  );
}

export async function resumeWorkbenchBatch(): Promise<Result<Batch | null>> {
  const batch = await currentBatch();
  if (batch?.state !== 'interrupted') return ok(batch);
  // Check and set in one transaction: of two Resumes a moment apart, one starts the runner; two
  // runners would each take rows, and buy past a purchase whose outcome is unknown.
  let resumedHere = false;
  const resumed = await changeBatch(batch.id, (b) => {
    if (b.state !== 'interrupted') return b;
    resumedHere = true;
    return { ...b, state: 'running', message: undefined };
  });
  if (!resumedHere) return ok(resumed);
  running.id = batch.id;
  void run(batch.id);
  return ok(resumed);
}
