// One tab a test file sends from page to page instead of opening a tab per page: a new tab costs
// Chromium and Playwright about 0.4 CPU-seconds more than a navigation (measured on the 2-core
// machine, issue 65). Prepared once (routes, init scripts, listeners); brought to the front on every
// use, since a tab behind another (the extension's probe page) gets no frames, and a badge is
// placed only with them.
import type { BrowserContext, Page } from 'playwright-core';

export function reusedTab(context: () => BrowserContext, prepare?: (tab: Page) => unknown) {
  let tab: Page | undefined;
  return async (): Promise<Page> => {
    if (!tab || tab.isClosed()) {
      const opened = await context().newPage();
      await prepare?.(opened);
      tab = opened;
    }
    await tab.bringToFront();
    return tab;
  };
}
