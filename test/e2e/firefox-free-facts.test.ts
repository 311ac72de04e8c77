// NHTSA's free facts in Firefox ESR (issue 46), against the NHTSA stand-in on 127.0.0.5 (simulator/
// nhtsa/): off until the options page's "Turn on" (a real click, whose permissions.request the test
// profile answers yes: scripts/firefox.ts), then a badge opened on the demo listing shows the Cruze's
// decode, recalls with "park it" first, complaints and stars, read from its closed shadow root
// (firefox-closed-shadow.ts); the page's own script reads none of it. Withdrawn as in about:addons,
// the badge says off and NHTSA hears nothing more.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '@/simulator/server';
import type { FirefoxExtension } from '../../scripts/firefox';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { startFirefoxStack } from './support/setup-extension';

const CRUZE = '1G1PG5SC3C7167133';
let server: SimulatorServer;
let firefox: FirefoxExtension;
let launcher: string;
let stack: Awaited<ReturnType<typeof startFirefoxStack>>;

beforeAll(async () => {
  stack = await startFirefoxStack();
  ({ server, firefox, launcher } = stack);
});
afterAll(() => stack?.stop());

/** The demo listing's Cruze, its panel opened; the tab and the panel's words once `ready` matches. */
async function cruzePanel(ready: RegExp): Promise<{ tab: Page; words: string }> {
  const tab = await firefox.browser.newPage();
  await tab.goto(`${server.origin}/demo/listing.html`);
  await tab.waitForSelector(`[data-vhl-vin="${CRUZE}"]`, { visible: true, timeout: 15_000 });
  const badge = firefoxBadgeOf(firefox, tab, CRUZE);
  await badge.open();
  await expect.poll(() => badge.text(), { timeout: 15_000 }).toMatch(ready);
  return { tab, words: await badge.text() };
}

async function optionsState(): Promise<{ page: Page; state: string }> {
  const page = await firefox.openPage('options.html#free-facts', launcher);
  await page.waitForSelector('[data-testid=free-facts-state]', { timeout: 10_000 });
  const state = await page.$eval('[data-testid=free-facts-state]', (el) => el.textContent ?? '');
  return { page, state };
}

describe('Firefox: free facts from NHTSA', () => {
  it('off until turned on; then the Cruze’s decode, recalls, complaints and stars; withdrawn, off again', async () => {
    const off = await cruzePanel(/are off/);
    expect(off.words).toContain('Free NHTSA facts (recalls, complaints, crash ratings) are off.');
    await off.tab.close();
    expect(server.nhtsa.log).toEqual([]);

    const { page: options, state } = await optionsState();
    expect(state).toBe('Off: nothing is sent to NHTSA.');
    // A real click: Firefox grants an optional permission only to a request made in one.
    await options.click('#free-facts button.primary');
    await options.waitForFunction(
      () =>
        document.querySelector('[data-testid=free-facts-state]')?.textContent ===
        'On: the extension may ask 127.0.0.5.',
      { timeout: 10_000 },
    );
    await options.close();

    const on = await cruzePanel(/NHTSA crash rating/);
    expect(on.words).toContain(
      '2012 CHEVROLET Cruze LT · Sedan/Saloon · 4 cyl 1.4 L Gasoline · FWD/Front-Wheel Drive · built in LORDSTOWN, OHIO, UNITED STATES (USA)',
    );
    expect(on.words.indexOf('PARK IT · 14V224000')).toBeGreaterThan(-1);
    expect(on.words.indexOf('PARK IT · 14V224000')).toBeLessThan(
      on.words.indexOf('PARK OUTSIDE · 13V157000'),
    );
    expect(on.words).toContain('NHTSA crash rating: 5 of 5 stars overall.');
    // The page's own script learns none of it.
    expect(await on.tab.evaluate(() => document.body.innerText)).not.toMatch(
      /NHTSA|recall campaign|LORDSTOWN/,
    );
    await firefox.screenshot(on.tab, 'free-facts-panel');
    await on.tab.close();
    expect(server.nhtsa.log.flatMap((e) => e.vins)).toEqual([CRUZE]);
    console.log(
      `[free-facts] Firefox: ${server.nhtsa.log.length} NHTSA requests for the one badge opened (${server.nhtsa.log.map((e) => e.endpoint).join(', ')})`,
    );

    // Withdrawn as in about:addons: the options say off, the badge says off, nothing is sent.
    const page = await firefox.openPage('options.html', launcher);
    await page.evaluate(() =>
      (
        globalThis as unknown as { browser: { permissions: { remove(p: unknown): Promise<boolean> } } }
      ).browser.permissions.remove({ origins: ['http://127.0.0.5/*'] }),
    );
    await page.close();
    const after = await optionsState();
    expect(after.state).toBe('Off: nothing is sent to NHTSA.');
    await after.page.close();
    const asked = server.nhtsa.log.length;
    const withdrawn = await cruzePanel(/are off/);
    await withdrawn.tab.close();
    expect(server.nhtsa.log.length).toBe(asked);
  });
});
