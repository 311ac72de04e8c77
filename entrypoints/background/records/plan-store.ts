// Plans the user is shown before anything is spent (a "check all", the workbench's checks and
// purchases), kept under their id so that what runs is exactly what was shown, and runs once.
import { z } from 'zod/mini';
import { sessionItem } from '../storage/store';

/** Plans are kept in session storage (trusted contexts only), so a restarted worker still runs them. */
const KeptPlan = z.nullable(z.object({ plan: z.unknown(), until: z.number() }));
const planItem = (id: string) => sessionItem(`checkPlan:${id}`, KeptPlan, () => null);
const PLAN_LIFETIME_MS = 15 * 60_000;

/** Keeps a plan the user is shown, under its id, for 15 minutes: what runs is what was shown. */
export async function keepPlan(id: string, plan: unknown): Promise<void> {
  await planItem(id).set({ plan, until: Date.now() + PLAN_LIFETIME_MS });
}

/** The plan kept under `id`, parsed; undefined when absent, expired or not of that shape. */
export async function readPlan<T>(id: string, schema: z.ZodMiniType<T>): Promise<T | undefined> {
  const stored = await planItem(id).get();
  if (!stored || stored.until < Date.now()) return undefined;
  const parsed = schema.safeParse(stored.plan);
  return parsed.success ? parsed.data : undefined;
}

/** A plan runs once. */
export const dropPlan = (id: string): Promise<void> => planItem(id).remove();
