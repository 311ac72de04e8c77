// The report the user paid for, shown as it was made (issue 34), in Firefox ESR: the same cases and
// targets as report-fidelity.test.ts (report-fidelity.ts), through the Firefox build's viewer, its
// sandboxed frame read over WebDriver BiDi.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/simulator/seed';
import type { SimulatorServer } from '@/simulator/server';
import { type FirefoxExtension, launchFirefoxExtension } from '../../scripts/firefox';
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
import { startFixtureServer } from './support/setup-extension';

const VIEWPORT = { width: 1000, height: 900 };

let server: SimulatorServer;
let firefox: FirefoxExtension;
let plain: Awaited<ReturnType<typeof startPlainServer>>;
let launcher: string;
const results: Fidelity[] = [];

beforeAll(async () => {
  server = await startFixtureServer();
  launcher = `${server.origin}/fixtures/blank.html`;
  plain = await startPlainServer();
  firefox = await launchFirefoxExtension();
  await firefox.configure(server.baseUrl, DEMO_API_KEY, launcher);
});
afterAll(async () => {
  for (const result of results) console.log(`[report-fidelity] Firefox ${describeFidelity(result)}`);
  await firefox?.close();
  await plain?.close();
  await server?.close();
});

/** The viewer's frame: a picture of its box, and its document's facts. */
async function viewerShot(page: Page) {
  await page.waitForFunction(() => document.querySelector('iframe.report-frame'), { timeout: 15_000 });
  const facts = async () => {
    const [frame] = await firefox.childFrames(page);
    return readFacts(await frame?.evaluate(DOCUMENT_FACTS));
  };
  // The frame's document is written from srcdoc once the report arrives; until then Firefox may show
  // the frame's first, bodiless document, which the facts cannot be read from (a run failed on it).
  const factsWhenReady = () => facts().catch(() => undefined);
  for (let i = 0; i < 100 && !(await factsWhenReady())?.text; i++)
    await new Promise((r) => setTimeout(r, 100));
  const box = await page.$eval('iframe.report-frame', (el) => {
    const r = el.getBoundingClientRect();
    return {
      x: Math.round(r.x),
      y: Math.round(r.y),
      width: Math.round(r.width),
      height: Math.round(r.height),
    };
  });
  const [frame] = await firefox.childFrames(page);
  await frame?.evaluate(DRAWN);
  await new Promise((r) => setTimeout(r, 200));
  const shot = Buffer.from(await page.screenshot({ clip: box }));
  return { shot, facts: (await facts()) as DocumentFacts, size: { width: box.width, height: box.height } };
}

describe('the report as it was made, in Firefox ESR', () => {
  const cases = () => reportCases(server.origin);
  for (const index of [0, 1, 2, 3, 4, 5])
    for (const hostile of [false, true])
      it(`case ${index + 1}${hostile ? ' with a hostile stylesheet' : ''}: ≤ 2% of pixels differ, ≥ 99% of text kept, no new overflow`, async () => {
        const report = cases()[index];
        if (!report) throw new Error(`no case ${index}`);
        const html = hostile
          ? withHostileStylesheet(report.html, `${server.origin}/__sim/beacon`)
          : report.html;
        const held = server.sim.addHeldReport({
          apiKey: DEMO_API_KEY,
          provider: report.provider,
          vin: report.vin,
          html,
        });
        if (!held) throw new Error('no demo user');

        const viewer = await firefox.openPage(
          `report.html?provider=${held.provider}&id=${held.id}`,
          launcher,
        );
        await viewer.setViewport(VIEWPORT);
        const seen = await viewerShot(viewer);

        const tab = await firefox.browser.newPage();
        await tab.setViewport(seen.size);
        await tab.goto(plain.put(html));
        await tab.evaluate(DRAWN);
        await new Promise((r) => setTimeout(r, 200));
        const baseline = {
          shot: Buffer.from(await tab.screenshot()),
          facts: readFacts(await tab.evaluate(DOCUMENT_FACTS)) as DocumentFacts,
        };
        const result: Fidelity = {
          name: report.name,
          hostile,
          differs: pixelDifference(seen.shot, baseline.shot),
          kept: textKept(baseline.facts.text, seen.facts.text),
          overflow: { viewer: seen.facts.overflow, plain: baseline.facts.overflow },
        };
        results.push(result);
        await viewer.close();
        await tab.close();
        expect(meetsTargets(result), describeFidelity(result)).toBe(true);
        expect(server.sim.beacons).toEqual([]);
      });
});
