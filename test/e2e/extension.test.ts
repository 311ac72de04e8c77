// The built extension in real Chromium against the simulator on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '@/simulator/server';
import { type ExtensionBrowser, launchExtension } from '../../scripts/chromium';

// The service worker's own `chrome` global, as seen inside worker.evaluate().
declare const chrome: {
  runtime: { getManifest(): { manifest_version: number; permissions?: string[] } };
  storage: { local: { get(keys: string[]): Promise<Record<string, unknown>> } };
};

let server: SimulatorServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startSimulatorServer({ port: 0 });
  browser = await launchExtension();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('extension in Chromium', () => {
  it('starts its service worker with the manifest it was built with', async () => {
    expect(browser.extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await browser.inWorker(() => chrome.runtime.getManifest(), undefined);
    expect(manifest.manifest_version).toBe(3);
    // The minimal set, each justified in the README; a new permission has to change this line.
    expect(manifest.permissions).toEqual(['storage', 'activeTab', 'scripting', 'contextMenus', 'alarms']);
  });

  it('the popup opens and, with no key yet, leads to the settings', async () => {
    const popup = await browser.openPage('popup.html');
    await expect
      .poll(() => popup.getByTestId('no-key').textContent())
      .toMatch(/Connect the extension to your report service/);
    expect(await popup.getByRole('button', { name: 'Set up' }).isVisible()).toBe(true);
    await browser.screenshot(popup, 'popup-no-key');
    await popup.close();
  });

  it('the options page refuses a wrong key with a message about the key or the network', async () => {
    const options = await browser.openPage('options.html');
    await options.getByLabel('Service URL').fill(server.baseUrl);
    await options.getByLabel('API key').fill('not-my-key');
    await options.getByRole('button', { name: 'Test connection and save' }).click();
    // Said on the field itself, with what to do there (not "check the key in the options page").
    await expect
      .poll(() => options.getByRole('alert').textContent())
      .toMatch(/The service refused this key\. Copy the key again .* paste it in the API key field above/);
    expect(await options.getByLabel('API key').getAttribute('aria-invalid')).toBe('true');
    expect(await options.getByLabel('Service URL').getAttribute('aria-invalid')).toBeNull();
    await browser.screenshot(options, 'options-key-rejected');
    await options.close();
  });

  it('the options page: grouped by who needs them, no two controls with one name (issue 65)', async () => {
    const options = await browser.openPage('options.html');
    await options.getByLabel('API key').waitFor();
    const names = await options.evaluate(() =>
      [...document.querySelectorAll('button, a[href], input, select, textarea')]
        .filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0)
        .map((el) => {
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
          return (
            el.getAttribute('aria-label') ??
            label ??
            el.closest('label')?.textContent ??
            el.textContent ??
            ''
          )
            .replace(/\s+/g, ' ')
            .trim();
        }),
    );
    expect(names.length).toBeGreaterThan(10);
    const twice = names.filter((name, i) => names.indexOf(name) !== i);
    expect(twice).toEqual([]);
    // Grouped by who needs them, what everyone sets first, each group one link away.
    expect(await options.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Getting started',
      'Shopping',
      'Dealers',
      'Your data',
    ]);
    expect(await options.locator('#getting-started h3').allInnerTexts()).toEqual([
      'Connection',
      'Provider names',
    ]);
    expect(await options.locator('#shopping h3').allInnerTexts()).toEqual([
      'Sites',
      'Browsing memory',
      'Free facts from NHTSA',
    ]);
    await options
      .getByRole('navigation', { name: 'Settings groups' })
      .getByRole('link', { name: 'Dealers' })
      .click();
    await expect.poll(() => options.evaluate(() => location.hash)).toBe('#dealers');
    await options.close();
  });

  it('the workbench leads to the library and the watched vehicles, and the library back to it', async () => {
    const page = await browser.openPage('workbench.html');
    const links = page.getByRole('navigation', { name: 'Other pages' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual(['Your reports', 'Watched vehicles']);
    await links.filter({ hasText: 'Watched vehicles' }).click();
    await page.waitForURL(/library\.html#watched$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toMatch(/Watched vehicles/);
    // Its navigation in the content column, aligned with its heading (it sat 55 px left of it).
    const nav = await page
      .getByRole('navigation', { name: 'Library' })
      .getByRole('link')
      .first()
      .boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox();
    expect(Math.abs((nav?.x ?? 0) - (heading?.x ?? -99))).toBeLessThanOrEqual(1);
    await page.getByRole('navigation', { name: 'Library' }).getByRole('link', { name: 'Workbench' }).click();
    await page.waitForURL(/workbench\.html$/);
    await page.close();
  });

  it('the options page stores a key the service confirms, and the popup then shows the account', async () => {
    const options = await browser.openPage('options.html');
    await options.getByLabel('Service URL').fill(`${server.baseUrl}/`);
    await options.getByLabel('API key').fill('demo-api-key');
    await options.getByRole('button', { name: 'Test connection and save' }).click();
    await expect.poll(() => options.getByRole('status').textContent()).toMatch(/belongs to Dana Demo/);
    await browser.screenshot(options, 'options-saved');
    // Kept in the background's own store (extension-origin IndexedDB), not in storage.local, which
    // Firefox lets content scripts read.
    expect(
      await browser.inWorker(() => chrome.storage.local.get(['apiKey', 'serviceUrl']), undefined),
    ).toEqual({});
    const kept = await browser.inWorker(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('vin-history-store');
          open.onsuccess = () => {
            const get = open.result.transaction('values').objectStore('values').get('apiKey');
            get.onsuccess = () => resolve(get.result);
          };
        }),
      undefined,
    );
    expect(kept).toBe('demo-api-key');
    await options.close();

    const popup = await browser.openPage('popup.html');
    await expect.poll(() => popup.getByTestId('user-name').textContent()).toBe('Dana Demo');
    expect(await popup.getByTestId('credits').textContent()).toBe('25 credits left · a report costs 1');
    await browser.screenshot(popup, 'popup-account');
    await popup.close();
    // Free reads only: the keys tried, then the popup's account (user, limits, reports). No check, no purchase.
    expect(new Set(server.sim.log.map((e) => e.endpoint))).toEqual(new Set(['user', 'limits', 'reports']));
  });
});
