// A feed longer than a tab's list of VINs (MAX_TAB_VINS, 1,000: the newest found), in Chromium: the
// page's 1,500 cards are all badged, the tab's list holds the newest 1,000, and a badge the user opens
// on an early card, whose VIN has left the list, still answers: its panel opens with the vehicle's
// history and "Check records" checks exactly that VIN, once (before, the background refused both:
// "That vehicle is not on this page"). The page is the benchmarks' generated listing page
// (samples/listing-page.ts: VINs as text, in data-vin attributes and only in JSON-LD).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAB_VINS } from '@/lib/vin/page-limits';
import { listingPage } from '../../samples/listing-page';
import { badgeOf } from './support/closed-shadow';
import { startStack } from './support/setup-extension';

const CARDS = 1500;
const page = listingPage(CARDS, 47);
let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
  await stack.browser.context.route(`${stack.server.origin}/generated/long-feed.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: page.html }),
  );
});
afterAll(() => stack?.stop());

describe('a feed longer than the tab keeps', () => {
  it("an early card's badge, whose VIN left the tab's list, still answers and checks that VIN once", async () => {
    const tab = await stack.browser.context.newPage();
    await tab.goto(`${stack.server.origin}/generated/long-feed.html`);
    await expect
      .poll(() => tab.locator('[data-vhl-vin]').count(), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(CARDS);
    // The tab's list as the background keeps it: the newest 1,000.
    const tabId = await stack.browser.tabIdOf(tab);
    const listed = await stack.browser.inWorker(
      async (id) =>
        JSON.stringify(
          await (
            globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<object> } } } }
          ).chrome.storage.session.get(null),
        ).match(new RegExp(`tabVins:${id}"[^\\]]*\\]`))?.[0] ?? '',
      tabId,
    );
    const kept = new Set(listed.match(/[A-HJ-NPR-Z0-9]{17}/g) ?? []);
    expect(kept.size).toBe(MAX_TAB_VINS);
    // A badged card whose VIN is no longer listed (the JSON-LD ones are found first, in the head).
    const badged = new Set(
      await tab.$$eval('[data-vhl-vin]', (hosts) =>
        hosts.map((h) => (h as HTMLElement).dataset.vhlVin ?? ''),
      ),
    );
    const gone = page.vins.find((vin) => badged.has(vin) && !kept.has(vin));
    if (!gone) throw new Error('no early VIN left the list');

    const mark = stack.server.sim.log.length;
    await tab.locator(`[data-vhl-vin="${gone}"]`).scrollIntoViewIfNeeded();
    const badge = await badgeOf(tab, gone);
    await badge.open();
    await expect.poll(() => badge.text(), { timeout: 10_000 }).toMatch(/Watch this vehicle/);
    expect(await badge.text()).not.toMatch(/not on this page/);
    await badge.click('Check records');
    await expect.poll(() => badge.text(), { timeout: 15_000 }).toMatch(/providerA \d+ records?/);
    expect(stack.server.sim.log.slice(mark).map((entry) => entry.path)).toEqual([`/records/vin/${gone}`]);
    await badge.close();
    await tab.close();
  });
});
