// One protocol for the whole extension. Payloads are parsed in the background with the schemas
// of lib/message-schemas.ts; this file imports types only so that content scripts stay small.
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Limits, User } from './api/schemas';
import type { Result } from './result';

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
}

interface Protocol {
  /** Extension pages: what is configured. */
  getSettings(): Result<SettingsView>;
  /** Extension pages: checks the key against the service (endpoint 1), then stores URL and key. */
  saveSettings(request: SaveSettingsRequest): Result<SavedSettings>;
  /** Extension pages: profile, limits and credits. */
  getAccount(): Result<Account>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<Protocol>({
  breakError: true,
});
