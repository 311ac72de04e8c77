// The shapes of every request and answer that crosses messaging, as zod schemas: the background
// parses requests with them, and every type is inferred from them (never written twice).
// lib/messaging/protocol.ts says which message carries which.
import { z } from 'zod/mini';

import { Limits, Provider, REPORT_ID, RecordCounts, Report, ReportSummary, User } from '../domain';
import { IntentState } from '../purchases/purchase-intent';
import { CheckAllPlan } from '../records/economy';
import { BUILT_IN_SITES } from '../sites/sites';
import { CANDIDATES_PER_MESSAGE } from '../vin/page-limits';
import { Vin } from '../vin/vin-schema';
import { LocalDecode } from '../vin/vin-verdict';
import { ErrorData } from './error-data';

export const NoPayload = z.union([z.undefined(), z.null()]);

export const VinRequest = z.object({ vin: Vin });
export const TabRequest = z.object({ tabId: z.int().check(z.nonnegative()) });

/** What a Result of `value` looks like on the wire. */
export const resultOf = <T extends z.ZodMiniType>(value: T) =>
  z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorData })]);

// ---- connection settings ----
export const SaveSettingsRequest = z.object({
  serviceUrl: z.string().check(z.trim(), z.minLength(1, 'Enter the service URL.'), z.maxLength(20_000)),
  /** Absent or empty: keep the stored key. */
  apiKey: z.optional(z.string().check(z.trim(), z.maxLength(512, 'That API key is too long.'))),
  /** The user confirmed that the stored key may go to this origin (another than it was checked on). */
  sendKeyTo: z.optional(z.string().check(z.maxLength(300))),
  /**
   * The user confirmed changing the key although purchases of the current account are not confirmed
   * yet (they can no longer be checked once the key has changed).
   */
  confirmOpenPurchases: z.optional(z.boolean()),
});
export type SaveSettingsRequest = z.infer<typeof SaveSettingsRequest>;

