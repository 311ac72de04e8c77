// Phone-sized (issue 28): every extension page and the badge at 360x640 CSS px with touch, in
// Chromium's device emulation (2x, a mobile viewport, touch events and a coarse pointer), the way
// Firefox for Android shows extension pages: full-screen, the popup as a page of its own.
// Each page: no horizontal scroll, nothing to aim at under 24x24 px, every control 44 px tall for a
// finger, no serious axe violation at that size. The badge: on a real listing's shape (the cars.com
// corpus page), a 44 px hit area that covers none of the card's own links and buttons, and a panel
// that opens as a sheet along the bottom of the screen and closes with a tap outside.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { badgeOf } from './support/closed-shadow';
import { type Fit, measureFit } from './support/phone-fit';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack({ phone: true });
});
afterAll(() => stack?.stop());

const WIDTH = 360;
const HEIGHT = 640;

/**
 * A tab with a finger for a pointer. Playwright's hasTouch gives touch events but leaves Blink's
 * pointer "fine"; DevTools' touch emulation makes `(pointer: coarse)` true, as on a phone. Set before
 * the page loads (the badge reads it when drawn) and again after (an extension page's load resets it).
 */
async function phoneTab(url: string): Promise<Page> {
  const page = await stack.browser.context.newPage();
  // A saved page's images on other hosts fail at once, not after the badges are measured (a late
  // failure moves the layout under a finger about to tap).
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await touch(page, false);
  await page.goto(url);
  await touch(page);
  return page;
}

async function touch(page: Page, loaded = true) {
  const cdp = await stack.browser.context.newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  if (!loaded) return;
  // A frame loading meanwhile resets it (the viewer draws its report frame a message later, once it
  // knows whether a complete copy is kept): set again until it holds, a few times at most.
  const coarse = () => page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  for (let i = 0; i < 10 && !(await coarse()); i++) {
    await page.waitForTimeout(100);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  }
  expect(await coarse()).toBe(true);
}

const fitOf = (page: Page): Promise<Fit> => page.evaluate(measureFit);

const PAGES: Array<[string, string, string]> = [
  ['popup', 'popup.html', '[data-testid="ledger"]'],
  ['options', 'options.html', '#service-url'],
  ['onboarding', 'options.html?welcome=1', '[data-testid="ratio-rule"]'],
  ['confirmation', 'confirm.html?vin=5N3ZA0NE1AN908084', '[data-testid="after-providerA"]'],
  ['library', 'library.html', '[data-testid="shown-count"]'],
  ['viewer', 'report.html?provider=providerA&id=1', 'iframe.report-frame'],
  ['workbench', 'workbench.html', 'textarea'],
];

