// Every card says what matters before a click (issue 64), in Chromium: a results page with one card
// in each state (support/verdict-pages.ts) against the simulator and NHTSA's stand-in. Each pill's
// words and icon come from what this device holds, with no record check or NHTSA request for them;
// a pill's change of words is no mutation on its host; every pill is one of two sizes (whole, or the
// mark and icon where the whole would cover the card's text) whatever it says; the panel's action
// stays in view, with a cue when more lies below; its links open through the background.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeOf } from './support/closed-shadow';
import { startStack } from './support/setup-extension';
import {
  AUDI,
  AUTOTRADER_URL,
  CRUZE,
  EXPLORER,
  FIRST_PILLS,
  firstVisit,
  hostRecords,
  hostSizes,
  LEXUS,
  ODYSSEY,
  RAM,
  SONATA,
  secondVisit,
  shown,
  VERDICTS_URL,
  verdictPage,
} from './support/verdict-pages';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
  for (const site of ['https://www.cars.com/**', 'https://www.autotrader.com/**'])
    await stack.browser.context.route(site, (route) =>
      route.fulfill({ contentType: 'text/html', body: verdictPage(route.request().url()) ?? '' }),
    );
});
afterAll(async () => {
  await stack?.stop();
});

/** Opens `url` and waits until every card's badge is placed. */
async function visit(url: string, vins: string[]): Promise<Page> {
  const tab = await stack.browser.context.newPage();
  await tab.goto(url);
  for (const vin of vins) await tab.waitForSelector(`[data-vhl-vin="${vin}"][data-vhl-placed]`);
  return tab;
}

const pillOf = (tab: Page, vin: string) => badgeOf(tab, vin).then((b) => b.pill());

