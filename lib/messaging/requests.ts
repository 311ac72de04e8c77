// Who may send each message and the schema its request is parsed with: the half of the message
// contract the background needs at run time (guard.ts). Each message's answer schema is beside it in
// protocol.ts, which joins the two into the one table the types and the tests read: the background
// never parses its own answers, and their schemas left out of its bundle keep its budget.
import type { z } from 'zod/mini';
import { AccountRequest } from '../account/account-messages';
import { ProviderNames } from '../account/provider-names';
import { SaveSettingsRequest } from '../account/settings-messages';
import {
  CardVerdictsRequest,
  HistoryRequest,
  MemorySettings,
  NoteSightings,
  OpenListingRequest,
  WatchRequest,
} from '../memory/memory-messages';
import { FreeDecodesRequest, SetFreeFactsRequest } from '../nhtsa/nhtsa-messages';
import { OpenReportRequest, PurchaseRequest, ReportRequest } from '../purchases/purchase-messages';
import { EconomySettings } from '../records/economy';
import { CheckAllRequest, NewRecordsRequest, PageCandidates } from '../records/page-messages';
import {
  FactLinesRequest,
  KeepCopyRequest,
  KeptReportRequest,
  NoteRequest,
  ReportListRequest,
  ReportSearchRequest,
  SaveFactsRequest,
} from '../reports/library-messages';
import { BuiltInSiteRequest, DisableSiteRequest, EnableSiteRequest } from '../sites/site-messages';
import { PurchasePlanRequest, StartPurchaseRequest } from '../workbench/purchase-plan';
import { WorkbenchVins } from '../workbench/workbench';
import { NoPayload, TabRequest, VinRequest } from './message-shapes';
import type { SenderKind } from './sender-kind';

const PAGES = ['extension-page'] as const satisfies SenderKind[];
const TABS = ['content-script'] as const satisfies SenderKind[];
const OURS = ['extension-page', 'content-script'] as const satisfies SenderKind[];

/** Who may send a message, and what its request must be. */
export interface RequestSpec {
  /** Who may send it; everyone else is answered `forbidden`. */
  from: readonly SenderKind[];
  request: z.ZodMiniType;
}

