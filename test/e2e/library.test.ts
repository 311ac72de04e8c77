// The report library in real Chromium against the simulator: every report held, search, filters,
// both providers' reports side by side in sandboxed frames, and notes that outlive "Clear cached data".
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleHistory } from '@/simulator/report-history';
import { badgeOf } from './support/closed-shadow';
import { startStack } from './support/setup-extension';

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
    // Both reports were opened here: their key facts are read at once, side by side.
    await expect
      .poll(() => page.getByTestId('facts-table').locator('tr[data-fact="owners"] td').allTextContents())
      .toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    // The window as the user sees it (a full-page capture leaves frames blank).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    await stack.browser.screenshot(page, 'library-compare', { fullPage: false });
    await page.getByRole('button', { name: 'Close comparison' }).click();
    expect(await frames.count()).toBe(0);
    await page.close();
  });

  it('reads the key facts of the reports kept offline: a line per report, filters, aligned rows, CSV columns', async () => {
    // The two Cruze reports are kept offline once opened (the comparison opens both).
    const opening = await openLibrary();
    await opening
      .locator(`li[data-vin="${CRUZE}"]`)
      .getByRole('button', { name: 'Compare providerA and providerB' })
      .click();
    await expect.poll(() => opening.locator('iframe.compare-frame').count()).toBe(2);
    await opening.close();
    // What each report says, from the vehicle history the simulator drew it from.
    const truth = (provider: 'providerA' | 'providerB') => {
      const report = held().find((r) => r.vin === CRUZE && r.provider === provider);
      if (!report) throw new Error(`no ${provider} report of the Cruze`);
      return vehicleHistory(CRUZE, 2012, provider, report.records);
    };
    const a = truth('providerA');
    const b = truth('providerB');

    const page = await openLibrary();
    const row = page.locator(`li[data-vin="${CRUZE}"]`);
    const lines = row.getByTestId('facts');
    await expect.poll(() => lines.allTextContents()).not.toContainEqual(expect.stringMatching(/Reading/));
    const texts = await lines.allTextContents();
    for (const [i, history] of [b, a].entries()) {
      // Newest first: providerB's report was bought after providerA's in the demo seed.
      expect(texts[i]).toContain(`${history.owners.length} owner`);
      expect(texts[i]).toContain(
        history.titleBrands.length ? `${history.titleBrands[0]} title` : 'clean title',
      );
      expect(texts[i]).toContain(
        history.accidents.length ? `${history.accidents.length} accident` : 'no accidents',
      );
    }
    // Both reports together: the worst each states, and where they differ said (issue 43).
    const together = await row.getByTestId('vehicle-facts').textContent();
    expect(together).toContain('All 2 reports together:');
    const most = Math.max(a.accidents.length, b.accidents.length);
    expect(together).toContain(most ? `${most} accident` : 'no accidents');
    if (a.accidents.length !== b.accidents.length) expect(together).toMatch(/reports differ on .*accidents/);
    // A vehicle none of whose reports is kept says how to get its facts.
    const other = page.locator('li.vehicle').filter({ hasText: 'Open it once to read its key facts' });
    expect(await other.count()).toBeGreaterThan(0);
    // "No accidents": the Cruze shows only when both its reports say none; vehicles not read never do.
    await page.getByLabel('No accidents').check();
    const noAccidents = a.accidents.length === 0 && b.accidents.length === 0;
    await expect.poll(() => rowVins(page)).toEqual(noAccidents ? [CRUZE] : []);
    await page.getByLabel('No accidents').uncheck();
    await page.getByLabel('Clean title').check();
    await expect.poll(() => rowVins(page)).toEqual(a.titleBrands.length === 0 ? [CRUZE] : []);
    await page.getByLabel('Clean title').uncheck();

    // Several vehicles side by side: the Cruze and a vehicle none of whose reports is kept offline.
    const unread = held().find((r) => r.vin !== CRUZE)?.vin;
    if (!unread) throw new Error('no other vehicle held');
    await row.getByLabel(`Compare facts of ${CRUZE}`).check();
    await page.locator(`li[data-vin="${unread}"]`).getByLabel(`Compare facts of ${unread}`).check();
    const several = page.getByRole('region', { name: 'Key facts of the vehicles chosen' });
    await expect
      .poll(() => several.locator('tr[data-fact="owners"] td').allTextContents())
      .toEqual([String(b.owners.length), 'not read: open the report once']);
    expect(await several.locator('tr.differ').count()).toBe(0);
    await several.getByRole('button', { name: 'Clear the choice' }).click();

    // Side by side: one row per fact, the providers' disagreements marked.
    await row.getByRole('button', { name: 'Compare providerA and providerB' }).click();
    const table = page.getByTestId('facts-table');
    const cells = (fact: string) => table.locator(`tr[data-fact="${fact}"] td`).allTextContents();
    await expect.poll(() => cells('owners')).toEqual([String(a.owners.length), String(b.owners.length)]);
    const accidentsRow = table.locator('tr[data-fact="accidents"]');
    expect(await accidentsRow.getAttribute('class')).toBe(
      a.accidents.length !== b.accidents.length ? 'differ' : null,
    );
    expect(await table.locator('tr').count()).toBe(10);
    await stack.browser.screenshot(page, 'library-facts', { fullPage: false });
    await page.getByRole('button', { name: 'Close comparison' }).click();

    // The CSV: the facts in columns of their own, for both kept reports.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const [header, ...csvRows] = readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split('\r\n');
    const split = (line: string) => line.slice(1, -1).split('","');
    const columns = split(header as string);
    for (const [provider, history] of [
      ['providerA', a],
      ['providerB', b],
    ] as const) {
      const line = csvRows.map(split).find((r) => r[0] === provider && r[2] === CRUZE) as string[];
      expect(line[columns.indexOf('owners')]).toBe(String(history.owners.length));
      expect(line[columns.indexOf('accidents')]).toBe(String(history.accidents.length));
    }
    await page.close();

    // The short form in the popup's list and in the panel of the Cruze's badge on a listing.
    const popup = await stack.browser.openPage('popup.html');
    await popup.getByLabel('Search your reports').fill('7167133');
    await expect
      .poll(() => popup.getByTestId('report-facts').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(`${a.owners.length} owner`)]));
    await popup.close();
    const listing = await stack.browser.context.newPage();
    await listing.goto(`${stack.server.origin}/fixtures/sites/interface.html`);
    await listing.locator(`[data-vhl-vin="${CRUZE}"][data-vhl-shown]`).waitFor();
    const badge = await badgeOf(listing, CRUZE);
    expect(await badge.text()).not.toContain('owner');
    await badge.open();
    // Every report held of the Cruze, together: the worst each states (issue 43).
    await expect
      .poll(() => badge.text())
      .toMatch(
        new RegExp(
          `2 reports \\(provider[AB] \\+ provider[AB]\\): ${a.owners.length} owners? · ${most ? `${most} accident` : 'no accidents'}`,
        ),
      );
    await badge.close();
    await listing.close();

    // The viewer: the report as it was made, and its key facts on request, each linking to its place.
    const id = held().find((r) => r.vin === CRUZE && r.provider === 'providerA')?.id;
    const viewer = await stack.browser.openPage(`report.html?provider=providerA&id=${id}`);
    const frame = viewer.frameLocator('iframe.report-frame');
    await frame.locator('body').waitFor();
    expect(await frame.locator('aside[data-vhl-facts]').count()).toBe(0);
    await viewer.getByRole('button', { name: 'More', exact: true }).click();
    await viewer.getByRole('button', { name: 'Key facts' }).click();
    const block = frame.locator('aside[data-vhl-facts]');
    await expect.poll(() => block.textContent()).toContain(`Owners: ${a.owners.length}`);
    const pages = stack.browser.context.pages().length;
    const target = frame.locator('#ownership-history-section');
    const before = (await target.boundingBox())?.y ?? 0;
    // A real click where the link is (Playwright's own click waits for a navigation to commit; a
    // jump to a place in the same document is none).
    const link = await block.getByRole('link').first().boundingBox();
    if (!link) throw new Error('no link in the key facts');
    await viewer.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
    // The frame scrolled to the place (the page around it did not move, and nothing opened).
    await expect.poll(async () => (await target.boundingBox())?.y ?? before).toBeLessThan(before - 100);
    expect(stack.browser.context.pages().length).toBe(pages);
    await stack.browser.screenshot(viewer, 'viewer-key-facts', { fullPage: false });
    // Saved as a file of its own, a place in it is #id again (about:srcdoc means something only in a frame).
    // The click in the report's frame closed the menu.
    await viewer.getByRole('button', { name: 'More', exact: true }).click();
    const [saved] = await Promise.all([
      viewer.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Save as HTML' }).click(),
    ]);
    const file = readFileSync((await saved.path()) as string, 'utf8');
    expect(file).toContain('href="#ownership-history-section"');
    expect(file).not.toContain('about:srcdoc');
    await viewer.close();
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
    // The library's two pages and the workbench first, then the search.
    const focused = () =>
      page.evaluate(() => document.activeElement?.textContent || document.activeElement?.id);
    const order: Array<string | undefined> = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(order).toEqual(['Your reports', 'Watched vehicles', 'Workbench', 'library-search']);
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