describe('at 360x640 with touch', () => {
  it.each(PAGES)(
    '%s: no horizontal scroll, 24 px targets, 44 px controls, axe clean',
    async (name, path, ready) => {
      const page = await phoneTab(`chrome-extension://${stack.browser.extensionId}/${path}`);
      await page.locator(ready).first().waitFor();
      // Once more with the page ready and its frames loaded: the viewer's report frame resets
      // DevTools' touch emulation when it loads (a full run once measured its buttons at 34 px: the
      // frame had loaded after the touch was turned on).
      await Promise.all(page.frames().map((frame) => frame.waitForLoadState('load')));
      await touch(page);
      expect(await page.evaluate(() => innerWidth)).toBe(WIDTH);
      expect(await fitOf(page)).toEqual({ overflowX: 0, small: [], short: [], cutPlaceholders: [] });
      expect(await seriousViolations(page)).toEqual([]);
      await stack.browser.screenshot(page, `phone-${name}`, { fullPage: false });
      await page.close();
    },
  );

  it('workbench: its tables become lists of cards, each still fitting and reachable', async () => {
    const page = await phoneTab(`chrome-extension://${stack.browser.extensionId}/workbench.html`);
    const vins = ['1G1PG5SC3C7167133', '1C6RD6FT1CS310366', '5N3ZA0NE1AN908084'];
    await page.getByLabel('VINs', { exact: true }).fill(vins.join('\n'));
    await page.getByRole('button', { name: 'Add to the table' }).tap();
    const rows = page.locator('table.vin-table tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    // A card per VIN: the row is as wide as the page's content, its cells stacked with their headings.
    const row = await rows.first().boundingBox();
    expect(row?.width).toBeGreaterThan(WIDTH - 40);
    expect(
      await rows
        .first()
        .locator('td[data-label="Year"]')
        .evaluate((td) => getComputedStyle(td, '::before').content),
    ).toBe('"Year: "');
    await page.getByLabel('Select 1G1PG5SC3C7167133', { exact: true }).tap();
    expect(await page.getByLabel('Select 1G1PG5SC3C7167133', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Select every row').tap();
    await page.getByRole('button', { name: 'Buy selected…' }).tap();
    const plan = page.locator('table.plan-table tbody tr');
    await expect.poll(() => plan.count()).toBe(3);
    expect({ fit: await fitOf(page), axe: await seriousViolations(page) }).toEqual({
      fit: { overflowX: 0, small: [], short: [], cutPlaceholders: [] },
      axe: [],
    });
    await stack.browser.screenshot(page, 'phone-workbench-cards');
    await page.close();
    // Nothing was bought: the plan waits for its confirmation.
    expect(stack.server.sim.log.filter((e) => e.charged)).toEqual([]);
  });

  it("the badge on a listing: a 44 px hit area that covers none of the card's controls", async () => {
    const page = await phoneTab(`${stack.server.origin}/fixtures/corpus/cars-com-search.html`);
    const hosts = page.locator('[data-vhl-vin][data-vhl-shown]');
    await expect.poll(() => hosts.count()).toBe(5);
    // Hit-testing sees only the screen: each badge and each control is measured scrolled into it.
    const report = await page.evaluate(async () => {
      // A user scrolls, then taps: the badge measures its room in the frames after it is on screen.
      const frames = () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
        );
      const badges = [...document.querySelectorAll<HTMLElement>('[data-vhl-vin]')];
      const isBadge = (e: Element | null) => !!e && badges.some((b) => b === e || b.contains(e));
      // The pill's hit area, measured the way a finger meets it: the points (1 px apart) straight
      // through the pill's centre that land on the badge.
      const reach: Array<[string | undefined, { hits: number; room: number }]> = [];
      for (const host of badges) {
        host.scrollIntoView({ block: 'center' });
        await frames();
        const r = host.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 30);
        let hits = 0;
        for (let y = r.top - 30; y <= r.bottom + 30; y++)
          if (isBadge(document.elementFromPoint(x, y))) hits++;
        // Room: how far (px, up to 24) above and below the pill no page control (its open shadow
        // root's included) reaches, across the pill's width.
        const free = (y: number) => {
          for (let px = r.left; px <= r.right; px += 4) {
            const hit = document.elementFromPoint(px, y);
            const inner = hit?.shadowRoot?.elementFromPoint(px, y) ?? hit;
            if (!isBadge(hit) && inner?.closest('a[href], button, [role=button]')) return false;
          }
          return true;
        };
        let up = 0;
        while (up < 24 && free(r.top - up - 1)) up++;
        let down = 0;
        while (down < 24 && free(r.bottom + down + 1)) down++;
        const room = up + down;
        reach.push([host.dataset.vhlVin, { hits, room }]);
      }
      // Every point of every control of the page, 2 px apart: none may land on a badge's reach
      // beyond its pill. (Under the pill itself is where the badge is drawn, on a card's top edge or
      // after the VIN's text: counted apart.)
      const covered: string[] = [];
      let underPill = 0;
      const inPill = (x: number, y: number) =>
        badges.some((b) => {
          const r = b.getBoundingClientRect();
          // 1 px of slack: hit-testing snaps the pill's fractional edges (a card-top pill is moved by a
          // transform) to whole pixels.
          return x >= r.left - 1 && x <= r.right + 1 && y >= r.top - 1 && y <= r.bottom + 1;
        });
      // The page's links and buttons, those inside its custom elements' open shadow roots included
      // (cars.com's spark-button holds its link there).
      const controls = [...document.querySelectorAll('a[href], button')];
      for (const el of document.querySelectorAll('*'))
        if (el.shadowRoot) controls.push(...el.shadowRoot.querySelectorAll('a[href], button'));
      for (const control of controls) {
        if (isBadge(control)) continue;
        control.scrollIntoView({ block: 'center' });
        // Each of its boxes: a link that wraps is two line boxes, not the rectangle around both.
        for (const r of control.getClientRects()) {
          if (r.width === 0) continue;
          let hit = false;
          for (let x = r.left + 1; x < r.right - 1 && !hit; x += 2)
            for (let y = r.top + 1; y < r.bottom - 1; y += 2)
              if (isBadge(document.elementFromPoint(x, y)) && !(inPill(x, y) && ++underPill)) {
                covered.push(
                  `${control.textContent?.trim().slice(0, 30)} at ${Math.round(x)},${Math.round(y)}`,
                );
                hit = true;
                break;
              }
          if (hit) break;
        }
      }
      return { reach: Object.fromEntries(reach), covered, underPill };
    });
    const reach: Record<string, { hits: number; room: number }> = report.reach;
    // Where the page leaves the room (30 px between the pill and the nearest control, both sides
    // together), a finger's 44 px; elsewhere never less than the pill, and never over a control.
    for (const [vin, { hits, room }] of Object.entries(reach))
      expect(hits, vin).toBeGreaterThanOrEqual(room >= 30 ? 44 : 22);
    expect(report.covered).toEqual([]);
    console.log(
      `[phone] badge hit areas (px, with the room around each pill): ${Object.values(reach)
        .map((r) => `${r.hits} (${r.room})`)
        .join(', ')}; control points under a pill itself: ${report.underPill}`,
    );
    await page.close();
  });

  it('the badge panel: a sheet along the bottom of the screen, closed by a tap outside or its button', async () => {
    stack.server.sim.log.length = 0;
    const page = await phoneTab(`${stack.server.origin}/fixtures/corpus/cars-com-search.html`);
    await expect.poll(() => page.locator('[data-vhl-vin][data-vhl-shown]').count()).toBe(5);
    const badge = await badgeOf(page, 'KNAE55LC7J6018811');
    await badge.open('tap');
    // The finger landed on the badge, not on the card's link under it.
    expect(page.url()).toMatch(/cars-com-search\.html$/);
    await expect.poll(() => badge.boxOf('panel')).not.toBeNull();
    const panel = await badge.boxOf('panel');
    expect(panel).toMatchObject({ x: 0, width: WIDTH });
    expect(Math.round((panel?.y ?? 0) + (panel?.height ?? 0))).toBe(HEIGHT);
    expect(panel?.y).toBeGreaterThan(0);
    await stack.browser.screenshot(page, 'phone-badge-sheet', { fullPage: false });
    // The panel's own controls are a finger's size.
    for (const cls of ['act', 'close']) expect((await badge.boxOf(cls))?.height).toBeGreaterThanOrEqual(44);
    // Outside: on the sponsored card's heading, with no link near it (Chromium moves a tap onto a
    // link within a finger's reach, as phones do: a tap on a price beside a link follows the link).
    const heading = page.locator('#vehicle-card-sponsored h2');
    await heading.evaluate((h) => h.scrollIntoView({ block: 'start' }));
    const spot = await heading.boundingBox();
    if (!spot || spot.y + spot.height > (panel?.y ?? 0))
      throw new Error(`the heading is under the sheet: ${JSON.stringify(spot)}`);
    await page.touchscreen.tap(spot.x + spot.width / 2, spot.y + spot.height / 2);
    expect(page.url()).toMatch(/cars-com-search\.html$/);
    await expect.poll(() => badge.boxOf('panel')).toBeNull();
    await badge.open('tap');
    await expect.poll(() => badge.boxOf('panel')).not.toBeNull();
    await badge.tap('×');
    await expect.poll(() => badge.boxOf('panel')).toBeNull();
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records')).toEqual([]);
    await page.close();
  });
});
