// Opens the purchase confirmation in the extension's own window: a page cannot draw over it,
// and nothing is bought until the user confirms there.
import { browser } from 'wxt/browser';

import { ok, type Result } from '@/lib/result';

export async function openPurchase({ vin }: { vin: string }): Promise<Result<null>> {
  // The window checks the VIN itself and explains a malformed one.
  const url = browser.runtime.getURL(`/confirm.html?vin=${encodeURIComponent(vin)}`);
  await browser.windows.create({ url, type: 'popup', width: 440, height: 640, focused: true });
  return ok(null);
}
