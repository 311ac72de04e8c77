// The memory on real results pages (issue 54), in Firefox ESR: listing-traps.test.ts's story on the
// same two pages at their real addresses, answered by request interception over WebDriver BiDi. Each
// badge opened by a mouse click at the pill's centre (firefox-closed-shadow.ts measures it in the
// closed root), under cars.com's and TrueCar's stretched card links: the panel opens, the page stays.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { servedTab } from './support/firefox-served';
import {
  AUDI,
  CARS_LAYERS,
  CARS_RESULTS,
  LAYER_VINS,
  resultsPage,
  TRUECAR_RESULTS,
  truecarShows,
} from './support/listing-sites';
import { startFirefoxStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startFirefoxStack>>;
beforeAll(async () => {
  stack = await startFirefoxStack();
});
afterAll(() => stack?.stop());

async function panelOn(
  url: string,
): Promise<{ tab: Page; words: string; badge: ReturnType<typeof firefoxBadgeOf> }> {
  const tab = await servedTab(stack.firefox.browser, resultsPage);
  await tab.goto(url);
  await tab.waitForSelector(`[data-vhl-vin="${AUDI}"]`, { visible: true, timeout: 15_000 });
  const badge = firefoxBadgeOf(stack.firefox, tab, AUDI);
  await badge.open();
  await expect.poll(() => badge.text(), { timeout: 10_000 }).toMatch(/Watch this vehicle|Watching/);
  expect(tab.url()).toBe(url);
  return { tab, words: await badge.text(), badge };
}

describe('Firefox: one vehicle on two real results pages, their traps and their stretched card links', () => {
  it('no false bargain or odometer warning, a true warning raised, every pill and panel button clicked by the mouse', async () => {
    const cars = await panelOn(CARS_RESULTS);
    expect(cars.words).not.toMatch(/Seen before|Listed for less|Mileage warning/);
    await cars.tab.close();

    const truecar = await panelOn(TRUECAR_RESULTS);
    expect(truecar.words).toContain('Listed for less on cars.com: $14,995');
    expect(truecar.words).not.toMatch(/\$713|Mileage warning/);
    await truecar.tab.close();

    const again = await panelOn(CARS_RESULTS);
    expect(again.words).not.toMatch(/Listed for less|Mileage warning|\$713/);
    await again.tab.close();

    truecarShows.mileage = '47,000 miles';
    const lower = await panelOn(TRUECAR_RESULTS);
    expect(lower.words).toMatch(
      /Mileage warning: This listing has said 47,000 mi since \w{3} \d{1,2}; it said 48,260 mi/,
    );
    await lower.tab.close();

    const last = await panelOn(CARS_RESULTS);
    await last.badge.click('Forget this vehicle');
    await expect.poll(() => last.badge.text()).toContain('Forgotten');
    expect(last.tab.url()).toBe(CARS_RESULTS);
    await last.tab.close();
  });

  it("cars.com's card layers at z-index 10 and 20: each pill takes the mouse at 1280 and 390 px; the sticky filter bar still covers it", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 740],
    ] as const) {
      const tab = await servedTab(stack.firefox.browser, resultsPage);
      await tab.setViewport({ width, height });
      await tab.goto(CARS_LAYERS);
      for (const vin of LAYER_VINS) {
        await tab.waitForSelector(`[data-vhl-vin="${vin}"]`, { timeout: 15_000 });
        const badge = firefoxBadgeOf(stack.firefox, tab, vin);
        // A click that reached the card's link, photo block or sponsored link would leave the page.
        await badge.open();
        expect(tab.url(), `${vin} at ${width} px`).toBe(CARS_LAYERS);
        await tab.keyboard.press('Escape');
      }
      if (width === 390) {
        // The filter bar (sticky, z-index 9995) scrolled over the first pill: it takes the point.
        const hit = await tab.evaluate(() => {
          const host = document.querySelector('vhl-badge') as HTMLElement;
          window.scrollBy(0, host.getBoundingClientRect().top - 12);
          const box = host.getBoundingClientRect();
          return document
            .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
            ?.closest('.filter-bar')?.className;
        });
        expect(hit).toBe('filter-bar');
      }
      await tab.close();
    }
  });
});
