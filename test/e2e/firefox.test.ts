// The core flows in Firefox ESR (the Firefox MV3 build, loaded through puppeteer-core over BiDi):
// setting the key up, badges on a listing page, record counts through the background, the popup,
// and a report in the viewer's sandbox. The badge's shadow root is closed and Firefox has no CDP
// to pierce it, so the badge is driven with the keyboard, like a user would, and what it asked
// for is read from the simulator's log and the popup.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'webextension-polyfill';
import { DEMO_API_KEY } from '@/simulator/seed';
import type { SimulatorServer } from '@/simulator/server';
import { type FirefoxExtension, launchFirefoxExtension } from '../../scripts/firefox';
import { wireMessage } from '../../scripts/wire-message';
import { DEMO_LISTING_BADGES, DEMO_LISTING_VIN_COUNT } from '../support/demo-listing';
import { firefoxBadgeOf } from './support/firefox-closed-shadow';
import { startFixtureServer } from './support/setup-extension';

let server: SimulatorServer;
let firefox: FirefoxExtension;
let launcher: string;

beforeAll(async () => {
  server = await startFixtureServer();
  launcher = `${server.origin}/fixtures/blank.html`;
  firefox = await launchFirefoxExtension();
});
afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

const text = (page: Page) => page.evaluate(() => document.body.innerText);
const waitForText = (page: Page, wanted: string, timeout = 15_000) =>
  page.waitForFunction((w) => document.body.innerText.includes(w), { timeout }, wanted);
const badgeVins = (page: Page) =>
  page.$$eval('[data-vhl-vin]', (hosts) => hosts.map((h) => (h as HTMLElement).dataset.vhlVin ?? '').sort());
/** Paths the service was asked for since `mark` (a length of the simulator's log). */
const requestsSince = (mark: number) => server.sim.log.slice(mark).map((entry) => entry.path);

/** The connection settings as the background reports them to an extension page. */
const settingsSeenBy = (extensionPage: Page) =>
  extensionPage.evaluate(
    (message) => (globalThis as unknown as { browser: Browser }).browser.runtime.sendMessage(message),
    wireMessage('getSettings'),
  );

/** The browser's id of the tab showing `page`, asked from an extension page. */
async function tabIdOf(extensionPage: Page, page: Page): Promise<number> {
  const url = page.url();
  // Firefox's tabs.query refuses URL patterns with a port: compare the URLs instead.
  const id = await extensionPage.evaluate(
    async (wanted) =>
      (await (globalThis as unknown as { browser: Browser }).browser.tabs.query({})).find(
        (tab) => tab.url === wanted,
      )?.id,
    url,
  );
  if (id === undefined) throw new Error(`no tab shows ${url}`);
  return id;
}

