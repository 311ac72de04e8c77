// Every card says what matters before a click (issue 64), in Firefox ESR: card-verdicts.test.ts's page
// of one card in each state (support/verdict-pages.ts), answered over WebDriver BiDi's request
// interception. Each pill's words and icon, from what the device holds, with no request to the
// service; two sizes at most whatever they say; a pill whose words change adds no record on its host;
// "Listed for less" opens that listing in a new tab through the background.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { servedTab } from './support/firefox-served';
import { startFirefoxStack } from './support/setup-extension';
import {
  AUTOTRADER_URL,
  EXPLORER,
  FIRST_PILLS,
  firstVisit,
  hostRecords,
  hostSizes,
  LEXUS,
  secondVisit,
  shown,
  VERDICTS_URL,
  verdictPage,
} from './support/verdict-pages';

let stack: Awaited<ReturnType<typeof startFirefoxStack>>;
beforeAll(async () => {
  stack = await startFirefoxStack();
});
afterAll(() => stack?.stop());

async function visit(url: string, vins: string[]): Promise<Page> {
  const tab = await servedTab(stack.firefox.browser, verdictPage);
  // In front, as a tab the user opens is: a card counts as seen only in a visible tab.
  await tab.bringToFront();
  await tab.goto(url);
  for (const vin of vins)
    await tab.waitForSelector(`[data-vhl-vin="${vin}"][data-vhl-placed]`, { timeout: 15_000 });
  return tab;
}

/** Every tab's address as the extension's own tabs API lists it (a tab loading, or one whose load
 * failed offline, included: WebDriver lists those as about:blank). */
async function tabAddresses(): Promise<string[]> {
  const page = await stack.firefox.openPage('popup.html', stack.launcher);
  const urls = await page.evaluate(async () =>
    (
      await (
        globalThis as unknown as { browser: { tabs: { query(q: object): Promise<Array<{ url?: string }>> } } }
      ).browser.tabs.query({})
    ).map((t) => t.url ?? ''),
  );
  await page.close();
  return urls;
}

describe('Firefox: one card in each state', () => {
  it('each pill says its finding; the walls hold; "Listed for less" opens its listing', {
    timeout: 150_000,
  }, async () => {
    // The account as the popup reads it (saving the key in the options does the same).
    const popup = await stack.firefox.openPage('popup.html', stack.launcher);
    await popup.waitForSelector('[data-testid="credits"]', { timeout: 15_000 });
    await popup.close();
    firstVisit();
    const all = Object.keys(shown);
    // Each tab in front until its cards are noted (a card counts once seen in a visible tab) and
    // written (sightings go at most once a second).
    const first = await visit(VERDICTS_URL, all);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const other = await visit(AUTOTRADER_URL, [LEXUS]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await first.close();
    await other.close();
    secondVisit();
    const service = stack.server.sim.log.length;
    const tab = await visit(VERDICTS_URL, all);
    const expected = FIRST_PILLS;
    for (const [vin, pill] of Object.entries(expected))
      await expect
        .poll(
          () =>
            firefoxBadgeOf(stack.firefox, tab, vin)
              .pill()
              .then((p) => `${vin}: ${p}`),
          {
            timeout: 10_000,
          },
        )
        .toBe(`${vin}: ${pill}`);
    expect(stack.server.sim.log.slice(service).map((e) => e.endpoint)).toEqual([]);
    const sizes = await tab.evaluate(hostSizes);
    expect(Object.keys(sizes).sort()).toEqual([...all].sort());
    expect(new Set(Object.values(sizes)).size).toBeLessThanOrEqual(2);
    expect(await tab.evaluate(() => document.body.innerText)).not.toMatch(
      /Mileage|less elsewhere|Report held|history/,
    );
    await stack.firefox.screenshot(tab, 'verdicts-1280-light');

    // The Explorer's report read in the viewer: "2 accidents" on its card, nothing more on its host.
    const explorer = firefoxBadgeOf(stack.firefox, tab, EXPLORER);
    await explorer.open();
    // The viewer opens in a new tab (its moz-extension: address is not one WebDriver lists).
    await explorer.click('Open your report (free)');
    await tab.bringToFront();
    await tab.keyboard.press('Escape');
    await expect
      .poll(() => explorer.pill(), { timeout: 15_000 })
      .toBe('pill warn | icon alert | 2 accidents');
    const settled = ((await tab.evaluate(hostRecords))[EXPLORER] ?? []).length;
    await tab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await tab.evaluate(hostRecords))[EXPLORER]).toHaveLength(settled);

    // "Listed for less on autotrader.com" opens that listing in a new tab; the results stay.
    const lexus = firefoxBadgeOf(stack.firefox, tab, LEXUS);
    await lexus.open();
    await expect.poll(() => lexus.text()).toMatch(/Listed for less on autotrader\.com: \$11,000, \$460 less/);
    await lexus.click('Listed for less on autotrader');
    await expect
      .poll(
        async () => (await tabAddresses()).filter((url) => url.startsWith('https://www.autotrader.com/')),
        {
          timeout: 10_000,
        },
      )
      .toEqual([expect.stringMatching(/^https:\/\/www\.autotrader\.com\/cars-for-sale\/vehicle\//)]);
    expect(tab.url()).toBe(VERDICTS_URL);
    await tab.close();
  });
});
