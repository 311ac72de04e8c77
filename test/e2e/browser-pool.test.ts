// A browser handed from one e2e file to the next (support/browser-pool.ts) must be what a new user
// has: the extension freshly installed, nothing of the last file left. Every other e2e file relies on
// it, so it is tried here in both browsers: the key, storage, an IndexedDB database, pages and routes
// of the first use gone; the extension's origin the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/simulator/seed';
import type { SimulatorServer } from '@/simulator/server';
import { firefoxForFile, releaseChromium, takeChromium } from './support/browser-pool';
import { startFixtureServer } from './support/setup-extension';

let server: SimulatorServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server?.close());

interface StorageApi {
  storage: {
    local: { get(key: string): Promise<Record<string, unknown>>; set(items: object): Promise<void> };
  };
}
/** In an extension page: a storage key and an IndexedDB database of the first use, then what is left. */
const leave = async () => {
  const { chrome, browser } = globalThis as unknown as { chrome?: StorageApi; browser?: StorageApi };
  const api = (browser ?? chrome) as StorageApi;
  await api.storage.local.set({ lastFile: 'was here' });
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('last-file', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('notes');
    open.onsuccess = () => resolve(open.result.close());
    open.onerror = () => reject(open.error);
  });
};
const left = async () => {
  const { chrome, browser } = globalThis as unknown as { chrome?: StorageApi; browser?: StorageApi };
  const api = (browser ?? chrome) as StorageApi;
  const names = (await indexedDB.databases()).map((db) => db.name);
  return {
    stored: (await api.storage.local.get('lastFile')).lastFile ?? null,
    lastFileDb: names.includes('last-file'),
  };
};

describe('a browser handed on to the next file', () => {
  it('Chromium: the extension as a new user has it, in the same browser', async () => {
    const first = await takeChromium('desktop');
    await first.configure(server.baseUrl, DEMO_API_KEY);
    await first.inExtensionPage(leave, undefined);
    expect(await first.inExtensionPage(left, undefined)).toEqual({ stored: 'was here', lastFileDb: true });
    const blank = `${server.origin}/fixtures/blank.html`;
    await first.context.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>routed by the last file</p>' }),
    );
    const tab = await first.context.newPage();
    await tab.goto(blank);
    expect(await tab.locator('body').innerText()).toBe('routed by the last file');
    const id = first.extensionId;
    await releaseChromium('desktop', first);

    const next = await takeChromium('desktop');
    expect(next).toBe(first);
    expect(next.extensionId).toBe(id);
    expect(await next.inExtensionPage(left, undefined)).toEqual({ stored: null, lastFileDb: false });
    // The last file's tab is gone, and its route: the page comes from the server again.
    expect(tab.isClosed()).toBe(true);
    const again = await next.context.newPage();
    await again.goto(blank);
    expect(await again.locator('body').innerText()).not.toMatch(/routed by the last file/);
    // The popup asks for the key, as on a first run.
    const popup = await next.openPage('popup.html');
    await expect.poll(() => popup.getByTestId('no-key').isVisible()).toBe(true);
    await releaseChromium('desktop', next);
  });

  it('Firefox: the extension as a new user has it, in the same browser, at the same origin', async () => {
    const launcher = `${server.origin}/fixtures/blank.html`;
    const first = await firefoxForFile();
    await first.configure(server.baseUrl, DEMO_API_KEY, launcher);
    const page = await first.openPage('popup.html', launcher);
    await page.evaluate(leave);
    expect(await page.evaluate(left)).toEqual({ stored: 'was here', lastFileDb: true });
    await first.close();

    const next = await firefoxForFile();
    expect(next.browser).toBe(first.browser);
    const popup = await next.openPage('popup.html', launcher);
    expect(await popup.evaluate(() => location.origin)).toBe(first.origin);
    expect(await popup.evaluate(left)).toEqual({ stored: null, lastFileDb: false });
    await popup.waitForSelector('[data-testid="no-key"]', { timeout: 10_000 });
    await next.close();
  });
});
