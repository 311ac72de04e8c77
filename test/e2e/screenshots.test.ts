// Every page and badge state at the size the user sees it, light and dark, in Chromium: each page
// must come up with its content and no error notice; the pictures land in test-results/screenshots
// (docs/pages.md shows six of them, the README three).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeOf } from './support/closed-shadow';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const SCHEMES = ['light', 'dark'] as const;
const PAGES: Array<[string, string, string, { width: number; height: number }]> = [
  ['popup', 'popup.html', '[data-testid="ledger"]', { width: 400, height: 760 }],
  ['options', 'options.html', '#service-url', { width: 900, height: 1000 }],
  ['onboarding', 'options.html?welcome=1', '[data-testid="ratio-rule"]', { width: 900, height: 700 }],
  [
    'confirmation',
    'confirm.html?vin=5N3ZA0NE1AN908084',
    '[data-testid="after-providerA"]',
    { width: 440, height: 640 },
  ],
  ['library', 'library.html', '[data-testid="shown-count"]', { width: 1100, height: 800 }],
  ['viewer', 'report.html?provider=providerA&id=1', 'iframe.report-frame', { width: 1100, height: 800 }],
];

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await stack.browser.screenshot(page, name, { fullPage: false });
}

describe('screenshots', () => {
  it.each(PAGES)('%s, light and dark, at its real size', async (name, path, ready, size) => {
    for (const scheme of SCHEMES) {
      const page = await stack.browser.context.newPage();
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`chrome-extension://${stack.browser.extensionId}/${path}`);
      await page.locator(ready).first().waitFor();
      expect(await page.locator('.notice.error, [role="alert"]').count()).toBe(0);
      await shoot(page, `page-${name}-${scheme}`);
      await page.close();
    }
  });

  it('the badge in each state, light and dark', async () => {
    for (const scheme of SCHEMES) {
      const page = await stack.browser.context.newPage();
      await page.setViewportSize({ width: 800, height: 600 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${stack.server.origin}/fixtures/sites/interface.html`);
      await expect.poll(() => page.locator('[data-vhl-vin][data-vhl-shown]').count()).toBe(4);
      await shoot(page, `badges-closed-${scheme}`);
      for (const [vin, state] of [
        ['4T1BB3EK5AU118081', 'mismatch'],
        ['1G1PG5SC3C7167133', 'owned'],
        ['1C6RD6FT1CS310366', 'counts'],
      ] as const) {
        const badge = await badgeOf(page, vin);
        await badge.open();
        // The first pass checks the records; the second finds them known (cached: no new check).
        if (state === 'counts' && !/providerA \d+ records/.test(await badge.text())) {
          await badge.click('Check records');
          await expect.poll(() => badge.text()).toMatch(/\d+ records/);
        }
        await shoot(page, `badge-${state}-${scheme}`);
        await page.keyboard.press('Escape');
        await badge.close();
      }
      await page.close();
    }
  });
});
