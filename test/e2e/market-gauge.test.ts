// The fair-price gauge in Chromium (issue 57), from what the user has seen: a cars.com results page of
// 30 real 2013 Camry sales (test/e2e/support/market-pages.ts), then one more Camry's own page, whose
// badge panel rates its price against them; a Camry listed in Toronto (Canadian dollars) gets no
// gauge from US-dollar cars. The page reads none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeOf } from './support/closed-shadow';
import { CANADIAN, CANADIAN_URL, marketPage, RESULTS_URL, TARGET, TARGET_URL } from './support/market-pages';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
  for (const site of ['https://www.cars.com/**', 'https://toronto.craigslist.org/**'])
    await stack.browser.context.route(site, (route) =>
      route.fulfill({ contentType: 'text/html', body: marketPage(route.request().url()) ?? '' }),
    );
});
afterAll(async () => {
  await stack?.stop();
});

/** Opens `url`, then `vin`'s panel; resolves with the tab and the panel's words once `ready` shows. */
async function panelWords(url: string, vin: string, ready: RegExp) {
  const tab = await stack.browser.context.newPage();
  await tab.goto(url);
  await tab.waitForSelector(`[data-vhl-vin="${vin}"]`);
  const badge = await badgeOf(tab, vin);
  await badge.open();
  await expect.poll(() => badge.text(), { timeout: 15_000 }).toMatch(ready);
  return { tab, words: await badge.text() };
}

describe('a fair price from the listings seen', () => {
  it('30 similar cars seen on a results page, then one car: its price rated against them, mileage-adjusted', async () => {
    const results = await stack.browser.context.newPage();
    await results.goto(RESULTS_URL);
    await expect.poll(() => results.locator('[data-vhl-vin]').count(), { timeout: 15_000 }).toBe(30);
    // Its sightings go a second after the badges (at most one message a second).
    await results.waitForTimeout(2500);
    await results.close();

    const { tab, words } = await panelWords(TARGET_URL, TARGET.vin, /price: about/);
    expect(words).toMatch(
      /(Great|Good) price: about \$[\d,]+ below 30 similar 2011-2015 Toyota Camrys you've seen, mileage-adjusted; fair range \$[\d,]+-\$[\d,]+\./,
    );
    // What the page's own script can read: nothing of the gauge.
    expect(await tab.evaluate(() => document.body.innerText)).not.toMatch(/price: about|similar/);
    await stack.browser.screenshot(tab, 'market-gauge', { fullPage: false });
    await tab.close();

    const canadian = await panelWords(CANADIAN_URL, CANADIAN, /needed to judge the price/);
    expect(canadian.words).toContain(
      "12 similar 2011-2015 Toyota Camrys needed to judge the price; you've seen 0.",
    );
    expect(canadian.words).not.toMatch(/price: about/);
    await stack.browser.screenshot(canadian.tab, 'market-gauge-too-few', { fullPage: false });
    await canadian.tab.close();
  });
});