describe('Firefox ESR', () => {
  let options: Page;
  let listing: Page;

  it('saves the service URL and key from the options page, checked against the service', async () => {
    options = await firefox.openPage('options.html', launcher);
    await options.waitForFunction(() => (document.querySelector('#service-url') as HTMLInputElement)?.value);
    await options.click('#service-url');
    await options.keyboard.down('Control');
    await options.keyboard.press('a');
    await options.keyboard.up('Control');
    await options.type('#service-url', server.baseUrl);
    await options.type('#api-key', DEMO_API_KEY);
    await options.keyboard.press('Enter');
    await waitForText(options, 'Dana Demo');
    // The key checked (one /user), then what the user owns read at once (issue 56): the account.
    await expect.poll(() => requestsSince(0).length).toBe(4);
    expect(requestsSince(0)[0]).toBe('/user');
    expect(requestsSince(0).slice(1).sort()).toEqual(['/user', '/user/limits', '/user/reports']);
    await firefox.screenshot(options, 'options-saved');
    // The same type scale as in Chromium: 14 px body text, nothing visible under 12 px.
    const sizes = await options.evaluate(() => {
      let smallest = Number.POSITIVE_INFINITY;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.textContent?.trim() || !el) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width < 2 || rect.height < 2) continue;
        smallest = Math.min(smallest, Number.parseFloat(getComputedStyle(el).fontSize));
      }
      return { body: Number.parseFloat(getComputedStyle(document.body).fontSize), smallest };
    });
    expect(sizes.body).toBeGreaterThanOrEqual(14);
    expect(sizes.smallest).toBeGreaterThanOrEqual(12);
  });

  it('a content script may read and write storage.local here, yet finds no key and changes nothing the background decides', async () => {
    // What Firefox's content-script API allows (setAccessLevel exists for storage.session only): the
    // probe (entrypoints/test-storage-probe.content.ts, test builds only) reads storage.local, sync and
    // session and the page's IndexedDB, then rewrites storage.local as an attacker would.
    const settingsBefore = await settingsSeenBy(options);
    // The account read once, so the popup's headline (name, e-mail, credits) is in storage.session,
    // where an extension page sees it; the probe must not.
    await options.evaluate(
      (message) => (globalThis as unknown as { browser: Browser }).browser.runtime.sendMessage(message),
      wireMessage('getAccount', { fresh: true }),
    );
    await expect
      .poll(() =>
        options.evaluate(async () =>
          JSON.stringify(
            await (globalThis as unknown as { browser: Browser }).browser.storage.session.get('headline'),
          ),
        ),
      )
      .toContain('Dana Demo');
    const probe = await firefox.browser.newPage();
    await probe.goto(`${server.origin}/fixtures/probe.html`);
    await probe.waitForFunction(() => document.documentElement.dataset.probe, { timeout: 15_000 });
    const seen = (await probe.evaluate(() => document.documentElement.dataset.probe)) as string;
    expect(seen).not.toContain(DEMO_API_KEY);
    expect(seen).not.toContain('Dana Demo');
    const parsed = JSON.parse(seen) as { local: unknown; wrote: string; indexedDb: unknown };
    expect(parsed.local).toEqual({}); // readable in Firefox, and empty: nothing of ours is kept there
    expect(parsed.wrote).toBe('local');
    expect(parsed.indexedDb).toEqual([]);
    const settingsAfter = await settingsSeenBy(options);
    expect(settingsAfter).toEqual(settingsBefore);
    expect(JSON.stringify(settingsAfter)).toContain(server.baseUrl);
    await probe.close();
  });

  it('badges every vehicle of the demo listing page and spends nothing', async () => {
    const mark = server.sim.log.length;
    listing = await firefox.browser.newPage();
    await listing.goto(`${server.origin}/demo/listing.html`);
    await expect.poll(() => badgeVins(listing), { timeout: 15_000 }).toEqual(DEMO_LISTING_BADGES);
    // The toolbar counts all eight (one is only in the page's JSON state).
    const tabId = await tabIdOf(options, listing);
    await expect
      .poll(() =>
        options.evaluate(
          (id) => (globalThis as unknown as { browser: Browser }).browser.action.getBadgeText({ tabId: id }),
          tabId,
        ),
      )
      .toBe(String(DEMO_LISTING_VIN_COUNT));
    await firefox.screenshot(listing, 'listing');
    expect(requestsSince(mark)).toEqual([]);
  });

  it("checks one VIN's records through the background when its badge asks, and the popup shows them", async () => {
    const vin = '1C6RD6FT1CS310366'; // not owned: its first action is the record check
    const mark = server.sim.log.length;
    // Open the badge with the mouse, then its first action ("Check records") with the keyboard.
    // Drawn after the frame its host joins the page in (near-screen.ts), as a user sees it.
    await listing.waitForSelector(`vhl-badge[data-vhl-vin="${vin}"]`, { visible: true });
    await listing.click(`vhl-badge[data-vhl-vin="${vin}"]`);
    // The first click of a page brings the panel (the background injects it): then Tab, in the order
    // the panel is drawn in (its findings and the rest, then the pinned actions), to "Check records".
    await listing.waitForSelector(`vhl-badge[data-vhl-vin="${vin}"][data-vhl-open]`);
    const badge = firefoxBadgeOf(firefox, listing, vin);
    const stops: string[] = [];
    for (let i = 0; i < 8 && stops.at(-1) !== 'Check records'; i++) {
      await listing.keyboard.press('Tab');
      stops.push(await badge.focused());
    }
    // The memory's and NHTSA's parts come a moment later: reached first when they are there.
    expect(stops.at(-1), stops.join(' > ')).toBe('Check records');
    // Every stop on the way is one of the panel's controls (never the page, never nothing).
    expect(stops.every(Boolean), stops.join(' > ')).toBe(true);
    const focusedVin = () =>
      listing.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.vhlVin);
    expect(await focusedVin()).toBe(vin);
    await listing.keyboard.press('Enter');
    await expect.poll(() => requestsSince(mark), { timeout: 15_000 }).toEqual([`/records/vin/${vin}`]);
    expect(server.sim.log.at(-1)?.userId).toBe(server.sim.log[0]?.userId);

    const popup = await firefox.openPage(`popup.html?tab=${await tabIdOf(options, listing)}`, launcher);
    await waitForText(popup, '25 credits left');
    // Every vehicle, not only the first few the popup shows (issue 65).
    await waitForText(popup, 'Show all');
    await popup.evaluate(() =>
      [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'))?.click(),
    );
    const expected = await server.sim
      .fetch(new Request(`${server.baseUrl}/records/vin/${vin}`, { headers: { 'x-api-key': DEMO_API_KEY } }))
      .then((r) => r.json() as Promise<{ providerA_records: number; providerB_records: number }>);
    const shown = await text(popup);
    expect(shown).toContain('Dana Demo');
    expect(shown).toContain(
      `providerA: ${expected.providerA_records} records on file, providerB: ${expected.providerB_records} records on file`,
    );
    // Only that VIN was checked: the others still offer "Check records", but those whose report the
    // demo account holds (the Cruze, the Ford and the Camry), which offer it instead (issue 56).
    expect(shown.match(/Check records/g)?.length).toBeGreaterThanOrEqual(4);
    expect(shown.match(/Open your report/g)?.length).toBe(3);
    await firefox.screenshot(popup, 'popup');
  });

  it('runs a workbench batch in the background: 2 rows checked = 2 record checks, 1 row bought = 1 charge', async () => {
    const [checkA, checkB, bought] = ['KNAE55LC7J6018811', 'WAULFAFR6DA001366', '5N3ZA0NE1AN908084'];
    const mark = server.sim.log.length;
    const bench = await firefox.openPage('workbench.html', launcher);
    await bench.waitForSelector('#vins');
    await bench.type('#vins', `${checkA}, ${checkB}\n${bought}\n1HGCM82633A00435`);
    /** Clicks the enabled button whose text is `name`, once there is one. */
    const click = async (name: string) => {
      await bench.waitForFunction(
        (n) => [...document.querySelectorAll('button')].some((b) => b.textContent === n && !b.disabled),
        { timeout: 15_000 },
        name,
      );
      await bench.evaluate(
        (n) => [...document.querySelectorAll('button')].find((b) => b.textContent === n)?.click(),
        name,
      );
    };
    const ended = () =>
      bench.waitForFunction(
        () =>
          /^(done|stopped|cancelled)$/.test(
            document.querySelector('section.batch')?.getAttribute('data-state') ?? '',
          ),
        { timeout: 20_000 },
      );
    await click('Add to the table');
    await bench.waitForFunction(() => document.querySelectorAll('table.vin-table tbody tr').length === 3);
    expect(await text(bench)).toContain('1HGCM82633A00435: length: 16 characters, a VIN has 17');
    await bench.click(`input[aria-label="Select ${checkA}"]`);
    await bench.click(`input[aria-label="Select ${checkB}"]`);
    await click('Check records (2)');
    await click('Spend 2 record checks');
    await ended();
    expect(
      requestsSince(mark)
        .filter((path) => path.startsWith('/records/'))
        .sort(),
    ).toEqual([`/records/vin/${checkA}`, `/records/vin/${checkB}`].sort());
    // Only the third row, bought through the page's one confirmation.
    await bench.click(`input[aria-label="Select ${checkA}"]`);
    await bench.click(`input[aria-label="Select ${checkB}"]`);
    await bench.click(`input[aria-label="Select ${bought}"]`);
    await click('Buy selected…');
    await click('Buy 1 report · 1 credit');
    await bench.waitForFunction(() =>
      document.querySelector('section.batch h2')?.textContent?.includes('Buying'),
    );
    await ended();
    expect(server.sim.log.filter((e) => e.endpoint === 'buy' && e.charged).map((e) => e.vin)).toEqual([
      bought,
    ]);
    await firefox.screenshot(bench, 'workbench');
  });

  it('renders a held report in the sandbox, where its scripts, refresh and remote loads do nothing', async () => {
    const viewer = await firefox.openPage('report.html?provider=providerA&id=1', launcher);
    await waitForText(viewer, '1G1PG5SC3C7167133');
    // The frame is drawn once the viewer knows whether a complete copy is kept (one more message):
    // until its srcdoc is written, Firefox shows it as about:blank.
    await expect
      .poll(async () => (await firefox.childFrames(viewer))[0]?.url, { timeout: 10_000 })
      .toBe('about:srcdoc');
    const [frame] = await firefox.childFrames(viewer);
    await expect.poll(() => frame?.evaluate('document.body.innerText')).toContain('Vehicle History Report');
    // The report's meta refresh fires after 3 s if it survives.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await frame?.evaluate('String(window.__vhlReportScriptRan)')).toBe('undefined');
    expect(await frame?.evaluate('location.href')).toBe('about:srcdoc');
    expect(server.sim.beacons).toEqual([]);
    expect(await viewer.evaluate(() => location.pathname)).toBe('/report.html');
    await firefox.screenshot(viewer, 'report');
  });
});
