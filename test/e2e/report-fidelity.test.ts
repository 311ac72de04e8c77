// The report the user paid for, shown as it was made (issue 34), in Chromium: for the simulator's two
// providers and four report shapes modelled on both real providers' markup, each also with a hostile
// stylesheet, the viewer's first screen against the same HTML in a plain tab of the same size with
// scripts off and nothing remote (report-fidelity.ts): at most 2% of pixels differ, at least 99% of
// the text is kept, no horizontal overflow the plain tab does not have, and nothing leaves the machine.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/simulator/seed';
import { capture } from '../../scripts/chromium';
import {
  DOCUMENT_FACTS,
  type DocumentFacts,
  DRAWN,
  describeFidelity,
  type Fidelity,
  meetsTargets,
  pixelDifference,
  readFacts,
  reportCases,
  startPlainServer,
  textKept,
  withHostileStylesheet,
} from './support/report-fidelity';
import { startStack } from './support/setup-extension';

const VIEWPORT = { width: 1000, height: 900 };

let stack: Awaited<ReturnType<typeof startStack>>;
let plain: Awaited<ReturnType<typeof startPlainServer>>;
const results: Fidelity[] = [];

beforeAll(async () => {
  stack = await startStack();
  plain = await startPlainServer();
});
afterAll(async () => {
  for (const result of results) console.log(`[report-fidelity] Chromium ${describeFidelity(result)}`);
  await plain?.close();
  await stack?.stop();
});

/** The viewer's frame: its box on the page, and its document's facts. */
async function viewerShot(page: Page) {
  const handle = await page.waitForSelector('iframe.report-frame', { timeout: 15_000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the report frame has no document');
  await frame.waitForSelector('body *', { state: 'attached', timeout: 15_000 });
  // Fonts and images (data: only) settled before the picture.
  await frame.evaluate(DRAWN);
  // The frame's content box: inside its border (the dark theme draws the report as a bordered card).
  const clipOf = async () => {
    const box = await handle.boundingBox();
    if (!box) throw new Error('the report frame has no box');
    const inner = await handle.evaluate((f) => ({
      left: f.clientLeft,
      top: f.clientTop,
      width: f.clientWidth,
      height: f.clientHeight,
    }));
    return {
      x: Math.round(box.x + inner.left),
      y: Math.round(box.y + inner.top),
      width: inner.width,
      height: inner.height,
    };
  };
  // Read once it stopped moving, as the user sees it: the page above the frame can still change as
  // its answers arrive (a fresh-clone run pictured the frame with 12 % of pixels off, all text kept).
  let clip = await clipOf();
  for (const until = Date.now() + 3_000; Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await clipOf();
    if (JSON.stringify(now) === JSON.stringify(clip)) break;
    clip = now;
  }
  const facts = readFacts(await frame.evaluate(DOCUMENT_FACTS)) as DocumentFacts;
  return { shot: await capture(page, { clip }), facts, size: { width: clip.width, height: clip.height } };
}

describe('the report as it was made, in Chromium', () => {
  const cases = () => reportCases(stack.server.origin);
  // Each case as it is, with a hostile stylesheet, and in the dark theme (the viewer's page dark, the
  // report still as its provider drew it; the plain tab told dark too).
  const variants = [
    { hostile: false, scheme: 'light' },
    { hostile: true, scheme: 'light' },
    { hostile: false, scheme: 'dark' },
  ] as const;
  for (const index of [0, 1, 2, 3, 4, 5])
    for (const { hostile, scheme } of variants)
      it(`case ${index + 1}${hostile ? ' with a hostile stylesheet' : ''}${scheme === 'dark' ? ' in the dark theme' : ''}: ≤ 2% of pixels differ, ≥ 99% of text kept, no new overflow`, async () => {
        const report = cases()[index];
        if (!report) throw new Error(`no case ${index}`);
        const beacon = `${stack.server.origin}/__sim/beacon`;
        const html = hostile ? withHostileStylesheet(report.html, beacon) : report.html;
        const held = stack.server.sim.addHeldReport({
          apiKey: DEMO_API_KEY,
          provider: report.provider,
          vin: report.vin,
          html,
        });
        if (!held) throw new Error('no demo user');

        const viewer = await stack.browser.context.newPage();
        await viewer.setViewportSize(VIEWPORT);
        await viewer.emulateMedia({ colorScheme: scheme });
        await viewer.goto(
          `chrome-extension://${stack.browser.extensionId}/report.html?provider=${held.provider}&id=${held.id}`,
        );
        const seen = await viewerShot(viewer);

        const tab = await stack.browser.context.newPage();
        await tab.setViewportSize(seen.size);
        await tab.emulateMedia({ colorScheme: scheme });
        await tab.goto(plain.put(html));
        await tab.evaluate(DRAWN);
        const baseline = {
          shot: await capture(tab),
          facts: readFacts(await tab.evaluate(DOCUMENT_FACTS)) as DocumentFacts,
        };

        const result: Fidelity = {
          name: scheme === 'dark' ? `${report.name} (dark)` : report.name,
          hostile,
          differs: pixelDifference(seen.shot, baseline.shot),
          kept: textKept(baseline.facts.text, seen.facts.text),
          overflow: { viewer: seen.facts.overflow, plain: baseline.facts.overflow },
        };
        results.push(result);
        if (index < 2 && !hostile)
          await stack.browser.screenshot(
            viewer,
            `report-fidelity-${report.provider}${scheme === 'dark' ? '-dark' : ''}`,
            { fullPage: false },
          );
        await viewer.close();
        await tab.close();
        expect(meetsTargets(result), describeFidelity(result)).toBe(true);
        // Nothing of the report, hostile or not, reached the network.
        expect(stack.server.sim.beacons).toEqual([]);
      });
});
