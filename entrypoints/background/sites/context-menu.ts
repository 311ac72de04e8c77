// "Check VIN records" on selected text: opens the extension's own window for that VIN.
import { browser } from 'wxt/browser';
import { normalizeVin } from '@/lib/vin/vin-syntax';
import { openPurchase } from '../purchases/confirmation-window';

const MENU_ID = 'check-vin-records';

export function setUpContextMenu(): void {
  // Firefox for Android has no menus: there the popup's "Many VINs…" and the badges serve instead.
  if (!browser.contextMenus) return;
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({ id: MENU_ID, title: 'Check VIN records', contexts: ['selection'] });
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID) return;
    const vin = normalizeVin(info.selectionText ?? '');
    // A selection that is not a VIN still opens the window, which explains what is wrong with it.
    void openPurchase({ vin: vin ?? (info.selectionText ?? '').slice(0, 40) });
  });
}
