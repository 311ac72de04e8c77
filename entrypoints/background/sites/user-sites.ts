// Sites the user switched VIN detection on for, beyond the curated list: the content script is
// registered for them at run time, under host permissions the user granted one origin at a time.
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { fail, ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import { originMatchPattern } from '@/lib/sites/sites';
import { storedValue } from '../storage/store';

const SCRIPT_ID = 'vin-user-sites';
const CONTENT_SCRIPT = '/content-scripts/vin.js';
const PANEL_SCRIPT = '/badge-panel.js';
const userSitesItem = storedValue('userSites', z.array(z.string()), () => []);
const disabledItem = storedValue('disabledBuiltInSites', z.array(z.string()), () => []);

/** Makes the registered content script match the stored sites (after install, update or a change). */
export async function syncUserSites(): Promise<void> {
  const origins = await userSitesItem.get();
  const granted = [];
  for (const origin of origins) {
    if (await browser.permissions.contains({ origins: [originMatchPattern(origin)] })) granted.push(origin);
  }
  const registered = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (registered.length) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (granted.length === 0) return;
  await browser.scripting.registerContentScripts([
    { id: SCRIPT_ID, matches: granted.map(originMatchPattern), js: [CONTENT_SCRIPT], runAt: 'document_idle' },
  ]);
}

export async function getUserSites(): Promise<Result<string[]>> {
  return ok(await userSitesItem.get());
}

export async function enableSite({
  origin,
  tabId,
}: {
  origin: string;
  tabId?: number;
}): Promise<Result<string[]>> {
  if (!(await browser.permissions.contains({ origins: [originMatchPattern(origin)] }))) {
    return fail({
      kind: 'needs-permission',
      message: `Allow the extension on ${new URL(origin).host} first (the browser asks when you switch it on).`,
    });
  }
  const sites = [...new Set([...(await userSitesItem.get()), origin])];
  await userSitesItem.set(sites);
  await syncUserSites();
  if (tabId !== undefined)
    await browser.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT] });
  return ok(sites);
}

/**
 * The badge panel, into the frame of the content script that asks (on a badge's first click there):
 * the script every listing page loads stays small. The file is not web-accessible, so only this
 * extension can put it into a page, and only into its own world of that page.
 */
export async function loadBadgePanel(_: unknown, sender: Sender): Promise<Result<null>> {
  const tabId = sender.tab?.id;
  if (tabId === undefined) return fail({ kind: 'forbidden', message: 'Only a tab can show a badge.' });
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [sender.frameId ?? 0] },
    files: [PANEL_SCRIPT],
  });
  return ok(null);
}

export async function disableSite({ origin }: { origin: string }): Promise<Result<string[]>> {
  const sites = (await userSitesItem.get()).filter((site) => site !== origin);
  await userSitesItem.set(sites);
  await syncUserSites();
  await browser.permissions.remove({ origins: [originMatchPattern(origin)] });
  return ok(sites);
}

export async function getDisabledBuiltInSites(): Promise<Result<string[]>> {
  return ok(await disabledItem.get());
}

export async function setBuiltInSite({
  site,
  enabled,
}: {
  site: string;
  enabled: boolean;
}): Promise<Result<string[]>> {
  const others = (await disabledItem.get()).filter((s) => s !== site);
  const disabled = enabled ? others : [...others, site];
  await disabledItem.set(disabled);
  return ok(disabled);
}

/** False when the sender's page is on a curated site the user switched off. */
export async function isSiteEnabled(_: unknown, sender: Sender): Promise<Result<boolean>> {
  const host = hostOf(sender.url);
  const disabled = await disabledItem.get();
  return ok(!host || !disabled.some((site) => host === site || host.endsWith(`.${site}`)));
}

function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).hostname : null;
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}
