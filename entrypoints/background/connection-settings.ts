// Key custody: the options page hands a URL and key over; the background checks them against
// the service and keeps them. Nothing ever sends the key back out.
import { browser } from 'wxt/browser';
import { parseBaseUrl } from '@/lib/api/base-url';
import { createClient } from '@/lib/api/client';
import { keyHint } from '@/lib/key-hint';
import type { SavedSettings, SaveSettingsRequest, SettingsView } from '@/lib/message-shapes';
import { fail, failWith, ok, type Result } from '@/lib/result';
import { originMatchPattern } from '@/lib/sites';
import { forgetAccount } from './account';
import { apiKeyItem, serviceUrlItem } from './credentials';

export async function getSettings(): Promise<Result<SettingsView>> {
  const [serviceUrl, apiKey] = await Promise.all([serviceUrlItem.getValue(), apiKeyItem.getValue()]);
  return ok({ serviceUrl, hasKey: apiKey.length > 0, keyHint: keyHint(apiKey) });
}

export async function saveSettings(request: SaveSettingsRequest): Promise<Result<SavedSettings>> {
  const { baseUrl, warning } = parseBaseUrl(request.serviceUrl);
  const apiKey = request.apiKey?.trim() || (await apiKeyItem.getValue());
  if (!apiKey) return failWith('no-key', 'Enter your API key (from the API Keys section of your dashboard).');
  const granted = await browser.permissions.contains({
    origins: [originMatchPattern(new URL(baseUrl).origin)],
  });
  if (!granted) {
    return fail({
      kind: 'needs-permission',
      message: `The extension is not allowed to reach ${new URL(baseUrl).host} yet: save again and accept the permission prompt.`,
    });
  }
  const user = await createClient({ baseUrl, apiKey }).getUser();
  await Promise.all([serviceUrlItem.setValue(baseUrl), apiKeyItem.setValue(apiKey), forgetAccount()]);
  const saved: SavedSettings = {
    settings: { serviceUrl: baseUrl, hasKey: true, keyHint: keyHint(apiKey) },
    user,
  };
  if (warning) saved.warning = warning;
  return ok(saved);
}
