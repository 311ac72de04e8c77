// The message contract of the whole extension, in one table: for each message, who may send it, the
// schema its request is parsed with (requests.ts, what the background reads at run time) and the
// schema of its answer (here). The types callers and handlers see are derived from it, so a request
// schema that gains a required field fails to compile at every caller that does not send it
// (test/unit/messaging/protocol-types.test.ts), and a handler that does not match its schemas fails to compile
// in the background's wiring.
import { z } from 'zod/mini';
import { Account } from '../account/account-messages';
import { ProviderNames } from '../account/provider-names';
import { SavedSettings, SettingsView } from '../account/settings-messages';
import { RecordCounts } from '../domain';
import type { Result } from '../errors/result';
import { CardVerdict } from '../memory/card-verdict';
import { MarketAnswer } from '../memory/market-answer';
import { HistoryAnswer, MemorySettings, WatchedList } from '../memory/memory-messages';
import { FreeDecodesAnswer, FreeFactsAccess, FreeFactsAnswer } from '../nhtsa/nhtsa-messages';
import { PurchaseOutcome, PurchaseStatus, ReportView } from '../purchases/purchase-messages';
import { CheckAllPlan, EconomySettings, LedgerView } from '../records/economy';
import { CheckAllOutcome, NewRecords, PageVinsAnswer, TabVinsAnswer } from '../records/page-messages';
import { HeldFacts } from '../reports/facts/held-facts';
import {
  CompleteCopy,
  CopiesSummary,
  CopyKeptAnswer,
  ExportData,
  FactLines,
  FactsList,
  KeptReportBody,
  Notes,
  ReportList,
  ReportSearch,
} from '../reports/library-messages';
import { Sites } from '../sites/site-messages';
import { Batch } from '../workbench/batch';
import { PurchasePlan } from '../workbench/purchase-plan';
import { WorkbenchView } from '../workbench/workbench';
import { MESSAGE_TYPES, type MessageType, REQUESTS, type RequestSpec } from './requests';
import type { Sender } from './sender-kind';

export { MESSAGE_TYPES, type MessageType } from './requests';

export interface MessageSpec extends RequestSpec {
  response: z.ZodMiniType;
}

/** Each message's answer, as its Result's value. */
export const RESPONSES = {
  getRecordCounts: RecordCounts,
  openPurchase: z.null(),
  checkNewRecords: NewRecords,
  openOwnedReport: z.null(),
  reportPageVins: PageVinsAnswer,
  loadBadgePanel: z.null(),
  isSiteEnabled: z.boolean(),
  planCheckAll: CheckAllPlan,
  checkAll: CheckAllOutcome,
  getLedger: LedgerView,
  getEconomySettings: EconomySettings,
  saveEconomySettings: EconomySettings,
  clearCachedData: z.null(),
  getTabVins: TabVinsAnswer,
  getUserSites: Sites,
  enableSite: Sites,
  disableSite: Sites,
  getDisabledBuiltInSites: Sites,
  setBuiltInSite: Sites,
  getSettings: SettingsView,
  saveSettings: SavedSettings,
  getAccount: Account,
  purchaseReport: PurchaseOutcome,
  getPurchaseStatus: z.nullable(PurchaseStatus),
  getOpenPurchases: z.array(PurchaseStatus),
  openReport: ReportView,
  getExportData: ExportData,
  listReports: ReportList,
  getReportFacts: FactsList,
  getKeptReport: KeptReportBody,
  getFactLines: FactLines,
  getOwnedFacts: HeldFacts,
  saveReportFacts: z.null(),
  keepCompleteCopy: CopyKeptAnswer,
  getCompleteCopy: CompleteCopy,
  forgetCompleteCopy: z.null(),
  getCopiesSummary: CopiesSummary,
  searchReports: ReportSearch,
  getProviderNames: ProviderNames,
  saveProviderNames: ProviderNames,
  saveNote: Notes,
  getWorkbench: WorkbenchView,
  setWorkbenchVins: z.null(),
  planWorkbenchChecks: CheckAllPlan,
  startWorkbenchChecks: Batch,
  planWorkbenchPurchase: PurchasePlan,
  startWorkbenchPurchase: Batch,
  cancelWorkbenchBatch: z.nullable(Batch),
  resumeWorkbenchBatch: z.nullable(Batch),
  noteSightings: z.null(),
  getVehicleHistory: HistoryAnswer,
  watchVehicle: z.boolean(),
  forgetVehicle: z.null(),
  getWatched: WatchedList,
  getFairPrices: z.record(z.string(), MarketAnswer),
  markWatchedLooked: z.null(),
  getMemorySettings: MemorySettings,
  saveMemorySettings: MemorySettings,
  clearBrowsingMemory: z.null(),
  getFreeFactsAccess: FreeFactsAccess,
  setFreeFacts: FreeFactsAccess,
  getFreeFacts: FreeFactsAnswer,
  getFreeDecodes: FreeDecodesAnswer,
  openFreeFactsOptions: z.null(),
  openRecallLookup: z.null(),
  getCardVerdicts: z.record(z.string(), CardVerdict),
  openListing: z.null(),
} as const satisfies Record<MessageType, z.ZodMiniType>;

type Table = { [K in MessageType]: (typeof REQUESTS)[K] & { response: (typeof RESPONSES)[K] } };
export const PROTOCOL = Object.fromEntries(
  MESSAGE_TYPES.map((type) => [type, { ...REQUESTS[type], response: RESPONSES[type] }]),
) as Table;

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
