// The regression corpus (test/support/corpus.ts) in real Chromium: the browser's own parser (with
// its declarative shadow roots), layout (visually hidden VINs) and the real background. Every page:
// the toolbar counts exactly the page's VINs, every badge sits where the table says, no other badge.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../support/corpus';
import { reusedTab } from './support/reused-tab';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

// The same rule as oracleOf in test/support/corpus.ts (with placeOf, badge-place.ts), run in the page.
const placed = (page: Page) =>
  page.$$eval('[data-vhl-vin]', (hosts) =>
    Object.fromEntries(
      hosts.map((h) => [
        (h as HTMLElement).dataset.vhlVin,
        (h.parentElement?.localName === 'vhl-holder' ? h.parentElement.parentElement : h.parentElement) ===
        document.body
          ? 'page'
          : (h.closest('[data-oracle]')?.getAttribute('data-oracle')?.toUpperCase() ?? 'elsewhere'),
      ]),
    ),
  );

/** One tab for every corpus page (reused-tab.ts); each page's document says when the scanner has drained. */
const reused = reusedTab(
  () => stack.browser.context,
  (tab) =>
    tab.addInitScript(() =>
      document.addEventListener('vhl:drained', () =>
        document.documentElement.setAttribute('data-scanned', ''),
      ),
    ),
);

describe('regression corpus in Chromium', () => {
  it.each(CORPUS.map((page) => [page.site, page] as const))('%s', async (_, corpusPage) => {
    const tab = await reused();
    await tab.goto(`${stack.server.origin}/fixtures/corpus/${corpusPage.file}`);
    await tab.waitForSelector('html[data-scanned]');
    if (corpusPage.shadow) {
      // Parsed as the site ships it: the cards' buttons are shadow hosts, no template left.
      expect(await tab.locator('template[shadowrootmode]').count()).toBe(0);
      expect(await tab.evaluate(() => !!document.querySelector('spark-button[data-vin]')?.shadowRoot)).toBe(
        true,
      );
    }
    await expect.poll(() => placed(tab)).toEqual(corpusPage.badges);
    await expect
      .poll(() => stack.browser.toolbarText(tab))
      .toBe(corpusPage.tab.length ? String(corpusPage.tab.length) : '');
    if (corpusPage.file === 'cars-com-search.html') await stack.browser.screenshot(tab, 'corpus-cars-com');
    // Finding and badging never checks records: nothing reached the service.
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records')).toEqual([]);
  });
});
