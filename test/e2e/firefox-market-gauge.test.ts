// The fair-price gauge in Firefox ESR (issue 57): the Chromium test's story (market-gauge.test.ts) on
// the same pages at their real addresses, answered by request interception over WebDriver BiDi
// (market-pages.ts): 30 real 2013 Camry sales on a cars.com results page, then a 31st Camry's own
// page rated against them; a Camry listed in Toronto (Canadian dollars) gets no gauge. Read from the
// badge's closed shadow root (firefox-closed-shadow.ts); the page reads none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { servedTab } from './support/firefox-served';
import {
  CANADIAN,
  CANADIAN_URL,
  marketPage,
  RESULTS_URL,
  scrollThrough,
  TARGET,
  TARGET_URL,
} from './support/market-pages';
import { startFirefoxStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startFirefoxStack>>;
beforeAll(async () => {
  stack = await startFirefoxStack();
});
afterAll(() => stack?.stop());

/** Opens `url`, then `vin`'s panel; the tab and the panel's words once `ready` shows. */
async function panelWords(url: string, vin: string, ready: RegExp) {
  const tab = await servedTab(stack.firefox.browser, marketPage);
  await tab.goto(url);
  await tab.waitForSelector(`[data-vhl-vin="${vin}"]`, { visible: true, timeout: 15_000 });
  const badge = firefoxBadgeOf(stack.firefox, tab, vin);
  await badge.open();
  await expect.poll(() => badge.text(), { timeout: 15_000 }).toMatch(ready);
  return { tab, words: await badge.text() };
}

describe('Firefox: a fair price from the listings seen', () => {
  it('30 similar cars seen, then one car rated against them; another currency gets none', async () => {
    const results = await servedTab(stack.firefox.browser, marketPage);
    await results.goto(RESULTS_URL);
    await expect
      .poll(() => results.evaluate(() => document.querySelectorAll('[data-vhl-vin]').length), {
        timeout: 15_000,
      })
      .toBe(36);
    // Scrolled through as a shopper does: a card counts once seen (the six hidden ones never).
    await scrollThrough(results as never);
    // Left at once for a car's page, as a shopper clicking through does: the notes still waiting for
    // their second (at most one message a second) go as the page goes (without that, Firefox
    // counted 22 of the 27).
    await results.goto(TARGET_URL);
    await results.close();

    // The panel's gauge line ("Great price: $…"), not the pill's own "Great price" (issue 64).
    const { tab, words } = await panelWords(TARGET_URL, TARGET.vin, /(Great|Good) price: |Not rated/);
    expect(words).toMatch(
      /(Great|Good) price: \$[\d,]+ is \$[\d,]+ below the typical \$[\d,]+ for 27 similar 2011-2015 Toyota Camrys you've seen \(mileage-adjusted\); most ask \$[\d,]+-\$[\d,]+\./,
    );
    // The rating is on the card itself (issue 64), with its own icon.
    expect(await firefoxBadgeOf(stack.firefox, tab, TARGET.vin).pill()).toMatch(
      /^pill good \| icon tag \| (Great|Good) price$/,
    );
    expect(await tab.evaluate(() => document.body.innerText)).not.toMatch(/price|similar/i);
    await stack.firefox.screenshot(tab, 'market-gauge');
    await tab.close();

    // Too few cars priced in its currency: no rating, and no line saying so on the panel (issue 64);
    // the pill says nothing of a price either.
    const canadian = await panelWords(CANADIAN_URL, CANADIAN, /Watch this vehicle/);
    expect(canadian.words).not.toMatch(/fair price|similar|are needed/i);
    expect(canadian.words).toMatch(/^V VIN History Lens: No history yet /);
    await canadian.tab.close();
  });
});
