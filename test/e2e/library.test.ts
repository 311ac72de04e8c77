// The report library in real Chromium against the simulator: every report held, search, filters,
// both providers' reports side by side in sandboxed frames, and notes that outlive "Clear cached data".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from './setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const CRUZE = '1G1PG5SC3C7167133';
const held = () => {
  const user = stack.server.sim.state.users.find((u) => u.apiKey === 'demo-api-key');
  if (!user) throw new Error('no demo user');
  return user.reports;
};
const rows = (page: Page) => page.getByRole('list', { name: 'Vehicles' }).locator(':scope > li');
const rowVins = (page: Page) => rows(page).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-vin')));

async function openLibrary(): Promise<Page> {
  const page = await stack.browser.openPage('library.html');
  await page.getByTestId('shown-count').waitFor();
  return page;
}

describe('report library', () => {
  it('lists every report held, one row per vehicle, and narrows by search and filters', async () => {
    const page = await openLibrary();
    const vins = [...new Set(held().map((r) => r.vin))];
    await expect.poll(() => rowVins(page).then((v) => v.sort())).toEqual([...vins].sort());
    expect(await page.getByTestId('list-age').textContent()).toMatch(
      new RegExp(`${held().length} reports for ${vins.length} vehicles · list as of`),
    );
    await page.getByLabel('Search', { exact: true }).fill('7167133');
    await expect.poll(() => rowVins(page)).toEqual([CRUZE]);
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Provider').selectOption('providerB');
    const withB = [
      ...new Set(
        held()
          .filter((r) => r.provider === 'providerB')
          .map((r) => r.vin),
      ),
    ].sort();
    await expect.poll(() => rowVins(page).then((v) => v.sort())).toEqual(withB);
    await page.getByLabel('Provider').selectOption('all');
    // Nothing saved offline yet; a report opened once is.
    await page.getByLabel('Saved offline only').check();
    await expect.poll(() => rows(page).count()).toBe(0);
    const viewer = await stack.browser.openPage(`report.html?provider=providerA&id=${held()[0]?.id}`);
    await viewer.locator('iframe.report-frame').waitFor();
    await viewer.close();
    await page.reload();
    await page.getByLabel('Saved offline only').check();
    await expect.poll(() => rowVins(page)).toEqual([held()[0]?.vin]);
    await expect.poll(() => rows(page).first().textContent()).toContain('saved offline');
    await stack.browser.screenshot(page, 'library-offline-filter');
    await page.close();
  });

  it('compares the providerA and providerB reports of one VIN side by side, each in its own sandboxed frame', async () => {
    const page = await openLibrary();
    await page
      .locator(`li[data-vin="${CRUZE}"]`)
      .getByRole('button', { name: 'Compare providerA and providerB' })
      .click();
    const frames = page.locator('iframe.compare-frame');
    await expect.poll(() => frames.count()).toBe(2);
    for (const [i, provider] of ['providerA', 'providerB'].entries()) {
      const frame = frames.nth(i);
      expect(await frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
      expect(await frame.getAttribute('title')).toBe(`${provider} report for ${CRUZE}`);
      await expect.poll(() => frame.contentFrame().locator('body').textContent()).toContain(CRUZE);
    }
    // The window as the user sees it (a full-page capture leaves frames blank).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    await stack.browser.screenshot(page, 'library-compare', { fullPage: false });
    await page.getByRole('button', { name: 'Close comparison' }).click();
    expect(await frames.count()).toBe(0);
    await page.close();
  });

  it('keeps a private note through "Clear cached data" and a reload', async () => {
    const page = await openLibrary();
    const row = page.locator(`li[data-vin="${CRUZE}"]`);
    await row.getByRole('button', { name: `Add a note for ${CRUZE}` }).click();
    await row.getByLabel(`Private note for ${CRUZE}`).fill('Dealer says one owner; ask for service records');
    await row.getByRole('button', { name: 'Save note' }).click();
    await expect
      .poll(() => row.getByTestId('note').textContent())
      .toBe('Dealer says one owner; ask for service records');
    const options = await stack.browser.openPage('options.html');
    // It asks first and says what goes and what stays; Cancel deletes nothing.
    await options.getByRole('button', { name: 'Clear cached data…' }).click();
    expect(await options.getByTestId('clear-confirm').textContent()).toMatch(
      /It keeps your key, your settings, your notes/,
    );
    await options.getByRole('button', { name: 'Cancel' }).click();
    const viewer = await stack.browser.openPage(`report.html?provider=providerA&id=${held()[0]?.id}`);
    await viewer.locator('iframe.report-frame').waitFor();
    await viewer.close();
    await page.reload();
    await page.getByLabel('Saved offline only').check();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByLabel('Saved offline only').uncheck();
    await options.getByRole('button', { name: 'Clear cached data…' }).click();
    await options.getByRole('button', { name: 'Delete cached data' }).click();
    await options.getByText(/were cleared/).waitFor();
    await options.close();
    await page.reload();
    await expect
      .poll(() => page.locator(`li[data-vin="${CRUZE}"]`).getByTestId('note').textContent())
      .toBe('Dealer says one owner; ask for service records');
    // The saved reports went with the cache.
    await page.getByLabel('Saved offline only').check();
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByLabel('Saved offline only').uncheck();
    // The note is searched too.
    await page.getByLabel('Search', { exact: true }).fill('one owner');
    await expect.poll(() => rowVins(page)).toEqual([CRUZE]);
    await page.close();
  });

  it('works with the keyboard alone: search, compare, close', async () => {
    const page = await openLibrary();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('library-search');
    await page.keyboard.type('cruze');
    await expect.poll(() => rowVins(page)).toEqual([CRUZE]);
    // Tab through the filters to the row's first control, the comparison.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (
        (await page.evaluate(() => document.activeElement?.textContent)) === 'Compare providerA and providerB'
      )
        break;
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('iframe.compare-frame').count()).toBe(2);
    // Focus moved to the comparison's heading; its Close button is next.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('compare-heading');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('iframe.compare-frame').count()).toBe(0);
    await page.close();
  });
});
