// The record-check economy: the service expects 3 to 5 record checks per report pulled and may
// revoke a key that checks without buying. These rules decide what the extension may spend. Pure.
import { z } from 'zod/mini';
import { VinSchema } from '../vin/vin-schema';
import type { Vin } from '../vin/vin-syntax';

export const EconomySettings = z.object({
  /** How long record counts are reused before a new check, in hours. */
  cacheHours: z._default(z.number().check(z.minimum(1), z.maximum(24 * 30)), 24),
  /** Check a vehicle detail page's single VIN without a click. Off by default. */
  autoCheckDetailPages: z._default(z.boolean(), false),
  /** Above this many checks per report pulled (30 days), a bulk check warns. */
  warnRatio: z._default(z.number().check(z.minimum(1), z.maximum(100)), 5),
  /** A bulk check of more VINs than this needs an explicit override. */
  hardLimit: z._default(z.int().check(z.minimum(1), z.maximum(1000)), 25),
  /** What one tab's page may ask for, per minute: purchase confirmation windows opened. */
  pageWindowsPerMinute: z._default(z.int().check(z.minimum(1), z.maximum(60)), 3),
  /** What one tab's page may ask for, per minute: record checks that reach the service. */
  pageChecksPerMinute: z._default(z.int().check(z.minimum(1), z.maximum(200)), 10),
  /** Automatic checks (detail pages, when switched on), across all tabs, per day; once per page. */
  autoChecksPerDay: z._default(z.int().check(z.minimum(1), z.maximum(500)), 20),
});
export type EconomySettings = z.infer<typeof EconomySettings>;

/** Stored settings, or the defaults where they are missing or invalid (never a broken extension). */
export function readEconomySettings(stored: unknown): EconomySettings {
  const parsed = EconomySettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : EconomySettings.parse({});
}

export const LedgerEntry = z.object({
  kind: z.enum(['check', 'purchase']),
  vin: z.string(),
  at: z.number(),
  /** What it counts (a purchase intent's id, and the report's for a second charge): counted once. */
  ref: z.optional(z.string()),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

const LEDGER_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
/**
 * How long entries are kept, past the 30 days counted: a clock set forward a month (and back) must
 * not erase what the service still counts; the newest KEPT_ENTRIES at most, whatever the clock says.
 */
const KEPT_DAYS = 120;
const KEPT_ENTRIES = 20_000;

/** The entries still kept: not older than KEPT_DAYS by this clock, the newest KEPT_ENTRIES. */
export function pruneLedger(entries: LedgerEntry[], now: number): LedgerEntry[] {
  return entries.filter((e) => now - e.at < KEPT_DAYS * DAY).slice(-KEPT_ENTRIES);
}

/** The entries of the last 30 days (one stamped in the future, the clock set back since, counts). */
const last30Days = (entries: LedgerEntry[], now: number) =>
  entries.filter((e) => now - e.at < LEDGER_DAYS * DAY);

export const LedgerSummary = z.object({
  checks: z.int(),
  reports: z.int(),
  /** Checks per report pulled; checks themselves when no report was pulled. */
  checksPerReport: z.number(),
});
export type LedgerSummary = z.infer<typeof LedgerSummary>;

/** The summary as pages show it: with the ratio above which the user wants a warning. */
export const LedgerView = z.extend(LedgerSummary, { warnRatio: z.number() });
export type LedgerView = z.infer<typeof LedgerView>;

/** Checks, reports and their ratio over the last 30 days. */
export function summarizeLedger(entries: LedgerEntry[], now: number): LedgerSummary {
  const recent = last30Days(entries, now);
  const checks = recent.filter((e) => e.kind === 'check').length;
  const reports = recent.length - checks;
  return { checks, reports, checksPerReport: ratio(checks, reports) };
}

const ratio = (checks: number, reports: number) => Math.round((checks / Math.max(reports, 1)) * 10) / 10;

export const CheckAllPlan = z.object({
  /** Names this plan: the run is bound to it, and to nothing the page added since. */
  id: z.string(),
  /** VINs that would cost a record check now (not in the cache). */
  toCheck: z.array(VinSchema),
  /** VINs answered from the cache, free. */
  cached: z.array(VinSchema),
  ratioNow: z.number(),
  ratioAfter: z.number(),
  /** The ratio goes above the warning threshold. */
  warn: z.boolean(),
  /** More checks than the hard limit: the user must override explicitly. */
  needsOverride: z.boolean(),
});
export type CheckAllPlan = z.infer<typeof CheckAllPlan>;

/** What "check all VINs on this page" would spend, before anything is spent. */
export function planCheckAll(
  vins: Vin[],
  cachedVins: Set<string>,
  summary: LedgerSummary,
  settings: EconomySettings,
  id = '',
): CheckAllPlan {
  const unique = [...new Set(vins)];
  const toCheck = unique.filter((vin) => !cachedVins.has(vin));
  const ratioAfter = ratio(summary.checks + toCheck.length, summary.reports);
  return {
    id,
    toCheck,
    cached: unique.filter((vin) => cachedVins.has(vin)),
    ratioNow: summary.checksPerReport,
    ratioAfter,
    warn: ratioAfter > settings.warnRatio,
    needsOverride: toCheck.length > settings.hardLimit,
  };
}
