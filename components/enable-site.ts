// Switching VIN detection on for a site, from the popup or the options: the browser's permission
// prompt for that one origin, then the background registers the content script there.
import { browser } from 'wxt/browser';
import { failWith, type Result } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import { originMatchPattern } from '@/lib/sites/sites';

/** Call inside the click: browsers grant host permissions only on a user gesture. */
export async function enableSiteWithPermission(origin: string, tabId?: number): Promise<Result<string[]>> {
  const granted = await browser.permissions.request({ origins: [originMatchPattern(origin)] });
  if (!granted)
    return failWith('needs-permission', 'Without that permission the extension cannot look at this site.');
  return ask('enableSite', tabId === undefined ? { origin } : { origin, tabId });
}
