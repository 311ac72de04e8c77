// One protocol for the whole extension. Payloads are parsed in the background with the schemas
// of lib/message-schemas.ts; this file imports types only so that content scripts stay small.
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Candidate } from './accept-candidates';
import type { ApiErrorData } from './api/errors';
import type { Limits, Provider, RecordCounts, Report, ReportSummary, User } from './api/schemas';
import type { CheckAllPlan, EconomySettings, LedgerSummary } from './economy';
import type { Result } from './result';
import type { LocalDecode } from './vin';

export interface SettingsView {
  serviceUrl: string;
  hasKey: boolean;
  /** A masked hint of the stored key: the key itself never leaves the background. */
  keyHint: string;
}

export interface SaveSettingsRequest {
  serviceUrl: string;
  /** Absent or empty: keep the stored key. */
  apiKey?: string;
}

export interface SavedSettings {
  settings: SettingsView;
  /** Whose key it is, when the service confirmed it. */
  user: User;
  warning?: string;
}

export interface Account {
  user: User;
  limits: Limits;
  /** Both providers' reports, newest first. */
  reports: ReportSummary[];
  /** When this was read from the service (ms since epoch). */
  at: number;
  /** Set when a refresh failed and this is the last good copy. */
  refreshError?: ApiErrorData;
}

export interface PurchaseRequest {
  provider: Provider;
  vin: string;
  /** Buy a new report even though the user holds one for this provider and VIN. */
  buyAgain?: boolean;
}

export interface PurchaseOutcome {
  /** bought: one credit spent. held: nothing bought, the report the user owns. recovered: the
   * connection failed but the service had charged; the report was found and kept. */
  status: 'bought' | 'held' | 'recovered';
  provider: Provider;
  id: string;
  vin: string;
  yearMakeModel: string;
  message: string;
}

export interface ReportView extends Report {
  createdAt: string;
  /** True when it came from the local library (opened offline, no request). */
  fromLibrary: boolean;
}

export interface VinRequest {
  vin: string;
}

export interface PageCandidates {
  /** Candidates not judged yet; `labelled` when a name said "VIN" (data-vin, a "vin" JSON key). */
  candidates: Candidate[];
  /** Every candidate VIN still on the page: VINs judged before and now gone are dropped. */
  present: string[];
}

export interface PageVinsAnswer {
  /** The new candidates that are VINs, decoded offline. */
  vins: LocalDecode[];
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: Record<string, RecordCounts>;
}

export interface TabVinsAnswer {
  /** The VINs the tab shows, in order of discovery. */
  vins: string[];
  /** Record counts already known (cached) for any of them: shown at once, free. */
  known: Record<string, RecordCounts>;
}

export interface CheckAllOutcome {
  plan: CheckAllPlan;
  results: Record<string, Result<RecordCounts>>;
}

export interface Protocol {
  /** Content scripts and pages: record counts for one VIN (endpoint 8), on the user's request. */
  getRecordCounts(request: VinRequest): Result<RecordCounts>;
  /** Content scripts and pages: opens the extension's own purchase confirmation for a VIN. */
  openPurchase(request: VinRequest): Result<null>;
  /**
   * Content scripts: the candidates the sender's tab shows now. The background keeps those that are
   * VINs (toolbar count, popup list) and answers with the offline decode of the new ones, for badges.
   */
  reportPageVins(request: PageCandidates): Result<PageVinsAnswer>;
  /** Extension pages: what checking every VIN of a tab would spend (nothing is spent). */
  planCheckAll(request: { tabId: number }): Result<CheckAllPlan>;
  /** Extension pages: check every VIN of a tab, within the plan; `override` past the hard limit. */
  checkAll(request: { tabId: number; override: boolean }): Result<CheckAllOutcome>;
  /** Extension pages: record checks and reports pulled in the last 30 days. */
  getLedger(): Result<LedgerSummary>;
  /** Extension pages: cache period, automatic checks, warning ratio and hard limit. */
  getEconomySettings(): Result<EconomySettings>;
  saveEconomySettings(settings: EconomySettings): Result<EconomySettings>;
  /** Extension pages: forget cached counts, account and kept reports (nothing at the service changes). */
  clearCachedData(): Result<null>;
  /** Extension pages: the VINs a tab shows. */
  getTabVins(request: { tabId: number }): Result<TabVinsAnswer>;
  /** Extension pages: the sites the user switched detection on for. */
  getUserSites(): Result<string[]>;
  /**
   * Extension pages: switch detection on for an origin (its host permission already granted by
   * the user in the page) and, when a tab is given, start it there at once.
   */
  enableSite(request: { origin: string; tabId?: number }): Result<string[]>;
  /** Extension pages: switch detection off for an origin the user added. */
  disableSite(request: { origin: string }): Result<string[]>;
  /** Extension pages: the curated sites the user switched off. */
  getDisabledBuiltInSites(): Result<string[]>;
  /** Extension pages: switch a curated site on or off. */
  setBuiltInSite(request: { site: string; enabled: boolean }): Result<string[]>;
  /** Content scripts: may detection run on the sender's page (the user may have switched its site off)? */
  isSiteEnabled(): Result<boolean>;
  /** Extension pages: what is configured. */
  getSettings(): Result<SettingsView>;
  /** Extension pages: checks the key against the service (endpoint 1), then stores URL and key. */
  saveSettings(request: SaveSettingsRequest): Result<SavedSettings>;
  /** Extension pages: profile, limits, credits and reports; the cached copy at once unless `fresh`. */
  getAccount(request?: { fresh?: boolean }): Result<Account>;
  /** Extension pages only, after the user confirmed: buys one report (one credit), never retried. */
  purchaseReport(request: PurchaseRequest): Result<PurchaseOutcome>;
  /** Extension pages: a report the user holds, from the library or fetched by id (free). */
  openReport(request: { provider: Provider; id: string }): Result<ReportView>;
  /** Extension pages: the user's reports as CSV. */
  exportReportsCsv(): Result<string>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<Protocol>({
  breakError: true,
});
