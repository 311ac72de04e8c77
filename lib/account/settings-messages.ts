// The messages of the connection settings (the options page): what is saved, what is shown of it.
import { z } from 'zod/mini';

import { User } from '../domain';

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
