// Wiring only: one handler per message of the protocol table (lib/messaging/protocol.ts), which also says
// who may send each; start-up chores.

import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { timed } from '@/lib/bench/bench-probe';
import { receiveMessages } from '@/lib/messaging/message-receiver';
import type { Handlers } from '@/lib/messaging/protocol';
import { MESSAGE_TYPES } from '@/lib/messaging/requests';
import { cachedAccountRead, getAccount } from './account/account';
import { keepAccountAlarm, listenForAccountAlarm } from './account/account-freshness';
import { clearCachedData } from './account/clear-data';
import { getSettings, saveSettings } from './account/connection-settings';
import { restoreHeadline } from './account/headline-session';
import { openOnboardingOnInstall } from './account/onboarding';
import { getProviderNames, savedProviderNames, saveProviderNames } from './account/provider-names-store';
import { guard } from './guard';
import {
  forgetCompleteCopy,
  getCompleteCopy,
  getCopiesSummary,
  keepCompleteCopy,
} from './library/complete-copies';
import {
  getFactLines,
  getKeptReport,
  getOwnedFacts,
  getReportFacts,
  saveReportFacts,
} from './library/kept-facts';
import { getExportData, openReport } from './library/report-access';
import { listReports, searchReports } from './library/report-list';
import { saveNote } from './library/vehicle-notes';
import { clearBrowsingMemory } from './memory/clear-memory';
import { getMemorySettings, saveMemorySettings } from './memory/memory-settings';
import { keepMemorySwept, listenForMemorySweep } from './memory/retention';
import { noteSightings } from './memory/sightings';
import {
  forgetVehicleMemory,
  getFairPrices,
  getVehicleHistory,
  getWatched,
  markWatchedLooked,
  openListing,
  watchVehicle,
} from './memory/vehicle-memory';
import {
  getFreeDecodes,
  getFreeFacts,
  getFreeFactsAccess,
  openFreeFactsOptions,
  openRecallLookup,
  setFreeFacts,
} from './nhtsa/free-facts';
import { forgetFreeFacts } from './nhtsa/free-facts-cache';
import { openOwnedReport, openPurchase } from './purchases/confirmation-window';
import { adoptLegacyPending } from './purchases/legacy-pending';
import { checkNewRecords } from './purchases/purchase-counts';
import { purchaseReport } from './purchases/purchases';
import {
  keepReconcilerOnTime,
  listenForReconcileAlarm,
  reconcileAndReschedule,
} from './purchases/reconciler';
import { settingsChangeRefused } from './purchases/settings-guard';
import { getOpenPurchases, getPurchaseStatus } from './purchases/status';
import { checkPlan } from './records/check-all';
import { getEconomySettings, saveEconomySettings } from './records/economy-settings';
import { getLedger } from './records/ledger';
import { getRecordCounts, pruneRecordCache } from './records/record-cache';
import { setUpContextMenu } from './sites/context-menu';
import { forgetClosedTabs, getTabVins, planTabChecks, reportPageVins } from './sites/tab-vins';
import {
  disableSite,
  enableSite,
  getDisabledBuiltInSites,
  getUserSites,
  isSiteEnabled,
  loadBadgePanel,
  setBuiltInSite,
  syncUserSites,
} from './sites/user-sites';
import { restrictStorage } from './storage/storage-access';
import { getCardVerdicts } from './verdicts/card-verdicts';
import {
  buyingBatch,
  cancelWorkbenchBatch,
  getWorkbench,
  planWorkbenchChecks,
  planWorkbenchPurchase,
  resumeWorkbenchBatch,
  setWorkbenchVins,
  startWorkbenchChecks,
  startWorkbenchPurchase,
} from './workbench/workbench-handlers';