describe('one card in each state', () => {
  it('each pill says its finding, the walls hold, the panel reads in one look', {
    timeout: 180_000,
  }, async () => {
    const options = await stack.browser.openPage('options.html#free-facts');
    await options.getByRole('button', { name: 'Turn on free facts…' }).click();
    await expect.poll(() => options.getByTestId('free-facts-state').textContent()).toMatch(/^On:/);
    await options.close();
    // The account as the popup reads it (what saving the key in the options does too: owned-first).
    const popup = await stack.browser.openPage('popup.html');
    await expect.poll(() => popup.locator('body').innerText(), { timeout: 10_000 }).toMatch(/Dana Demo/);
    await popup.close();
    firstVisit();
    const all = Object.keys(shown);
    // Earlier: the results at their first prices and miles; the Lexus on Autotrader for less.
    // Each tab in front until its cards are noted (a card counts once seen in a visible tab) and
    // written (sightings go at most once a second).
    const first = await visit(VERDICTS_URL, all);
    await first.waitForTimeout(1500);
    const other = await visit(AUTOTRADER_URL, [LEXUS]);
    await other.waitForTimeout(1500);
    await first.close();
    await other.close();
    secondVisit();
    const service = stack.server.sim.log.length;
    const tab = await visit(VERDICTS_URL, all);
    const expected = FIRST_PILLS;
    for (const [vin, pill] of Object.entries(expected))
      await expect
        .poll(() => pillOf(tab, vin).then((p) => `${vin}: ${p}`), { timeout: 10_000 })
        .toBe(`${vin}: ${pill}`);
    // Nothing was asked of the service for them (the account was read when the key was saved).
    expect(stack.server.sim.log.slice(service).map((e) => e.endpoint)).toEqual([]);
    // What the page can measure: every pill whole or compact, two sizes at most, whatever it says.
    const sizes = await tab.evaluate(hostSizes);
    expect(Object.keys(sizes).sort()).toEqual([...all].sort());
    expect(new Set(Object.values(sizes)).size).toBeLessThanOrEqual(2);
    // Nor can it read a word of them.
    expect(await tab.evaluate(() => document.body.innerText)).not.toMatch(
      /Mileage|less elsewhere|Report held|history/,
    );
    await stack.browser.screenshot(tab, 'verdicts-1280-light', { fullPage: false });

    // The Explorer's report read in the viewer: its pill says its accidents, no record on its host.
    const before = (await tab.evaluate(hostRecords))[EXPLORER];
    const explorer = await badgeOf(tab, EXPLORER);
    await explorer.open();
    const viewerOpened = stack.browser.context.waitForEvent('page', { timeout: 10_000 });
    await explorer.click('Open your report (free)');
    const viewer = await viewerOpened;
    await tab.keyboard.press('Escape');
    await expect
      .poll(() => explorer.pill(), { timeout: 15_000 })
      .toBe('pill warn | icon alert | 2 accidents');
    await viewer.close();
    const opened = (await tab.evaluate(hostRecords))[EXPLORER] ?? [];
    // Its panel opened and closed (raised, then back: the same for any badge); its words changed after.
    const settled = opened.length;
    await tab.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await tab.waitForTimeout(500);
    expect((await tab.evaluate(hostRecords))[EXPLORER]).toHaveLength(settled);
    expect(before?.length).toBeLessThan(settled);

    // The Sonata's records checked from its panel: the pill then says the total.
    const sonata = await badgeOf(tab, SONATA);
    await sonata.open();
    await sonata.click('Check records');
    await expect.poll(() => sonata.text()).toMatch(/17 records on file/);
    await tab.keyboard.press('Escape');
    await expect.poll(() => sonata.pill()).toBe('pill known | icon list | 17 records');

    // The Cruze's panel asks NHTSA (the user opened it): its park-it recall is then on the card.
    const cruze = await badgeOf(tab, CRUZE);
    await cruze.open();
    await expect.poll(() => cruze.text(), { timeout: 10_000 }).toMatch(/Free facts from NHTSA/);
    // Its panel holds more than its box: the action stays pinned in view, and a cue says more lies below.
    const panel = await cruze.boxOf('panel');
    const action = await cruze.boxOf('act');
    expect(await cruze.text()).toMatch(/More below/);
    if (!panel || !action) throw new Error('no panel or action');
    expect(action.y + action.height).toBeLessThanOrEqual(panel.y + panel.height);
    expect(action.y + action.height).toBeLessThanOrEqual(800);
    await stack.browser.screenshot(tab, 'verdicts-panel-1280-light', { fullPage: false });
    await tab.keyboard.press('Escape');
    await expect.poll(() => cruze.pill()).toBe('pill warn | icon alert | Park-it recall');

    // "Listed for less on autotrader.com" opens that listing in a new tab; the results stay.
    const lexus = await badgeOf(tab, LEXUS);
    await lexus.open();
    await expect.poll(() => lexus.text()).toMatch(/Listed for less on autotrader\.com: \$11,000, \$460 less/);
    const listing = stack.browser.context.waitForEvent('page', { timeout: 10_000 });
    await lexus.click(/Listed for less on autotrader/);
    const autotrader = await listing;
    await expect
      .poll(() => autotrader.url())
      .toMatch(/^https:\/\/www\.autotrader\.com\/cars-for-sale\/vehicle\//);
    expect(tab.url()).toBe(VERDICTS_URL);
    await autotrader.close();
    await tab.keyboard.press('Escape');
    for (const b of [explorer, sonata, cruze, lexus]) await b.close();

    // Dark, and a phone's width: the same words; the sheet's action in view.
    await tab.emulateMedia({ colorScheme: 'dark' });
    await stack.browser.screenshot(tab, 'verdicts-1280-dark', { fullPage: false });
    const phone = await stack.browser.context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    for (const scheme of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme: scheme });
      await phone.goto(VERDICTS_URL);
      await phone.waitForSelector(`[data-vhl-vin="${RAM}"][data-vhl-placed]`);
      await expect.poll(() => pillOf(phone, RAM), { timeout: 10_000 }).toBe(expected[RAM]);
      await stack.browser.screenshot(phone, `verdicts-360-${scheme}`, { fullPage: false });
    }
    const sheet = await badgeOf(phone, CRUZE);
    await sheet.open();
    await expect.poll(() => sheet.text(), { timeout: 10_000 }).toMatch(/Free facts from NHTSA/);
    const sheetBox = await sheet.boxOf('panel');
    const sheetAction = await sheet.boxOf('act');
    if (!sheetBox || !sheetAction) throw new Error('no sheet or action');
    expect(sheetAction.y + sheetAction.height).toBeLessThanOrEqual(740);
    expect(sheetAction.y).toBeGreaterThanOrEqual(sheetBox.y);
    await stack.browser.screenshot(phone, 'verdicts-sheet-360-dark', { fullPage: false });
    await sheet.close();
    await phone.close();
    await tab.close();
  });
});

