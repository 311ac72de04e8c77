// Opens the purchase confirmation in the extension's own window: a page cannot draw over it, and
// nothing is bought until the user confirms there. A page may open only a few a minute. Where the
// browser has no windows (Firefox for Android), in a tab of its own: still an extension page, which
// no web page can draw over or script.
import { browser } from 'wxt/browser';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import { findHeld } from '@/lib/purchases/purchase-rules';
import { reportUrl } from '@/lib/reports/report-url';
import { cachedAccount } from '../account/account';
import { overPageBudget } from '../records/page-budget';

export async function openPurchase({ vin }: { vin: string }, sender?: Sender): Promise<Result<null>> {
  const refused = await overPageBudget(sender, 'windows');
  if (refused) return refused;
  // The window checks the VIN itself and explains a malformed one.
  const url = browser.runtime.getURL(`/confirm.html?vin=${encodeURIComponent(vin)}`);
  if (browser.windows)
    await browser.windows.create({ url, type: 'popup', width: 440, height: 640, focused: true });
  else await browser.tabs.create({ url });
  return ok(null);
}

/**
 * A badge's "owned · open": opens the newest report the user holds for this VIN in the viewer, free
 * (no purchase, no request but the report itself). Within the same per-page budget as windows.
 */
export async function openOwnedReport({ vin }: { vin: string }, sender?: Sender): Promise<Result<null>> {
  const refused = await overPageBudget(sender, 'windows');
  if (refused) return refused;
  const reports = (await cachedAccount())?.reports ?? [];
  const held = findHeld(reports, 'providerA', vin) ?? findHeld(reports, 'providerB', vin);
  if (!held) return failWith('invalid-input', 'You hold no report for this VIN yet.');
  const page = reportUrl(held.provider, held.id).replace(/^report\.html/, '');
  await browser.tabs.create({ url: browser.runtime.getURL(`/report.html${page}`) });
  return ok(null);
}
