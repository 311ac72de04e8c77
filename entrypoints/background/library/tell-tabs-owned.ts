// A report bought is known at once on the listing tabs that show its vehicle (issue 56): every tab
// is told its VIN; a content script with a badge of that VIN marks it owned (vin.content/index.ts),
// any other does nothing, and a tab without our content script answers nothing. Runtime messages
// reach only the extension's own content scripts, never the page.
import { browser } from 'wxt/browser';

export async function tellTabsOwned(vin: string): Promise<void> {
  for (const tab of await browser.tabs.query({})) {
    const tabId = tab.id;
    if (tabId === undefined) continue;
    await Promise.resolve()
      .then(() => browser.tabs.sendMessage(tabId, { vhlOwned: vin }))
      .catch(() => undefined);
  }
}
