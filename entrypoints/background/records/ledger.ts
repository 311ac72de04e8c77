// The 30-day ledger of record checks and reports pulled: the two sides of the ratio the service
// watches (3 to 5 checks per report). Every record-check request sent is counted, whatever its
// answer, because the service counts it too.
import { z } from 'zod/mini';
import { ok, type Result } from '@/lib/errors/result';
import {
  LedgerEntry,
  type LedgerSummary,
  type LedgerView,
  pruneLedger,
  summarizeLedger,
} from '@/lib/records/economy';
import { storedValue } from '../storage/store';
import { economySettings } from './economy-settings';

const ledger = storedValue('ledger', z.array(LedgerEntry), () => []);

/**
 * Adds one entry (and drops those older than the ledger keeps). With `ref`, once only: a purchase's
 * entry is written again by the reconciler when the first write was refused, and must count once.
 */
export async function recordInLedger(
  kind: LedgerEntry['kind'],
  vin: string,
  { ref, now = Date.now() }: { ref?: string; now?: number } = {},
): Promise<void> {
  await ledger.update((entries) =>
    ref !== undefined && entries.some((e) => e.ref === ref)
      ? entries
      : [...pruneLedger(entries, now), { kind, vin, at: now, ...(ref !== undefined ? { ref } : {}) }],
  );
}

/** Checks, reports and their ratio over the last 30 days. */
export async function ledgerSummary(now = Date.now()): Promise<LedgerSummary> {
  return summarizeLedger(await ledger.get(), now);
}

export async function getLedger(): Promise<Result<LedgerView>> {
  const [summary, settings] = await Promise.all([ledgerSummary(), economySettings()]);
  return ok({ ...summary, warnRatio: settings.warnRatio });
}
