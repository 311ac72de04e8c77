// The context-menu item on a selected VIN, the first-run onboarding, and storage locked down at start-up.
import { browser } from 'wxt/browser';
import { normalizeVin } from '@/lib/vin-syntax';
import { openPurchase } from './purchase-window';

const MENU_ID = 'check-vin-records';

/** "Check VIN records" on selected text: opens the extension's own window for that VIN. */
export function setUpContextMenu(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    browser.contextMenus.create({ id: MENU_ID, title: 'Check VIN records', contexts: ['selection'] });
    // First run: a short onboarding (service URL, key, test connection).
    if (reason === 'install')
      void browser.tabs.create({ url: browser.runtime.getURL('/options.html?welcome=1') });
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID) return;
    const vin = normalizeVin(info.selectionText ?? '');
    // A selection that is not a VIN still opens the window, which explains what is wrong with it.
    void openPurchase({ vin: vin ?? (info.selectionText ?? '').slice(0, 40) });
  });
}

/**
 * Keeps local storage (the API key) away from content scripts where the browser allows it
 * (Chromium with per-area access levels; Firefox has no such switch: there the key is still only
 * read by the background, which never sends it anywhere but the service).
 */
export async function restrictStorage(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  try {
    await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
  } catch (error) {
    // Older browsers allow access levels on session storage only; nothing more can be done there.
    if (!(error instanceof Error)) throw error;
  }
}
