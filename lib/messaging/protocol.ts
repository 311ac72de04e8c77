// The message contract of the whole extension, in one table: for each message, who may send it, the
// schema its request is parsed with and the schema of its answer. The types callers and handlers
// see are derived from it, so a request schema that gains a required field fails to compile at
// every caller that does not send it (test/unit/protocol-types.test.ts), and a handler that does
// not match its schemas fails to compile in the background's wiring.
import { z } from 'zod/mini';
import { RecordCounts } from '../domain';
import { CheckAllPlan, EconomySettings, LedgerView } from '../records/economy';
import { Batch } from '../workbench/batch';
import { PurchasePlan, PurchasePlanRequest, StartPurchaseRequest } from '../workbench/purchase-plan';
import { WorkbenchView, WorkbenchVins } from '../workbench/workbench';
import { Account, AccountRequest, ProviderNames } from './account-messages';
import {
  CompleteCopy,
  CopiesSummary,
  CopyKeptAnswer,
  FactLines,
  FactLinesRequest,
  FactsList,
  KeepCopyRequest,
  KeptReportBody,
  KeptReportRequest,
  NoteRequest,
  Notes,
  ReportList,
  ReportListRequest,
  ReportSearch,
  ReportSearchRequest,
  SaveFactsRequest,
} from './library-messages';
import { NoPayload, TabRequest, VinRequest } from './message-shapes';
import {
  CheckAllOutcome,
  CheckAllRequest,
  NewRecords,
  NewRecordsRequest,
  PageCandidates,
  PageVinsAnswer,
  TabVinsAnswer,
} from './page-messages';
import {
  OpenReportRequest,
  PurchaseOutcome,
  PurchaseRequest,
  PurchaseStatus,
  ReportRequest,
  ReportView,
} from './purchase-messages';
import type { Result } from './result';
import type { Sender, SenderKind } from './sender-kind';
import { SavedSettings, SaveSettingsRequest, SettingsView } from './settings-messages';
import { BuiltInSiteRequest, DisableSiteRequest, EnableSiteRequest, Sites } from './site-messages';

const PAGES = ['extension-page'] as const satisfies SenderKind[];
const TABS = ['content-script'] as const satisfies SenderKind[];
const OURS = ['extension-page', 'content-script'] as const satisfies SenderKind[];

export interface MessageSpec {
  /** Who may send it; everyone else is answered `forbidden`. */
  from: readonly SenderKind[];
  request: z.ZodMiniType;
  response: z.ZodMiniType;
}

