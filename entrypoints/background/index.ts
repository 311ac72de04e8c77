// Wiring only: every message the background answers, and who may send it.
import { defineBackground } from 'wxt/utils/define-background';
import { NoPayload, SaveSettingsRequest } from '@/lib/message-schemas';
import { onMessage } from '@/lib/messaging';
import { getAccount } from './account';
import { guard } from './guard';
import { getSettings, saveSettings } from './settings';

const PAGES = ['extension-page'] as const;

export default defineBackground(() => {
  onMessage('getSettings', guard(PAGES, NoPayload, getSettings));
  onMessage('saveSettings', guard(PAGES, SaveSettingsRequest, saveSettings));
  onMessage('getAccount', guard(PAGES, NoPayload, getAccount));
});
