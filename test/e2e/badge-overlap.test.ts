// Badges that hide nothing (issue 37): on every page of the regression corpus (test/fixtures/corpus/,
// each modelled on saved pages of a real site) and on the demo listing `npm start` opens, at a
// desktop width and a phone's, each badge is looked at where the user sees it (scrolled to it) and
// its box is compared with the boxes of the page's own words and controls: what the page lays out
// for its text (every text run's line boxes), its form controls and buttons, and links drawn without
// words (icons). More than 2 px each way of overlap counts; text shown to screen readers only (clipped
// to a 1 px box) is seen by nobody and does not. Every vehicle keeps its badge (the
// corpus test says where); a compact badge (the mark alone) counts as a badge, it opens the same panel.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../support/corpus';
import { reusedTab } from './support/reused-tab';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const line of report) console.log(`[badge-overlap] ${line}`);
  await stack?.stop();
});
const report: string[] = [];

const PAGES = [
  ...CORPUS.map((page) => ({
    path: `/fixtures/corpus/${page.file}`,
    badges: Object.keys(page.badges).length,
  })),
  { path: '/demo/listing.html', badges: 7 },
];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 640 },
];

interface Seen {
  vin: string;
  compact: boolean;
  /** What it covers: "text '…'" or "control <tag>", with the overlap in px. */
  covers: string[];
}

/** Each badge scrolled to, once placed, with what of the page its box covers. */
function lookAtBadges(page: Page): Promise<Seen[]> {
  return page.evaluate(async () => {
    const frames = () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))),
      );
    const hosts = [...document.querySelectorAll<HTMLElement>('vhl-badge')];
    const out: Seen[] = [];
    const controls =
      'button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link]';
    for (const host of hosts) {
      host.scrollIntoView({ block: 'center' });
      for (let i = 0; i < 40 && !host.hasAttribute('data-vhl-placed'); i++) await frames();
      await frames();
      const b = host.getBoundingClientRect();
      const covers: string[] = [];
      const check = (r: DOMRect, what: string) => {
        const w = Math.min(b.right, r.right) - Math.max(b.left, r.left);
        const h = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
        if (w > 2 && h > 2) covers.push(`${what} (${Math.round(w)}x${Math.round(h)} px)`);
      };
      const range = document.createRange();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/\S/.test(node.textContent ?? '') || node.parentElement?.closest('vhl-badge, script, style'))
          continue;
        // Shown to screen readers only (clipped to a 1 px box): nobody sees its line boxes.
        const parent = node.parentElement?.getBoundingClientRect();
        if (parent && (parent.width < 2 || parent.height < 2)) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) check(r, `text '${node.textContent?.trim().slice(0, 24)}'`);
      }
      const elements = [...document.querySelectorAll(controls)];
      for (const el of document.querySelectorAll('*')) if (el.shadowRoot) elements.push(el);
      for (const a of document.querySelectorAll('a[href]'))
        if (!/\S/.test(a.textContent ?? '')) elements.push(a);
      for (const el of elements)
        if (!el.closest('vhl-badge'))
          for (const r of el.getClientRects()) check(r, `control <${el.localName}>`);
      out.push({ vin: host.dataset.vhlVin ?? '', compact: b.width < 30, covers });
    }
    return out;
  });
}

/** One tab for every page and width (reused-tab.ts; this file looks at 34). */
const reused = reusedTab(
  () => stack.browser.context,
  // A saved page's images on other hosts fail at once, not after the badges are placed.
  (tab) => tab.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort()),
);

describe('badges hide none of the page', () => {
  for (const { name, width, height } of WIDTHS)
    it.each(PAGES)(`${name} (${width} px): %o`, async ({ path, badges }) => {
      const tab = await reused();
      await tab.setViewportSize({ width, height });
      await tab.goto(`${stack.server.origin}${path}`);
      await expect.poll(() => tab.locator('vhl-badge').count()).toBe(badges);
      const seen = await lookAtBadges(tab);
      const covering = seen.filter((s) => s.covers.length > 0);
      report.push(
        `${name} ${path}: ${seen.length} badges, ${seen.filter((s) => s.compact).length} compact, ${covering.length} covering${covering.length ? `: ${covering.map((s) => `${s.vin} ${s.covers.join(', ')}`).join('; ')}` : ''}`,
      );
      if (path === '/demo/listing.html')
        await stack.browser.screenshot(tab, `overlap-demo-${name}`, { fullPage: true });
      expect(covering).toEqual([]);
      expect(seen).toHaveLength(badges);
    });
});