describe('the popup on the same page (issue 65)', () => {
  it('says what each pill says, marks the vehicle only in the data, and shows the account, the first vehicles and the VIN box within 600 px', {
    timeout: 120_000,
  }, async () => {
    const all = Object.keys(shown);
    const tab = await visit(VERDICTS_URL, all);
    // Every card is in view at once, yet one seen a moment after the first batch of notes goes in the
    // next (a second later, or as soon as the tab is hidden: opening the popup would send it, and the
    // popup would know more than the pills read before it). The three whose finding comes from this
    // visit's own notes, in before the pills are read.
    for (const vin of [RAM, LEXUS, AUDI])
      await expect.poll(() => pillOf(tab, vin), { timeout: 10_000 }).toBe(FIRST_PILLS[vin]);
    const pills = Object.fromEntries(
      await Promise.all(all.map(async (vin) => [vin, await pillOf(tab, vin)] as const)),
    );
    // The service slow to answer (as on a loaded machine, or a slow network): the popup shows what it
    // knew, "Updating…", until the answer comes. Neither state may push the first screen past 600 px,
    // and the answer's arrival moves nothing (CI once measured 634 px: the note took a line of its own).
    stack.server.sim.faults.add({ kind: 'latency', endpoint: 'user', latencyMs: 3_000, times: 1 });
    const popup = await stack.browser.openPage(`popup.html?tab=${await stack.browser.tabIdOf(tab)}`);
    // Chrome's popup: 400 px wide (popup.css), at most 600 px tall.
    await popup.setViewportSize({ width: 400, height: 600 });
    const rows = popup.getByRole('list', { name: 'VINs on this page' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => popup.getByTestId('finding').count()).toBe(3);
    // The first screen: the account line, the first vehicles with their findings, the VIN box.
    const firstScreen = () =>
      popup.evaluate(() => {
        const bottom = (selector: string) => {
          const all = document.querySelectorAll(selector);
          const last = all[all.length - 1];
          return last ? Math.round(last.getBoundingClientRect().bottom) : Number.NaN;
        };
        const parts = ['[data-testid=user-name]', '[data-testid=credits]', '.vin-list li', '.vin-box .row'];
        // Each block's box, for the message when the first screen overflows.
        const layout = [...document.querySelectorAll('main > *')]
          .map(
            (e) =>
              `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().top)}-${Math.round(e.getBoundingClientRect().bottom)}`,
          )
          .join('; ');
        return { bottoms: parts.map(bottom), layout };
      });
    await expect.poll(() => popup.getByTestId('updating').isVisible()).toBe(true);
    const updating = await firstScreen();
    await stack.browser.screenshot(popup, 'popup-first-screen-updating', { fullPage: false });
    expect(Math.max(...updating.bottoms), updating.layout).toBeLessThanOrEqual(600);
    await expect.poll(() => popup.getByTestId('updating').isVisible(), { timeout: 10_000 }).toBe(false);
    const settled = await firstScreen();
    expect(settled.bottoms, settled.layout).toEqual(updating.bottoms);
    await stack.browser.screenshot(popup, 'popup-first-screen-light', { fullPage: false });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await stack.browser.screenshot(popup, 'popup-first-screen-dark', { fullPage: false });
    // The harms first, then the rest: each row says what its pill says, in its kind and icon.
    await popup.getByRole('button', { name: 'Show all 9 vehicles' }).click();
    await expect.poll(() => rows.count()).toBe(9);
    const said = await rows.evaluateAll((lis) =>
      lis.map((li) => {
        const finding = li.querySelector('[data-testid=finding]');
        const kind = finding?.getAttribute('data-kind') ?? 'data-only';
        const icon = finding?.querySelector('.icon')?.className.replace('icon ', '') ?? '';
        return [li.getAttribute('data-vin'), `${kind} | ${icon} | ${finding?.textContent ?? ''}`];
      }),
    );
    const fromPills = Object.entries(pills).map(([vin, pill]) => [
      vin,
      pill.replace(/^pill (\w+) \| icon (\w+) \| /, '$1 | $2 | '),
    ]);
    expect(Object.fromEntries(said)).toEqual({
      ...Object.fromEntries(fromPills),
      [ODYSSEY]: 'data-only |  | In the page’s data only: no card shows it',
    });
    expect(said[0]?.[0]).toBe(RAM);
    expect(said.at(-1)?.[0]).toBe(ODYSSEY);
    await popup.close();
    await tab.close();
  });
});
