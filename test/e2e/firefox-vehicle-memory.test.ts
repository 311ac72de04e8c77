// The memory of vehicles seen, in Firefox ESR (issue 45): the Chromium test's story
// (vehicle-memory.test.ts) on the same two sites at their real addresses, answered by request
// interception over WebDriver BiDi (memory-sites.ts): seen before, listed for less, relisted after
// sold, a mileage warning, each read from the badge's closed shadow root (firefox-closed-shadow.ts);
// the page reads none of it; "Clear browsing memory" leaves nothing in the store (read back from an
// extension page).
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { servedTab } from './support/firefox-served';
import { AUTOTRADER_URL, CARS_URL, CRUZE, countMemory, shown, sitePage } from './support/memory-sites';
import { startFirefoxStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startFirefoxStack>>;
beforeAll(async () => {
  stack = await startFirefoxStack();
});
afterAll(() => stack?.stop());

/** Opens the listing in a new tab, then the Cruze's panel; returns the tab and the panel's words. */
async function panelOn(url: string): Promise<{ tab: Page; words: string }> {
  const tab = await servedTab(stack.firefox.browser, sitePage);
  await tab.goto(url);
  await tab.waitForSelector(`[data-vhl-vin="${CRUZE}"]`, { visible: true, timeout: 15_000 });
  const badge = firefoxBadgeOf(stack.firefox, tab, CRUZE);
  await badge.open();
  await expect.poll(() => badge.text(), { timeout: 10_000 }).toMatch(/Watch this vehicle|Watching/);
  return { tab, words: await badge.text() };
}

/** The memory's stores, read from an extension page (the extension's own origin). */
async function storeCounts(): Promise<{ listings: number; watched: number }> {
  const page = await stack.firefox.openPage('options.html', stack.launcher);
  const counts = await page.evaluate(countMemory);
  await page.close();
  return counts;
}

describe('Firefox: a vehicle seen on two sites, remembered on this device', () => {
  it('seen before, listed for less, relisted after sold, a mileage warning; the page reads none of it; cleared, nothing is left', async () => {
    const first = await panelOn(CARS_URL);
    expect(first.words).not.toMatch(/Seen before|Listed for less/);
    await first.tab.close();

    const autotrader = await panelOn(AUTOTRADER_URL);
    expect(autotrader.words).toMatch(/Seen before: cars\.com at \$12,500 \(\w{3} \d{1,2}\)/);
    expect(await autotrader.tab.evaluate(() => document.body.innerText)).not.toMatch(/Seen before|cars\.com/);
    await autotrader.tab.close();

    const again = await panelOn(CARS_URL);
    expect(again.words).toContain('Listed for less on autotrader.com: $11,900');
    await again.tab.close();

    shown.cars = { price: '$11,500', mileage: '60,000 mi.', status: '<span class="badge">SOLD</span>' };
    await (await panelOn(CARS_URL)).tab.close();
    shown.cars = { price: '$11,500', mileage: '60,000 mi.', status: '' };
    const relisted = await panelOn(CARS_URL);
    expect(relisted.words).toMatch(/Relisted: for sale again on \w{3} \d{1,2} after it was shown as sold\./);
    expect(relisted.words).toMatch(/▼ \$1,000 since \w{3} \d{1,2} \(was \$12,500\)/);
    await relisted.tab.close();

    shown.autotrader = { price: 11900, mileage: '45,000' };
    const lower = await panelOn(AUTOTRADER_URL);
    expect(lower.words).toMatch(
      /Mileage warning: This listing has said 45,000 mi since \w{3} \d{1,2}; it said 60,300 mi on \w{3} \d{1,2}\./,
    );
    await stack.firefox.screenshot(lower.tab, 'memory-mileage-warning');
    await lower.tab.close();
    expect(await storeCounts()).toEqual({ listings: 2, watched: 0 });

    const options = await stack.firefox.openPage('options.html', stack.launcher);
    /** Clicks the button named `name` once it is there (an extension page: puppeteer's handles are not). */
    const click = async (name: string) => {
      await options.waitForFunction(
        (n) => [...document.querySelectorAll('button')].some((b) => b.textContent === n),
        { timeout: 10_000 },
        name,
      );
      await options.evaluate(
        (n) => [...document.querySelectorAll('button')].find((b) => b.textContent === n)?.click(),
        name,
      );
    };
    await click('Clear browsing memory');
    await click('Yes, clear browsing memory');
    await options.waitForFunction(() => document.body.innerText.includes('Browsing memory cleared'));
    await options.close();
    expect(await storeCounts()).toEqual({ listings: 0, watched: 0 });
  });
});