export const SettingsView = z.object({
  serviceUrl: z.string(),
  hasKey: z.boolean(),
  /** A masked hint of the stored key: the key itself never leaves the background. */
  keyHint: z.string(),
  /** The origin the stored key was checked against: it goes nowhere else without the user's word. */
  keyOrigin: z.string(),
  /**
   * True where the browser refuses the extension's IndexedDB (Firefox set to never remember
   * history): the key is kept in session storage and asked for again after the browser restarts.
   */
  keyKeptUntilBrowserCloses: z.boolean(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const SavedSettings = z.object({
  settings: SettingsView,
  /** Whose key it is, as the service confirmed. */
  user: User,
  warning: z.optional(z.string()),
});
export type SavedSettings = z.infer<typeof SavedSettings>;

// ---- account ----

export const AccountRequest = z.union([
  z.undefined(),
  z.null(),
  z.object({
    fresh: z.optional(z.boolean()),
    /** Only the newest this many reports (the popup: a dealer holds thousands); `reportCount` says how many in all. */
    recent: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  }),
]);

export const Account = z.object({
  user: User,
  limits: Limits,
  /** Both providers' reports, newest first (the newest `recent` when asked for fewer). */
  reports: z.array(ReportSummary),
  /** How many reports the user holds (set when `reports` is cut to the recent ones). */
  reportCount: z.optional(z.number()),
  /** When this was read from the service (ms since epoch). */
  at: z.number(),
  /** Set when a refresh failed and this is the last good copy. */
  refreshError: z.optional(ErrorData),
  /**
   * The generation of the settings it was read under (entrypoints/background/account/credentials.ts);
   * absent in accounts cached by earlier versions (read as ''). A confirmation window sends it back
   * with Buy: a purchase confirmed for one account is never made with another's key.
   */
  generation: z.optional(z.string()),
});
export type Account = z.infer<typeof Account>;

/** The generation an account was read under ('' for one cached by an earlier version). */
export const generationOf = (account: Pick<Account, 'generation'>): string => account.generation ?? '';

// ---- provider display names ----

const DisplayName = z.optional(z.string().check(z.maxLength(40)));
/** What the user's service calls providerA and providerB (display only; the wire names stay). */
export const ProviderNames = z.object({ providerA: DisplayName, providerB: DisplayName });
export type ProviderNames = z.infer<typeof ProviderNames>;

// ---- the report library ----

export const ReportListRequest = z.union([
  z.undefined(),
  z.null(),
  z.object({ fresh: z.optional(z.boolean()) }),
]);
export type ReportListRequest = z.infer<typeof ReportListRequest>;

/** A private note per VIN. */
export const Notes = z.record(z.string(), z.string());
export type Notes = z.infer<typeof Notes>;

export const ReportList = z.object({
  /** Every report the user holds (the service's list, and any saved offline it does not list), newest first. */
  reports: z.array(ReportSummary),
  /** When the service's list was read (ms since epoch); null when it never was. */
  at: z.nullable(z.number()),
  /** Set when the list could not be read afresh: what is shown is the last good copy. */
  refreshError: z.optional(ErrorData),
  /** The reports whose body is saved offline, as "provider:id". */
  offline: z.array(z.string()),
  notes: Notes,
});
export type ReportList = z.infer<typeof ReportList>;

export const ReportSearchRequest = z.object({
  query: z.string().check(z.maxLength(200)),
  limit: z.number().check(z.int(), z.minimum(1), z.maximum(50)),
});
export type ReportSearchRequest = z.infer<typeof ReportSearchRequest>;

export const ReportSearch = z.object({ matches: z.array(ReportSummary), total: z.number() });
export type ReportSearch = z.infer<typeof ReportSearch>;

export const NoteRequest = z.object({ vin: Vin, text: z.string().check(z.maxLength(2000)) });
export type NoteRequest = z.infer<typeof NoteRequest>;

// ---- purchases and reports ----
export const PurchaseRequest = z.object({
  provider: Provider,
  vin: Vin,
  /** Buy a new report even though the user holds one for this provider and VIN. */
  buyAgain: z.optional(z.boolean()),
  /** Buy even though an earlier purchase of it is unresolved (it may have been charged). */
  overrideUnresolved: z.optional(z.boolean()),
  /**
   * The generation of the account the user confirmed this for (the Account's): when the saved
   * settings have changed since, nothing is bought. Absent from callers that confirm nothing
   * themselves (the background's own batch passes its own).
   */
  generation: z.optional(z.string().check(z.maxLength(64))),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const PurchaseOutcome = z.object({
  /** bought: one credit spent. held: nothing bought, the report the user owns. recovered: the
   * answer was lost but the service had charged; the report was found and kept. */
  status: z.enum(['bought', 'held', 'recovered']),
  provider: Provider,
  id: z.string(),
  vin: z.string(),
  yearMakeModel: z.string(),
  message: z.string(),
  /** Set when the service charged more than once for it (see lib/purchases/purchase-intent.ts). */
  chargedTimes: z.optional(z.int()),
  /** false when the browser refused to keep the report for reading offline. */
  saved: z.optional(z.boolean()),
});
export type PurchaseOutcome = z.infer<typeof PurchaseOutcome>;

export const ReportRequest = z.object({ provider: Provider, vin: Vin });

/** What pages are told of a purchase intent (lib/purchases/purchase-intent.ts): its state, in words. */
export const PurchaseStatus = z.object({
  id: z.string(),
  provider: Provider,
  vin: z.string(),
  state: IntentState,
  message: z.string(),
  createdAt: z.number(),
  reportId: z.optional(z.string()),
  /** Set when the service charged more than once for it. */
  chargedTimes: z.optional(z.int()),
});
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

export const OpenReportRequest = z.object({
  provider: Provider,
  // One path segment: no dots or slashes (as lib/api/client.ts checks again before any request).
  id: z.string().check(z.regex(REPORT_ID, 'That report id is not valid.')),
});

export const ReportView = z.extend(Report, {
  createdAt: z.string(),
  /** True when it came from the local library (opened offline, no request). */
  fromLibrary: z.boolean(),
  /** True when it is in the local library now (false: the browser refused to keep it). */
  savedOffline: z.boolean(),
});
export type ReportView = z.infer<typeof ReportView>;

// ---- VINs on pages, record checks ----

export const PageCandidates = z.object({
  /** Candidates not judged yet; `labelled` when a name said "VIN" (data-vin, a "vin" JSON key). */
  candidates: z
    .array(z.object({ vin: Vin, labelled: z.boolean() }))
    .check(z.maxLength(CANDIDATES_PER_MESSAGE, 'Too many candidates in one message.')),
  /** The first message of a page (a load, an in-page navigation): the tab's list starts again. */
  reset: z.boolean(),
});
export type PageCandidates = z.infer<typeof PageCandidates>;

const KnownCounts = z.record(z.string(), RecordCounts);

/** "Check for new records": today's counts, the report held, and the counts it was bought against. */
export const NewRecords = z.object({
  counts: RecordCounts,
  report: z.object({ provider: Provider, id: z.string(), createdAt: z.string() }),
  before: z.nullable(z.object({ providerA: z.number(), providerB: z.number(), at: z.number() })),
});
export type NewRecords = z.infer<typeof NewRecords>;

export const PageVinsAnswer = z.object({
  /** The new candidates that are VINs, decoded offline. */
  vins: z.array(LocalDecode),
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: KnownCounts,
  /** The VINs among them the user holds a report for (as last read): the badge says "owned". */
  owned: z.array(z.string()),
});
export type PageVinsAnswer = z.infer<typeof PageVinsAnswer>;

export const TabVinsAnswer = z.object({
  /** The VINs the tab shows, in order of discovery. */
  vins: z.array(z.string()),
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: KnownCounts,
});
export type TabVinsAnswer = z.infer<typeof TabVinsAnswer>;

/** Runs the plan the user saw (by its id), past the hard limit only with `override`. */
export const CheckAllRequest = z.object({
  planId: z.string().check(z.minLength(1), z.maxLength(64)),
  override: z.boolean(),
});

export const CheckAllOutcome = z.object({
  plan: CheckAllPlan,
  results: z.record(z.string(), resultOf(RecordCounts)),
});
export type CheckAllOutcome = z.infer<typeof CheckAllOutcome>;

// ---- sites ----
const Origin = z.string().check(z.regex(/^https?:\/\/[^/?#\s]+$/, 'Not a site origin.'), z.maxLength(300));

export const EnableSiteRequest = z.object({
  origin: Origin,
  tabId: z.optional(z.int().check(z.nonnegative())),
});
export const DisableSiteRequest = z.object({ origin: Origin });
export const BuiltInSiteRequest = z.object({ site: z.enum(BUILT_IN_SITES), enabled: z.boolean() });
export const Sites = z.array(z.string());
