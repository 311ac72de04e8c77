// Every page in Firefox ESR, light and dark (Firefox's own colour-scheme setting: BiDi has no media
// emulation): each comes up with its content in the scheme asked for and no error notice; the
// pictures land in test-results/screenshots beside Chromium's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/simulator/seed';
import type { SimulatorServer } from '@/simulator/server';
import { launchFirefoxExtension } from '../../scripts/firefox';
import { startFixtureServer } from './support/setup-extension';

let server: SimulatorServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server?.close());

const PAGES: Array<[string, string, string]> = [
  ['popup', 'popup.html', '[data-testid="credits"]'],
  ['options', 'options.html', '#service-url'],
  ['confirmation', 'confirm.html?vin=5N3ZA0NE1AN908084', '[data-testid="balance"]'],
  ['library', 'library.html', '[data-testid="shown-count"]'],
  ['workbench', 'workbench.html', '[data-testid="table-count"]'],
];

describe('Firefox pages, light and dark', () => {
  it.each(['light', 'dark'] as const)('%s', async (scheme) => {
    const firefox = await launchFirefoxExtension({ colorScheme: scheme });
    try {
      const launcher = `${server.origin}/fixtures/blank.html`;
      await firefox.configure(server.baseUrl, DEMO_API_KEY, launcher);
      for (const [name, path, ready] of PAGES) {
        const page = await firefox.openPage(path, launcher);
        await page.waitForSelector(ready, { timeout: 15_000 });
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
          scheme === 'dark',
        );
        expect(await page.$$eval('[role="alert"], .notice.error', (found) => found.length)).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await firefox.screenshot(page, `page-${name}-${scheme}`);
        await page.close();
      }
    } finally {
      await firefox.close();
    }
  });
});
