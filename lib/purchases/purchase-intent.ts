// A purchase is an intent with a lifecycle, so that one confirmed purchase is charged at most once
// whatever fails (docs/service-notes.md: never resend a by-VIN call; reconcile instead):
//
//   intended ─(written before the request)→ sent ─┬→ held        the report came back
//                                                  ├→ none        a 4xx refusal: not charged
//                                                  └→ unknown ─┬→ held        a new report appeared
//                                                              └→ unresolved  none appeared in time
//
// Evidence closes an intent, nothing else: a report in /user/reports (held), or a refusal by kind
// (none). Anything else (timeout, dropped connection, malformed body, 5xx, a worker that stopped) is
// unknown, and while an intent is open no new purchase of that (provider, VIN) is sent. Pure.
import { z } from 'zod/mini';
import { Provider } from '../domain';
import { ErrorData } from '../errors/error-data';
import type { ErrorKind } from '../errors/error-kinds';
import { plural } from '../plural';
import { VinSchema } from '../vin/vin-schema';

export const IntentState = z.enum(['intended', 'sent', 'held', 'none', 'unknown', 'unresolved']);
export type IntentState = z.infer<typeof IntentState>;

/** States in which the service may still charge (or may have): no new purchase of the same report. */
export const OPEN_STATES: ReadonlySet<IntentState> = new Set(['intended', 'sent', 'unknown']);

export const PurchaseIntent = z.object({
  id: z.string(),
  provider: Provider,
  vin: VinSchema,
  state: IntentState,
  createdAt: z.number(),
  /** Ids of this provider's reports for the VIN before the request: the new one is not among them. */
  heldBefore: z.array(z.string()),
  creditsBefore: z.optional(z.int()),
  sentAt: z.optional(z.number()),
  /** Reconciliation checks made (successful reads of /user/reports and /user/limits). */
  checks: z.int(),
  /** When the reconciler should look at it next (open intents, and unresolved ones' late looks). */
  nextCheckAt: z.optional(z.number()),
  settledAt: z.optional(z.number()),
  reportId: z.optional(z.string()),
  yearMakeModel: z.optional(z.string()),
  creditsAfter: z.optional(z.int()),
  /** What the purchase request ended with, when it did not bring the report. */
  cause: z.optional(ErrorData),
  /**
   * Further new reports of this (provider, VIN) that appeared with this purchase: the service charged
   * more than once (a request resent by the browser's network stack after a dropped connection).
   */
  extraReportIds: z.optional(z.array(z.string())),
  /** An unresolved intent the user explicitly chose to buy past. */
  overridden: z.optional(z.boolean()),
  /**
   * The generation of the settings it was bought under (credentials.ts); absent in intents of
   * earlier versions (read as ''). It is checked and settled only under those settings.
   */
  generation: z.optional(z.string()),
  /** Whose account that was (the user's name), to name it when the settings have changed since. */
  accountName: z.optional(z.string()),
  /**
   * false from the moment a charge is known (held) until what follows it is written (the ledger,
   * the counts at purchase, the account): the reconciler makes those writes again until they land.
   * Absent in intents of earlier versions, which wrote them at once.
   */
  followedUp: z.optional(z.boolean()),
});
export type PurchaseIntent = z.infer<typeof PurchaseIntent>;

/**
 * Refusals by error kind, trusted as "not charged" (an assumption about the service, documented in
 * docs/purchases.md): the service answered, in words, that it did not sell the report. Every other failure
 * of the purchase request leaves the outcome unknown.
 */
const REFUSED: ReadonlySet<ErrorKind> = new Set([
  'bad-request',
  'key-rejected',
  'not-found',
  'exhausted',
  'rate-limited',
  'no-key',
  'invalid-input',
]);

export const isRefusal = (kind: ErrorKind): boolean => REFUSED.has(kind);

/** The intents that hold back a new purchase of this (provider, VIN): open, or unresolved and not overridden. */
export function blockingIntent(
  intents: PurchaseIntent[],
  provider: Provider,
  vin: string,
): PurchaseIntent | undefined {
  return intents.find(
    (i) =>
      i.provider === provider &&
      i.vin === vin &&
      (OPEN_STATES.has(i.state) || (i.state === 'unresolved' && !i.overridden)),
  );
}

/** When an unknown intent is checked, counted from when its request was sent; the last one settles it. */
export interface ReconcileSchedule {
  /** Milliseconds after `sentAt`, ascending. */
  checksAfterMs: number[];
  /**
   * After the schedule ended with no report (unresolved), the report is looked for again this many
   * milliseconds after that, ascending: a service that charged and lists the report late still has
   * the purchase settled as held, by the reconciler, not by whichever page happens to be open.
   */
  lateLooksAfterMs: number[];
}

