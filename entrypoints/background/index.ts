// Wiring only: every message the background answers, and who may send it.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import {
  DisableSiteRequest,
  EnableSiteRequest,
  NoPayload,
  PageCandidates,
  SaveSettingsRequest,
  TabVinsRequest,
  VinRequest,
} from '@/lib/message-schemas';
import { onMessage } from '@/lib/messaging';
import { getAccount } from './account';
import { guard } from './guard';
import { openPurchase } from './purchase-window';
import { getRecordCounts } from './record-checks';
import { getSettings, saveSettings } from './settings';
import { forgetClosedTabs, getTabVins, reportPageVins } from './tab-vins';
import { disableSite, enableSite, getUserSites, syncUserSites } from './user-sites';

const PAGES = ['extension-page'] as const;
const TABS = ['content-script'] as const;
const ANYONE_OF_OURS = ['extension-page', 'content-script'] as const;

export default defineBackground(() => {
  onMessage('getSettings', guard(PAGES, NoPayload, getSettings));
  onMessage('saveSettings', guard(PAGES, SaveSettingsRequest, saveSettings));
  onMessage('getAccount', guard(PAGES, NoPayload, getAccount));
  onMessage('getTabVins', guard(PAGES, TabVinsRequest, getTabVins));
  onMessage('getRecordCounts', guard(ANYONE_OF_OURS, VinRequest, getRecordCounts));
  onMessage('openPurchase', guard(ANYONE_OF_OURS, VinRequest, openPurchase));
  onMessage('reportPageVins', guard(TABS, PageCandidates, reportPageVins));
  onMessage('getUserSites', guard(PAGES, NoPayload, getUserSites));
  onMessage('enableSite', guard(PAGES, EnableSiteRequest, enableSite));
  onMessage('disableSite', guard(PAGES, DisableSiteRequest, disableSite));
  forgetClosedTabs();
  browser.runtime.onInstalled.addListener(() => void syncUserSites());
});
