// Opens the purchase confirmation in the extension's own window: a page cannot draw over it, and
// nothing is bought until the user confirms there. A page may open only a few a minute.
import { browser } from 'wxt/browser';
import { failWith, ok, type Result } from '@/lib/result';
import type { SenderInfo } from '@/lib/sender';
import { economySettings } from './economy-settings';
import { MINUTE, pageTabOf, spendBudget } from './page-budget';

export async function openPurchase({ vin }: { vin: string }, sender?: SenderInfo): Promise<Result<null>> {
  const tabId = pageTabOf(sender);
  if (tabId !== undefined) {
    const { pageWindowsPerMinute } = await economySettings();
    if (!(await spendBudget(`windows:${tabId}`, pageWindowsPerMinute, MINUTE)))
      return failWith(
        'over-budget',
        `This page has opened ${pageWindowsPerMinute} report windows in the last minute; wait a minute, or use the extension's popup.`,
      );
  }
  // The window checks the VIN itself and explains a malformed one.
  const url = browser.runtime.getURL(`/confirm.html?vin=${encodeURIComponent(vin)}`);
  await browser.windows.create({ url, type: 'popup', width: 440, height: 640, focused: true });
  return ok(null);
}