/**
 * The next check of an intent that has made `checks` checks; undefined when the schedule is done.
 * Counted from when the request was sent, but never from the future: a `sentAt` written while the
 * clock ran ahead counts as now.
 */
export function nextCheckAt(
  intent: PurchaseIntent,
  schedule: ReconcileSchedule,
  now = Date.now(),
): number | undefined {
  const offset = schedule.checksAfterMs[intent.checks];
  return offset === undefined ? undefined : Math.min(intent.sentAt ?? intent.createdAt, now) + offset;
}

/**
 * When an unknown intent is due. Deadlines are wall-clock times: after a clock that ran ahead is set
 * back, a stored next check can lie days away, and the purchase would say "checking…" and block Buy
 * all that time. No check is ever further ahead than the whole schedule; one that is, is due now.
 */
export function dueAt(intent: PurchaseIntent, schedule: ReconcileSchedule, now = Date.now()): number {
  const next = intent.nextCheckAt ?? now;
  const longest =
    (intent.state === 'unresolved' ? schedule.lateLooksAfterMs : schedule.checksAfterMs).at(-1) ?? 0;
  return next > now + longest ? now : next;
}

/**
 * The next late look at an unresolved intent that has made `checks` checks in all (its schedule's
 * and the late looks before); undefined when none is left. Counted from when it became unresolved,
 * never from the future.
 */
export function nextLateLookAt(
  intent: PurchaseIntent,
  schedule: ReconcileSchedule,
  now = Date.now(),
): number | undefined {
  const offset = schedule.lateLooksAfterMs[intent.checks - schedule.checksAfterMs.length];
  return offset === undefined ? undefined : Math.min(intent.settledAt ?? now, now) + offset;
}

/** The generation an intent was bought under ('' for one of an earlier version). */
export const intentGeneration = (intent: PurchaseIntent): string => intent.generation ?? '';

/**
 * Whether the reconciler still looks at this intent: open (intended included: one not being sent
 * is let go), unresolved with late looks left, or held with the writes that follow a charge still to
 * make.
 */
export const awaitsReconciler = (intent: PurchaseIntent): boolean =>
  // Intended and never sent (the store refused to mark it sent, or the worker stopped): let go.
  intent.state === 'intended' ||
  intent.state === 'unknown' ||
  intent.state === 'sent' ||
  (intent.state === 'held' && intent.followedUp === false) ||
  (intent.state === 'unresolved' && !intent.overridden && intent.nextCheckAt !== undefined);

/** Said whenever a purchase brought more than one new report: the user may ask for a refund. */
function chargedMoreThanOnce(reports: number): string {
  return `The service charged ${reports} times for it: ${reports} new reports appeared. The browser can resend a request after a dropped connection; ask your service to refund ${plural(reports - 1, 'credit')}.`;
}

/**
 * What is said of a purchase that ended with its report: what happened, then the credits it took
 * (one, or a refund to ask for). The one place these words are built: a purchase answered, one
 * whose lost answer was found at once, and one a window saw settle later.
 */
export function purchaseOutcomeMessage(whatHappened: string, reports: number): string {
  return reports > 1
    ? `${whatHappened} ${chargedMoreThanOnce(reports)}`
    : `${whatHappened} One credit was spent.`;
}

/** What the user is told about an intent: the truth as far as it is known, never more. */
export function describeIntent(intent: PurchaseIntent, schedule: ReconcileSchedule): string {
  const what = `The ${intent.provider} report for ${intent.vin}`;
  switch (intent.state) {
    case 'intended':
    case 'sent':
      return `${what} is being bought.`;
    case 'held':
      return intent.extraReportIds?.length
        ? `${what} is in your reports. ${chargedMoreThanOnce(intent.extraReportIds.length + 1)}`
        : `${what} is in your reports.`;
    case 'none':
      return `${intent.cause?.message ?? 'The service refused the purchase.'} No credit was spent.`;
    case 'unknown':
      return `We could not confirm whether this purchase went through; checking… ${intent.cause?.message ?? ''} Nothing more will be bought for this report until it is settled.`.replace(
        /\s+/g,
        ' ',
      );
    case 'unresolved': {
      // Bought under settings replaced since (reconciler.ts): its own words, naming the account.
      if (intent.cause?.kind === 'unknown-outcome')
        return `${intent.cause.message} A credit may have been spent: check that account with the service before buying this report again.`;
      const minutes = Math.round((schedule.checksAfterMs.at(-1) ?? 0) / 60_000);
      const within = minutes >= 1 ? `${plural(minutes, 'minute')}` : 'the time we waited';
      const credits =
        intent.creditsBefore !== undefined && intent.creditsAfter !== undefined
          ? ` Your credits went from ${intent.creditsBefore} to ${intent.creditsAfter}.`
          : '';
      return `No report appeared within ${within} of the purchase.${credits} A credit may have been spent: check your account with the service before buying this report again.`;
    }
  }
}