const HANDLERS: Handlers = {
  getRecordCounts,
  openPurchase,
  reportPageVins,
  isSiteEnabled,
  loadBadgePanel,
  planCheckAll: planTabChecks,
  checkAll: checkPlan,
  getLedger,
  getEconomySettings,
  saveEconomySettings,
  // NHTSA's answers too (nhtsa/ sits above account/, so they are joined here).
  clearCachedData: async () => {
    await forgetFreeFacts();
    return clearCachedData();
  },
  openOwnedReport,
  getProviderNames,
  saveProviderNames,
  checkNewRecords,
  listReports,
  getReportFacts,
  getKeptReport,
  saveReportFacts,
  getFactLines,
  getOwnedFacts,
  keepCompleteCopy,
  getCompleteCopy,
  forgetCompleteCopy,
  getCopiesSummary,
  searchReports,
  saveNote,
  getTabVins,
  getUserSites,
  enableSite,
  disableSite,
  getDisabledBuiltInSites,
  setBuiltInSite,
  getSettings,
  // Never under a purchase (settings-guard.ts): the batch's state is the workbench's to tell.
  saveSettings: async (request) =>
    (await settingsChangeRefused(request, await buyingBatch())) ?? saveSettings(request),
  getAccount,
  purchaseReport,
  getPurchaseStatus,
  getOpenPurchases,
  openReport,
  getExportData,
  getWorkbench,
  setWorkbenchVins,
  planWorkbenchChecks,
  startWorkbenchChecks,
  planWorkbenchPurchase,
  startWorkbenchPurchase,
  cancelWorkbenchBatch,
  resumeWorkbenchBatch,
  noteSightings,
  getVehicleHistory,
  watchVehicle,
  forgetVehicle: forgetVehicleMemory,
  getWatched,
  getFairPrices,
  markWatchedLooked,
  getMemorySettings,
  saveMemorySettings,
  clearBrowsingMemory,
  getFreeFactsAccess,
  setFreeFacts,
  getFreeFacts,
  getFreeDecodes,
  openFreeFactsOptions,
  openRecallLookup,
  getCardVerdicts,
  openListing,
};

// Every message keeps the reconciler's alarm on time: after the system clock was set back, the alarm
// lies as far ahead as the clock went, and a purchase would say "checking…" that long; a workbench
// page polling for its unsure row, or any page at all, pulls it back. At most every 10 s by a
// monotonic clock, and at once when the wall clock moved apart from it (set back or forward).
let keptOnTime = { mono: Number.NEGATIVE_INFINITY, wall: 0 };
function keepOnTime() {
  const now = { mono: performance.now(), wall: Date.now() };
  const jumped = Math.abs(now.wall - keptOnTime.wall - (now.mono - keptOnTime.mono)) > 60_000;
  if (!jumped && now.mono - keptOnTime.mono < 10_000) return;
  keptOnTime = now;
  void keepReconcilerOnTime().catch((error: unknown) => console.warn('[reconcile] alarm:', error));
}

/** Each message type's guarded handler, as the receiver calls it (guard.ts checks sender and payload). */
const RECEIVERS = Object.fromEntries(
  MESSAGE_TYPES.map((type) => {
    const guarded = guard(type, HANDLERS[type]);
    const receive = (message: Parameters<typeof guarded>[0]) => {
      keepOnTime();
      return guarded(message);
    };
    return [type, receive];
  }),
);

export default defineBackground(() => {
  // Firefox takes answers returned as promises; Chrome's own API needs sendResponse.
  receiveMessages(
    browser.runtime.onMessage,
    // The loopback build times each handler for bench:memory (bench-probe.ts).
    import.meta.env.MODE === 'loopback' ? timed(RECEIVERS) : RECEIVERS,
    browser.runtime.getURL('/').startsWith('moz-'),
  );
  // Money first: a purchase whose answer was lost is settled whatever else fails to start.
  listenForReconcileAlarm();
  // Purchases 0.1 left pending become intents first, then everything due is settled.
  void adoptLegacyPending()
    .then(reconcileAndReschedule)
    .catch((error: unknown) => console.error('[reconcile]', error));
  forgetClosedTabs();
  // The popup's headline again after a browser restart, before the user opens it: the listener
  // makes the browser start this worker when the profile starts; what it needs is this top level.
  void restoreHeadline(cachedAccountRead, savedProviderNames).catch((error: unknown) =>
    console.warn('[headline] not restored:', error),
  );
  browser.runtime.onStartup.addListener(() => {});
  openOnboardingOnInstall();
  // Chores: a store that cannot be written now (a full disk) fails them for this start, no more.
  const chore = (name: string) => (error: unknown) => console.warn(`[${name}]`, error);
  void restrictStorage().catch(chore('storage access'));
  void pruneRecordCache().catch(chore('record cache'));
  listenForMemorySweep();
  listenForAccountAlarm();
  void keepAccountAlarm().catch(chore('account'));
  void keepMemorySwept().catch(chore('memory retention'));
  browser.runtime.onInstalled.addListener(() => void syncUserSites().catch(chore('user sites')));
  // Guarded where it is used (Firefox for Android has no menus), and last all the same.
  setUpContextMenu();
});
