// Settles purchases whose answer was lost, from evidence only: a new report in /user/reports (held),
// or none by the end of the schedule (unresolved, with the credits before and after; its report is
// looked for a few more times later, and found, settles it as held). Driven by browser.alarms so it
// survives the worker stopping; each intent has its own deadlines and a wake-up touches only the
// intents that are due. The only places that settle: this module's alarm, the start-up, and the
// purchase itself (its first check at once). What pages ask (status.ts) only reads.
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/domain';
import {
  awaitsReconciler,
  dueAt,
  intentGeneration,
  nextCheckAt,
  nextLateLookAt,
  type PurchaseIntent,
} from '@/lib/purchases/purchase-intent';
import { findNewReport } from '@/lib/purchases/purchase-rules';
import { sharedCalls } from '@/lib/shared-calls';
import { type AccountClient, currentClient } from '../service/service';
import { keepReport } from '../storage/store';
import { RECONCILE_SCHEDULE } from '../timing';
import { afterPurchase } from './after-purchase';
import { allIntents, moveIntent } from './intent-store';

const RECONCILE_ALARM = 'reconcile-purchases';

/** Intents whose request this worker is sending now: never settled behind its back. */
export const workingOn = new Set<string>();
const shareCheck = sharedCalls<PurchaseIntent>();

/**
 * One check of an intent (shared by everyone asking at once): held when its report is there. With
 * the purchase's own client for its first check; else the client of the settings saved now, which
 * checks only intents bought under them.
 */
export const checkIntent = (intent: PurchaseIntent, client?: AccountClient): Promise<PurchaseIntent> =>
  shareCheck(intent.id, async () => runCheck(intent, client ?? (await currentClient())));

/** A report as its intent knows it (for the writes that follow a charge). */
const summaryOf = (intent: PurchaseIntent): ReportSummary => {
  const at = new Date(intent.settledAt ?? intent.createdAt).toISOString();
  return {
    provider: intent.provider,
    id: intent.reportId ?? '',
    vin: intent.vin,
    yearMakeModel: intent.yearMakeModel ?? '',
    createdAt: at,
    updatedAt: at,
  };
};

/**
 * An intent bought under other settings than those saved now: another account's key, or another
 * service. It cannot be checked with this key (the report would be looked for in the wrong account):
 * an open one becomes unresolved, naming its account, and is looked at no more; an unresolved one
 * gets no more late looks. A charge already known only has its local writes made.
 */
async function underOtherSettings(intent: PurchaseIntent, now: number): Promise<PurchaseIntent> {
  if (intent.state === 'held') {
    await afterPurchase(undefined, intent, summaryOf(intent));
    return intent;
  }
  const whose = intent.accountName ? `the account of ${intent.accountName}` : 'another account';
  const moved = await moveIntent(intent.id, ['sent', 'unknown', 'unresolved'], (i) => ({
    ...i,
    state: 'unresolved',
    settledAt: i.settledAt ?? now,
    nextCheckAt: undefined,
    cause: {
      kind: 'unknown-outcome',
      message: `This purchase was made with the key of ${whose}, which was replaced in the settings before it could be confirmed: it can no longer be checked from here.`,
    },
  }));
  return moved ?? intent;
}

async function runCheck(intent: PurchaseIntent, client: AccountClient): Promise<PurchaseIntent> {
  const now0 = Date.now();
  if (client.generation !== intentGeneration(intent)) return underOtherSettings(intent, now0);
  if (intent.state === 'held') {
    // A charge known, its writes not all made (the store refused one): made again, once each.
    await afterPurchase(client, intent, summaryOf(intent));
    return intent;
  }
  const [reports, limits] = await Promise.all([client.getUserReports(), client.getLimits()]);
  const now = Date.now();
  const created = findNewReport(reports, intent.provider, intent.vin, intent.heldBefore);
  if (created) {
    const held = await moveIntent(intent.id, ['unknown', 'unresolved'], (i) => ({
      ...i,
      state: 'held',
      settledAt: now,
      reportId: created.id,
      yearMakeModel: created.yearMakeModel,
      creditsAfter: limits.credits,
      nextCheckAt: undefined,
      followedUp: false,
    }));
    if (!held) return intent;
    const extra = await afterPurchase(client, held, created);
    if (extra.length) held.extraReportIds = extra;
    // Kept for offline use; when this fails the report still opens by id from the service.
    await client
      .getReport(created.provider, created.id)
      .then((report) => keepReport(report, created.createdAt))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
    return held;
  }
  const checks = intent.checks + 1;
  if (intent.state === 'unresolved') {
    // A late look found nothing: the next one, if any is left. Its credits stay those of when it
    // became unresolved (later purchases change the balance).
    const late = await moveIntent(intent.id, ['unresolved'], (i) => ({
      ...i,
      checks,
      nextCheckAt: nextLateLookAt({ ...i, checks }, RECONCILE_SCHEDULE, now),
    }));
    return late ?? intent;
  }
  const next = nextCheckAt({ ...intent, checks }, RECONCILE_SCHEDULE, now);
  const moved = await moveIntent(intent.id, ['unknown'], (i) =>
    next === undefined
      ? {
          ...i,
          checks,
          state: 'unresolved',
          settledAt: now,
          creditsAfter: limits.credits,
          nextCheckAt: nextLateLookAt({ ...i, checks, settledAt: now }, RECONCILE_SCHEDULE, now),
        }
      : {
          ...i,
          checks,
          creditsAfter: limits.credits,
          nextCheckAt: next,
          // A send time in the future (the clock was set back since) is now, once and for all: the
          // later checks count from it, so the schedule keeps its length (counted afresh from each
          // check's "now", its 5 minutes stretched to the sum of its steps, 11.5).
          ...(i.sentAt !== undefined && i.sentAt > now ? { sentAt: now } : {}),
        },
  );
  return moved ?? intent;
}