export const PROTOCOL = {
  /** Record counts for one VIN (endpoint 8), on the user's request. */
  getRecordCounts: { from: OURS, request: VinRequest, response: RecordCounts },
  /** Opens the extension's own purchase confirmation for a VIN. */
  openPurchase: { from: OURS, request: VinRequest, response: z.null() },
  /** One record check on request for a VIN whose report is held, compared with the counts at purchase. */
  checkNewRecords: { from: OURS, request: NewRecordsRequest, response: NewRecords },
  /** Opens the newest report held for a VIN in the viewer (free): a badge's "owned · open". */
  openOwnedReport: { from: OURS, request: VinRequest, response: z.null() },
  /** The candidates the sender's tab shows now; answers with the decode of the new ones that are VINs. */
  reportPageVins: { from: TABS, request: PageCandidates, response: PageVinsAnswer },
  /** Injects the badge panel into the sender's frame, on a badge's first click (entrypoints/badge-panel/). */
  loadBadgePanel: { from: TABS, request: NoPayload, response: z.null() },
  /** May detection run on the sender's page (the user may have switched its site off)? */
  isSiteEnabled: { from: TABS, request: NoPayload, response: z.boolean() },
  /** What checking every VIN of a tab would spend (nothing is spent). */
  planCheckAll: { from: PAGES, request: TabRequest, response: CheckAllPlan },
  /** Checks every VIN of a tab within the plan; `override` past the hard limit. */
  checkAll: { from: PAGES, request: CheckAllRequest, response: CheckAllOutcome },
  /** Record checks and reports pulled in the last 30 days. */
  getLedger: { from: PAGES, request: NoPayload, response: LedgerView },
  getEconomySettings: { from: PAGES, request: NoPayload, response: EconomySettings },
  saveEconomySettings: { from: PAGES, request: EconomySettings, response: EconomySettings },
  /** Forgets cached counts, account and kept reports (nothing at the service changes). */
  clearCachedData: { from: PAGES, request: NoPayload, response: z.null() },
  /** The VINs a tab shows, with the counts already cached. */
  getTabVins: { from: PAGES, request: TabRequest, response: TabVinsAnswer },
  /** The sites the user switched detection on for. */
  getUserSites: { from: PAGES, request: NoPayload, response: Sites },
  /** Switches detection on for an origin (its permission granted in the page) and, given a tab, starts it there. */
  enableSite: { from: PAGES, request: EnableSiteRequest, response: Sites },
  disableSite: { from: PAGES, request: DisableSiteRequest, response: Sites },
  /** The curated sites the user switched off. */
  getDisabledBuiltInSites: { from: PAGES, request: NoPayload, response: Sites },
  setBuiltInSite: { from: PAGES, request: BuiltInSiteRequest, response: Sites },
  getSettings: { from: PAGES, request: NoPayload, response: SettingsView },
  /** Checks the key against the service (endpoint 1), then stores URL and key. */
  saveSettings: { from: PAGES, request: SaveSettingsRequest, response: SavedSettings },
  /** Profile, limits, credits and reports; the cached copy at once unless `fresh`. */
  getAccount: { from: PAGES, request: AccountRequest, response: Account },
  /** After the user confirmed: buys one report (one credit), never retried. */
  purchaseReport: { from: PAGES, request: PurchaseRequest, response: PurchaseOutcome },
  /** The newest purchase of this report and its state (a window reconnects to it); null when none. */
  getPurchaseStatus: { from: PAGES, request: ReportRequest, response: z.nullable(PurchaseStatus) },
  /** Purchases not settled yet, or unresolved: what the popup shows as checking. */
  getOpenPurchases: { from: PAGES, request: NoPayload, response: z.array(PurchaseStatus) },
  /** A report the user holds, from the library or fetched by id (free). */
  openReport: { from: PAGES, request: OpenReportRequest, response: ReportView },
  /** The user's reports as CSV, with the notes. */
  exportReportsCsv: { from: PAGES, request: NoPayload, response: z.string() },
  /** Every report held, the reports saved offline and the notes (the library page). */
  listReports: { from: PAGES, request: ReportListRequest, response: ReportList },
  /** The key facts read from kept reports, and the kept reports not read yet (the library reads them). */
  getReportFacts: { from: PAGES, request: NoPayload, response: FactsList },
  /** A kept report's body, for reading its facts in the library page: never fetched from the service. */
  getKeptReport: { from: PAGES, request: KeptReportRequest, response: KeptReportBody },
  /** The short facts line of reports read so far (the popup's list). */
  getFactLines: { from: PAGES, request: FactLinesRequest, response: FactLines },
  /** The short facts line of the newest read report held for a VIN (an owned VIN's badge panel). */
  getOwnedFacts: { from: OURS, request: VinRequest, response: z.nullable(z.string()) },
  /** Keeps the facts the library read from a kept report (ignored for a report not kept). */
  saveReportFacts: { from: PAGES, request: SaveFactsRequest, response: z.null() },
  /** Keeps a kept report's complete copy (its look's files, downloaded by the viewer). */
  keepCompleteCopy: { from: PAGES, request: KeepCopyRequest, response: CopyKeptAnswer },
  /** A report's complete copy, joined; null when none is kept. */
  getCompleteCopy: { from: PAGES, request: KeptReportRequest, response: CompleteCopy },
  /** Forgets a report's complete copy (the report stays as it came). */
  forgetCompleteCopy: { from: PAGES, request: KeptReportRequest, response: z.null() },
  /** Which reports have a complete copy, and the space copies take (the library page). */
  getCopiesSummary: { from: PAGES, request: NoPayload, response: CopiesSummary },
  /** Reports matching a query in the list as last read, at most `limit` (the popup). */
  searchReports: { from: PAGES, request: ReportSearchRequest, response: ReportSearch },
  /** The providers' display names (options). */
  getProviderNames: { from: PAGES, request: NoPayload, response: ProviderNames },
  saveProviderNames: { from: PAGES, request: ProviderNames, response: ProviderNames },
  /** Saves one vehicle's private note (empty: deleted). */
  saveNote: { from: PAGES, request: NoteRequest, response: Notes },
  /** The workbench (workbench.html): its VINs, the batch under way or last run, counts known, reports held. */
  getWorkbench: { from: PAGES, request: NoPayload, response: WorkbenchView },
  setWorkbenchVins: { from: PAGES, request: WorkbenchVins, response: z.null() },
  /** What checking these VINs would spend (nothing is spent). */
  planWorkbenchChecks: { from: PAGES, request: WorkbenchVins, response: CheckAllPlan },
  /** Runs the check plan shown, in the background, one check a second; `override` past the hard limit. */
  startWorkbenchChecks: { from: PAGES, request: CheckAllRequest, response: Batch },
  /** What buying these (VIN, provider) pairs would spend and what does not fit (nothing is spent). */
  planWorkbenchPurchase: { from: PAGES, request: PurchasePlanRequest, response: PurchasePlan },
  /** After the user confirmed the plan on the workbench: buys it one report at a time, never retried. */
  startWorkbenchPurchase: { from: PAGES, request: StartPurchaseRequest, response: Batch },
  cancelWorkbenchBatch: { from: PAGES, request: NoPayload, response: z.nullable(Batch) },
  /** Carries on a batch the stopped worker interrupted (the user's explicit Resume). */
  resumeWorkbenchBatch: { from: PAGES, request: NoPayload, response: z.nullable(Batch) },
} as const satisfies Record<string, MessageSpec>;

type Table = typeof PROTOCOL;
export type MessageType = keyof Table;
export const MESSAGE_TYPES = Object.keys(PROTOCOL) as MessageType[];

/** What a caller sends (before parsing: a VIN may still be lower case). */
export type RequestOf<K extends MessageType> = z.input<Table[K]['request']>;
/** What the handler receives (parsed). */
export type ParsedRequestOf<K extends MessageType> = z.output<Table[K]['request']>;
export type ResponseOf<K extends MessageType> = z.output<Table[K]['response']>;

/** The function map of a table, as callers see it: one function per message. */
export type ProtocolOf<T extends Record<string, MessageSpec>> = {
  [K in keyof T]: (data: z.input<T[K]['request']>) => Result<z.output<T[K]['response']>>;
};

/** The map @webext-core/messaging is typed with. */
export type Protocol = ProtocolOf<Table>;

/** The background's handlers: one per message, matching its schemas, or the wiring does not compile. */
export type Handlers = {
  [K in MessageType]: (data: ParsedRequestOf<K>, sender: Sender) => Promise<Result<ResponseOf<K>>>;
};
