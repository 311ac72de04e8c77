// A drawn badge's host sits in a holder of ours (badge-holder.ts), which becomes an empty, relatively
// positioned inline box where that keeps the page as it was, so a busy page's layouts stop laying the
// badge out from the root. In Chromium, on the shapes where a holder could change what the user sees:
// small text with a tight line height under a site's rule for every element in it (an empty inline
// box with that rule's font makes the line taller), a card whose first child's top margin collapses
// through the card's top, a flex card with a gap (a holder there would be an item, with its gap), and
// a line cut with an ellipsis (a holder inside the clipping box would clip the badge). The shapes are
// CSS's own cases (line boxes, margin collapsing, flex items, overflow clipping: CSS 2.1 and CSS Flexbox),
// as listing cards use them, not one site's markup; the VINs are the benchmarks' generated ones. The
// page's boxes with our elements and without must be the same to the hundredth of a pixel, and the
// holder used exactly where it is safe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVin, rng } from '../../samples/listing-page';
import { startStack } from './support/setup-extension';

const random = rng(2311);
const [tight, collapsing, flexGap, ellipsis] = Array.from({ length: 4 }, () => makeVin(random));
const html = `<!doctype html><html><head><meta charset="utf-8"><title>Holder shapes</title>
<style>body{font:16px system-ui;margin:16px} .case{margin:0 0 24px;width:420px;background:#f4f4f4}
/* A site's rule for everything inside its small print: it reaches any element put there. */
#tight p *{font:18px/30px serif}</style></head><body>
<div class="case" id="tight"><p style="font:10px/11px sans-serif;margin:0">2014 Ford F-150 XLT · VIN: ${tight}</p><p style="margin:0">$18,900</p></div>
<article class="case" id="collapsing" data-vin="${collapsing}"><h3 style="margin:20px 0 4px">2015 Honda Accord EX</h3><p style="margin:0">$14,200 · 61,000 mi</p></article>
<div class="case" id="flex-gap" data-vin="${flexGap}" style="display:flex;gap:30px"><b>2016 Toyota Camry SE</b><span>$16,500</span></div>
<div class="case" id="ellipsis"><p style="margin:0;width:260px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">2017 Mazda CX-5 Touring, VIN ${ellipsis}, one owner, dealer serviced</p></div>
</body></html>`;

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
  await stack.browser.context.route(`${stack.server.origin}/generated/holder-shapes.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
});
afterAll(() => stack?.stop());

describe('the badge holder', () => {
  it('is used only where it keeps every box of the page where it was', async () => {
    const tab = await stack.browser.context.newPage();
    await tab.goto(`${stack.server.origin}/generated/holder-shapes.html`);
    await expect.poll(() => tab.locator('[data-vhl-placed]').count(), { timeout: 15_000 }).toBe(4);
    const seen = await tab.evaluate(() => {
      const boxes = () =>
        [...document.querySelectorAll('.case, .case *')]
          .filter((e) => !e.closest('vhl-holder, vhl-badge'))
          .map((e) => {
            const r = e.getBoundingClientRect();
            return [r.left, r.top, r.width, r.height].map((n) => Math.round(n * 100) / 100).join(',');
          });
      const held = Object.fromEntries(
        [...document.querySelectorAll('[data-vhl-vin]')].map((h) => [
          h.closest('.case')?.id,
          h.parentElement?.localName === 'vhl-holder' &&
            getComputedStyle(h.parentElement).position === 'relative',
        ]),
      );
      const withOurs = boxes();
      for (const own of document.querySelectorAll('vhl-holder, vhl-badge')) own.remove();
      return { held, withOurs, without: boxes() };
    });
    expect(seen.held).toEqual({ tight: true, collapsing: true, 'flex-gap': false, ellipsis: false });
    expect(seen.withOurs.length).toBeGreaterThan(8);
    expect(seen.withOurs).toEqual(seen.without);
  });
});
