// Wiring only: every message the background answers, and who may send it.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { EconomySettings } from '@/lib/economy';
import {
  AccountRequest,
  BuiltInSiteRequest,
  CheckAllRequest,
  DisableSiteRequest,
  EnableSiteRequest,
  NoPayload,
  OpenReportRequest,
  PageCandidates,
  PurchaseRequest,
  SaveSettingsRequest,
  TabVinsRequest,
  VinRequest,
} from '@/lib/message-schemas';
import { onMessage } from '@/lib/messaging';
import { getAccount } from './account';
import { checkTab, getEconomySettings, planTabChecks, saveEconomySettings } from './check-planning';
import { clearCachedData } from './clear-data';
import { restrictStorage, setUpContextMenu } from './conveniences';
import { guard } from './guard';
import { openPurchase } from './purchase-window';
import { purchaseReport, reconcilePendingPurchases } from './purchases';
import { getLedger, getRecordCounts, pruneRecordCache } from './record-checks';
import { exportReportsCsv, openReport } from './report-access';
import { getSettings, saveSettings } from './settings';
import { forgetClosedTabs, getTabVins, reportPageVins } from './tab-vins';
import {
  disableSite,
  enableSite,
  getDisabledBuiltInSites,
  getUserSites,
  isSiteEnabled,
  setBuiltInSite,
  syncUserSites,
} from './user-sites';

const PAGES = ['extension-page'] as const;
const TABS = ['content-script'] as const;
const ANYONE_OF_OURS = ['extension-page', 'content-script'] as const;

export default defineBackground(() => {
  onMessage('getSettings', guard(PAGES, NoPayload, getSettings));
  onMessage('saveSettings', guard(PAGES, SaveSettingsRequest, saveSettings));
  onMessage('getAccount', guard(PAGES, AccountRequest, getAccount));
  onMessage('purchaseReport', guard(PAGES, PurchaseRequest, purchaseReport));
  onMessage('openReport', guard(PAGES, OpenReportRequest, openReport));
  onMessage('exportReportsCsv', guard(PAGES, NoPayload, exportReportsCsv));
  onMessage('getTabVins', guard(PAGES, TabVinsRequest, getTabVins));
  onMessage('getRecordCounts', guard(ANYONE_OF_OURS, VinRequest, getRecordCounts));
  onMessage('openPurchase', guard(ANYONE_OF_OURS, VinRequest, openPurchase));
  onMessage('reportPageVins', guard(TABS, PageCandidates, reportPageVins));
  onMessage('getLedger', guard(PAGES, NoPayload, getLedger));
  onMessage('planCheckAll', guard(PAGES, TabVinsRequest, planTabChecks));
  onMessage('checkAll', guard(PAGES, CheckAllRequest, checkTab));
  onMessage('getEconomySettings', guard(PAGES, NoPayload, getEconomySettings));
  onMessage('saveEconomySettings', guard(PAGES, EconomySettings, saveEconomySettings));
  onMessage('clearCachedData', guard(PAGES, NoPayload, clearCachedData));
  onMessage('getUserSites', guard(PAGES, NoPayload, getUserSites));
  onMessage('getDisabledBuiltInSites', guard(PAGES, NoPayload, getDisabledBuiltInSites));
  onMessage('setBuiltInSite', guard(PAGES, BuiltInSiteRequest, setBuiltInSite));
  onMessage('isSiteEnabled', guard(TABS, NoPayload, isSiteEnabled));
  onMessage('enableSite', guard(PAGES, EnableSiteRequest, enableSite));
  onMessage('disableSite', guard(PAGES, DisableSiteRequest, disableSite));
  forgetClosedTabs();
  setUpContextMenu();
  void restrictStorage();
  void pruneRecordCache();
  void reconcilePendingPurchases();
  browser.runtime.onInstalled.addListener(() => void syncUserSites());
});