/**
 * Settles what is due: intents a stopped worker left 'intended' (never sent: none) or 'sent' (its
 * answer lost: unknown), and unknown intents whose next check has come. The service unreachable or
 * no key: they stay as they are, for the next wake-up.
 */
export async function reconcileDue(now = Date.now()): Promise<void> {
  for (const intent of await allIntents()) {
    if (workingOn.has(intent.id)) continue;
    try {
      if (intent.state === 'intended') {
        await moveIntent(intent.id, ['intended'], (i) => ({
          ...i,
          state: 'none',
          settledAt: now,
          cause: { kind: 'unanswered', message: 'The extension stopped before the purchase was sent.' },
        }));
      } else if (intent.state === 'sent') {
        const unknown = await moveIntent(intent.id, ['sent'], (i) => ({
          ...i,
          state: 'unknown',
          cause: { kind: 'unanswered', message: 'The extension stopped while waiting for the answer.' },
          nextCheckAt: now,
        }));
        if (unknown) await checkIntent(unknown);
      } else if (awaitsReconciler(intent) && dueAt(intent, RECONCILE_SCHEDULE, now) <= now) {
        await checkIntent(intent);
      }
    } catch (error) {
      // The service unreachable: next time. Anything else (the store refusing a write, a bug) is
      // kept for the developer and the other intents are still settled; this one is tried again
      // at the next wake-up, its state as the store last took it.
      if (!(error instanceof ApiError)) console.error('[reconcile]', intent.id, error);
    }
  }
}

/** When the reconciler is next due, or undefined when nothing awaits it. */
async function nextDue(now: number): Promise<number | undefined> {
  const due = (await allIntents()).filter(awaitsReconciler).map((i) => dueAt(i, RECONCILE_SCHEDULE, now));
  return due.length ? Math.min(...due) : undefined;
}

/** One alarm, at the earliest next check of any intent awaiting one (cleared when none does). */
export async function scheduleReconciliation(now = Date.now()): Promise<void> {
  const due = await nextDue(now);
  if (due === undefined) {
    await browser.alarms.clear(RECONCILE_ALARM);
    return;
  }
  await setAlarm(due, now);
}

// Browsers fire alarms no sooner than they allow (30 s packed, 1 s unpacked) whatever is asked.
const setAlarm = (due: number, now: number) =>
  browser.alarms.create(RECONCILE_ALARM, { when: Math.max(due, now + 1_000) });

// An alarm later than its due time by more than this is set again (see keepReconcilerOnTime).
const ALARM_SLACK_MS = 60_000;

/**
 * Makes sure the reconciler's alarm is not far later than what it has to do; settles nothing. Alarms
 * keep wall-clock times: after the clock is set back, the set one lies as far ahead as the clock went
 * back, and a purchase would say "checking…" for that long. Pages asking about purchases call this.
 * Only an alarm missing or later than due by over a minute is set again: set again on every 2-second
 * poll, one the browser delays (30 s in packed Chrome) would be pushed back forever.
 */
export async function keepReconcilerOnTime(now = Date.now()): Promise<void> {
  const due = await nextDue(now);
  if (due === undefined) return;
  const alarm = await browser.alarms.get(RECONCILE_ALARM);
  if (!alarm || alarm.scheduledTime > Math.max(due, now) + ALARM_SLACK_MS) await setAlarm(due, now);
}

/** Start-up and every alarm: settle what is due, then wake again for what is left. */
export async function reconcileAndReschedule(): Promise<void> {
  try {
    await reconcileDue();
  } finally {
    await scheduleReconciliation();
  }
}

export function listenForReconcileAlarm(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RECONCILE_ALARM) void reconcileAndReschedule();
  });
}