export const REQUESTS = {
  /** Record counts for one VIN (endpoint 8), on the user's request. */
  getRecordCounts: { from: OURS, request: VinRequest },
  /** Opens the extension's own purchase confirmation for a VIN. */
  openPurchase: { from: OURS, request: VinRequest },
  /** One record check on request for a VIN whose report is held, compared with the counts at purchase. */
  checkNewRecords: { from: OURS, request: NewRecordsRequest },
  /** Opens the newest report held for a VIN in the viewer (free): a badge's "owned · open". */
  openOwnedReport: { from: OURS, request: VinRequest },
  /** The candidates the sender's tab shows now; answers with the decode of the new ones that are VINs. */
  reportPageVins: { from: TABS, request: PageCandidates },
  /** Injects the badge panel into the sender's frame, on a badge's first click (entrypoints/badge-panel/). */
  loadBadgePanel: { from: TABS, request: NoPayload },
  /** May detection run on the sender's page (the user may have switched its site off)? */
  isSiteEnabled: { from: TABS, request: NoPayload },
  /** What checking every VIN of a tab would spend (nothing is spent). */
  planCheckAll: { from: PAGES, request: TabRequest },
  /** Checks every VIN of a tab within the plan; `override` past the hard limit. */
  checkAll: { from: PAGES, request: CheckAllRequest },
  /** Record checks and reports pulled in the last 30 days. */
  getLedger: { from: PAGES, request: NoPayload },
  getEconomySettings: { from: PAGES, request: NoPayload },
  saveEconomySettings: { from: PAGES, request: EconomySettings },
  /** Forgets cached counts, account and kept reports (nothing at the service changes). */
  clearCachedData: { from: PAGES, request: NoPayload },
  /** The VINs a tab shows, with the counts already cached. */
  getTabVins: { from: PAGES, request: TabRequest },
  /** The sites the user switched detection on for. */
  getUserSites: { from: PAGES, request: NoPayload },
  /** Switches detection on for an origin (its permission granted in the page) and, given a tab, starts it there. */
  enableSite: { from: PAGES, request: EnableSiteRequest },
  disableSite: { from: PAGES, request: DisableSiteRequest },
  /** The curated sites the user switched off. */
  getDisabledBuiltInSites: { from: PAGES, request: NoPayload },
  setBuiltInSite: { from: PAGES, request: BuiltInSiteRequest },
  getSettings: { from: PAGES, request: NoPayload },
  /** Checks the key against the service (endpoint 1), then stores URL and key. */
  saveSettings: { from: PAGES, request: SaveSettingsRequest },
  /** Profile, limits, credits and reports; the cached copy at once unless `fresh`. */
  getAccount: { from: PAGES, request: AccountRequest },
  /** After the user confirmed: buys one report (one credit), never retried. */
  purchaseReport: { from: PAGES, request: PurchaseRequest },
  /** The newest purchase of this report and its state (a window reconnects to it); null when none. */
  getPurchaseStatus: { from: PAGES, request: ReportRequest },
  /** Purchases not settled yet, or unresolved: what the popup shows as checking. */
  getOpenPurchases: { from: PAGES, request: NoPayload },
  /** A report the user holds, from the library or fetched by id (free). */
  openReport: { from: PAGES, request: OpenReportRequest },
  /** The user's reports (read afresh), notes and key facts: the page makes the CSV of them. */
  getExportData: { from: PAGES, request: NoPayload },
  /** Every report held, the reports saved offline and the notes (the library page). */
  listReports: { from: PAGES, request: ReportListRequest },
  /** The key facts read from kept reports, and the kept reports not read yet (the library reads them). */
  getReportFacts: { from: PAGES, request: NoPayload },
  /** A kept report's body, for reading its facts in the library page: never fetched from the service. */
  getKeptReport: { from: PAGES, request: KeptReportRequest },
  /** The short facts line of reports read so far (the popup's list). */
  getFactLines: { from: PAGES, request: FactLinesRequest },
  /** The short facts line of the newest read report held for a VIN (an owned VIN's badge panel). */
  getOwnedFacts: { from: OURS, request: VinRequest },
  /** Keeps the facts the library read from a kept report (ignored for a report not kept). */
  saveReportFacts: { from: PAGES, request: SaveFactsRequest },
  /** Keeps a kept report's complete copy (its look's files, downloaded by the viewer). */
  keepCompleteCopy: { from: PAGES, request: KeepCopyRequest },
  /** A report's complete copy, joined; null when none is kept. */
  getCompleteCopy: { from: PAGES, request: KeptReportRequest },
  /** Forgets a report's complete copy (the report stays as it came). */
  forgetCompleteCopy: { from: PAGES, request: KeptReportRequest },
  /** Which reports have a complete copy, and the space copies take (the library page). */
  getCopiesSummary: { from: PAGES, request: NoPayload },
  /** Reports matching a query in the list as last read, at most `limit` (the popup). */
  searchReports: { from: PAGES, request: ReportSearchRequest },
  /** The providers' display names (options; the badge panel words counts and reports with them). */
  getProviderNames: { from: OURS, request: NoPayload },
  saveProviderNames: { from: PAGES, request: ProviderNames },
  /** Saves one vehicle's private note (empty: deleted). */
  saveNote: { from: PAGES, request: NoteRequest },
  /** The workbench (workbench.html): its VINs, the batch under way or last run, counts known, reports held. */
  getWorkbench: { from: PAGES, request: NoPayload },
  setWorkbenchVins: { from: PAGES, request: WorkbenchVins },
  /** What checking these VINs would spend (nothing is spent). */
  planWorkbenchChecks: { from: PAGES, request: WorkbenchVins },
  /** Runs the check plan shown, in the background, one check a second; `override` past the hard limit. */
  startWorkbenchChecks: { from: PAGES, request: CheckAllRequest },
  /** What buying these (VIN, provider) pairs would spend and what does not fit (nothing is spent). */
  planWorkbenchPurchase: { from: PAGES, request: PurchasePlanRequest },
  /** After the user confirmed the plan on the workbench: buys it one report at a time, never retried. */
  startWorkbenchPurchase: { from: PAGES, request: StartPurchaseRequest },
  cancelWorkbenchBatch: { from: PAGES, request: NoPayload },
  /** Carries on a batch the stopped worker interrupted (the user's explicit Resume). */
  resumeWorkbenchBatch: { from: PAGES, request: NoPayload },
  /** The vehicles a page shows, with what the listing states: remembered on this device (lib/memory/). */
  noteSightings: { from: TABS, request: NoteSightings },
  /** One vehicle's memory: a content script only about a VIN its tab shows. */
  getVehicleHistory: { from: OURS, request: HistoryRequest },
  watchVehicle: { from: OURS, request: WatchRequest },
  /** "Forget this vehicle": its listings and its watch. */
  forgetVehicle: { from: OURS, request: VinRequest },
  getWatched: { from: PAGES, request: NoPayload },
  /** The fair-price gauges of the VINs the memory has seen named (the workbench's column). */
  getFairPrices: { from: PAGES, request: WorkbenchVins },
  markWatchedLooked: { from: PAGES, request: NoPayload },
  getMemorySettings: { from: PAGES, request: NoPayload },
  saveMemorySettings: { from: PAGES, request: MemorySettings },
  /** "Clear browsing memory": every vehicle seen and watched. */
  clearBrowsingMemory: { from: PAGES, request: NoPayload },
  /** Whether the user granted NHTSA's hosts, and which (lib/nhtsa/: free facts, issue 46). */
  getFreeFactsAccess: { from: PAGES, request: NoPayload },
  /** The user's "Turn on" (once the browser granted NHTSA's hosts) or "Turn off" in the options. */
  setFreeFacts: { from: PAGES, request: SetFreeFactsRequest },
  /** NHTSA's decode and model facts: a content script only about a VIN its tab shows. */
  getFreeFacts: { from: OURS, request: VinRequest },
  /** A workbench's rows decoded by NHTSA, 50 a request. */
  getFreeDecodes: { from: PAGES, request: FreeDecodesRequest },
  /** A badge's "Turn on in the options…": the options page, at the free facts. */
  openFreeFactsOptions: { from: TABS, request: NoPayload },
  /** NHTSA's recall lookup for a VIN the tab shows, in a new tab (a link in the closed root cannot navigate). */
  openRecallLookup: { from: TABS, request: VinRequest },
  /** The drawn cards' findings for their pills, from what this device holds (issue 64). */
  getCardVerdicts: { from: TABS, request: CardVerdictsRequest },
  /** A listing of a VIN the tab shows, one the memory holds, in a new tab ("Listed for less"). */
  openListing: { from: TABS, request: OpenListingRequest },
} as const satisfies Record<string, RequestSpec>;

export type MessageType = keyof typeof REQUESTS;
export const MESSAGE_TYPES = Object.keys(REQUESTS) as MessageType[];
