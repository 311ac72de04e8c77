// Key custody: the options page hands a URL and key over; the background checks them against the
// service and keeps them, bound to that origin. Nothing ever sends the key back out, and the stored
// key goes to a new origin only when the user enters it again or names that origin explicitly.
import { browser } from 'wxt/browser';
import { keyHint } from '@/lib/account/key-hint';
import { checkServiceUrl } from '@/lib/account/service-url';
import type { SavedSettings, SaveSettingsRequest, SettingsView } from '@/lib/account/settings-messages';
import { createClient } from '@/lib/api/client';
import { failWith, ok, type Result } from '@/lib/errors/result';
import { originMatchPattern } from '@/lib/sites/sites';
import { readCredentials, writeCredentials } from '../service/credentials';
import { storePersistence } from '../storage/store';
import { READ_TIMEOUT_MS } from '../timing';
import { forgetAccount } from './account';

export async function getSettings(): Promise<Result<SettingsView>> {
  const [{ serviceUrl, apiKey, keyOrigin }, persistence] = await Promise.all([
    readCredentials(),
    storePersistence(),
  ]);
  return ok({
    serviceUrl,
    hasKey: apiKey.length > 0,
    keyHint: keyHint(apiKey),
    keyOrigin,
    keyKeptUntilBrowserCloses: persistence === 'session',
  });
}

export async function saveSettings(request: SaveSettingsRequest): Promise<Result<SavedSettings>> {
  const checked = checkServiceUrl(request.serviceUrl);
  if (!checked.ok) return failWith('invalid-input', checked.message);
  const { baseUrl, origin, warning } = checked;
  const stored = await readCredentials();
  const typedKey = request.apiKey?.trim() ?? '';
  const apiKey = typedKey || stored.apiKey;
  if (!apiKey) return failWith('no-key', 'Enter your API key (from the API Keys section of your dashboard).');
  // The stored key was checked against one origin: another one gets it only if the user says so.
  if (!typedKey && origin !== stored.keyOrigin && request.sendKeyTo !== origin) {
    return failWith(
      'needs-confirmation',
      `Your stored key was checked against ${stored.keyOrigin}. Enter the key again for ${origin}, or confirm that it may be sent to ${origin}.`,
    );
  }
  if (!(await browser.permissions.contains({ origins: [originMatchPattern(origin)] }))) {
    return failWith(
      'needs-permission',
      `The extension is not allowed to reach ${new URL(origin).host} yet: save again and accept the permission prompt.`,
    );
  }
  const user = await createClient({ baseUrl, apiKey, timeoutMs: READ_TIMEOUT_MS }).getUser();
  await writeCredentials(baseUrl, apiKey, origin);
  await forgetAccount();
  const saved: SavedSettings = {
    settings: {
      serviceUrl: baseUrl,
      hasKey: true,
      keyHint: keyHint(apiKey),
      keyOrigin: origin,
      keyKeptUntilBrowserCloses: (await storePersistence()) === 'session',
    },
    user,
  };
  if (warning) saved.warning = warning;
  return ok(saved);
}
