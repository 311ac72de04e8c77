// Every extension page: no serious or critical axe violation, and usable with the keyboard alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { reusedTab } from './support/reused-tab';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const PAGES: Array<[string, string, string]> = [
  ['popup', 'popup.html', '[data-testid="credits"]'],
  ['options', 'options.html', '#service-url'],
  ['onboarding', 'options.html?welcome=1', '#api-key'],
  ['confirmation', 'confirm.html?vin=5N3ZA0NE1AN908084', '[data-testid="balance"]'],
  ['report viewer', 'report.html?provider=providerA&id=1', 'iframe.report-frame'],
  ['report library', 'library.html', '[data-testid="shown-count"]'],
  ['watched vehicles', 'library.html#watched', '#watched-heading'],
  ['workbench', 'workbench.html', '[data-testid="table-count"]'],
];

/** One tab for every page and scheme (reused-tab.ts). */
const reused = reusedTab(() => stack.browser.context);

describe('accessibility', () => {
  it.each(PAGES)(
    '%s has no serious or critical axe violation, in light and dark',
    async (name, path, ready) => {
      for (const scheme of ['light', 'dark'] as const) {
        // The scheme set before the page loads.
        const page = await reused();
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`chrome-extension://${stack.browser.extensionId}/${path}`);
        await page.locator(ready).first().waitFor();
        await page.waitForTimeout(200);
        expect(await seriousViolations(page)).toEqual([]);
        await stack.browser.screenshot(page, `a11y-${name.replace(' ', '-')}-${scheme}`);
      }
    },
  );

  it('the options page works with the keyboard alone', async () => {
    const page = await stack.browser.openPage('options.html');
    await page.locator('#service-url').waitFor();
    // The links to the settings' groups first (issue 65), then the first group's first field.
    const stops: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ''),
      );
    }
    expect(stops).toEqual(['Getting started', 'Shopping', 'Dealers', 'Your data', 'service-url']);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(stack.server.baseUrl);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type('demo-api-key');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/belongs to Dana Demo/);
    await page.close();
  });
});
