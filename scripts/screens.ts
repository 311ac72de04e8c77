// `npm run screens`: every extension page a user meets, as one build draws it, at 1280x800 and
// 360x740 in light and dark (issue 65's before and after): the popup (400x600, Chrome's popup box,
// and a phone's 360x740), the report viewer, the options page and the watched vehicles' page, on
// npm start's demo (demo-flow.ts) with the Cruze watched. SCREENS_DIR says where they go (default
// test-results/screens), EXTENSION_DIR which build is loaded (another commit's loopback build, with
// SKIP_BUILD=1), so two runs give a before and an after of the same pages.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';
import { buildLoopback } from './build-loopback';
import { capture, launchExtension } from './chromium';
import { runDemo } from './demo-flow';
import { wireMessage } from './wire-message';

const dir = process.env.SCREENS_DIR ?? fileURLToPath(new URL('../test-results/screens', import.meta.url));
const extensionDir = process.env.EXTENSION_DIR;
const CRUZE = '1G1PG5SC3C7167133';
const SIZES = [
  [1280, 800],
  [360, 740],
] as const;

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the extension (loopback mode)…');
  buildLoopback();
}
await mkdir(dir, { recursive: true });
const server = await startSimulatorServer({
  port: 0,
  staticDirs: { '/demo': fileURLToPath(new URL('../simulator/demo', import.meta.url)) },
});
const written: string[] = [];

/** The page in both schemes at `width` x `height`, once what `ready` waits for is there. */
async function shoot(page: Page, name: string, width: number, height: number) {
  await page.setViewportSize({ width, height });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(400);
    const file = `${dir}/${name}-${width}x${height}-${scheme}.png`;
    await writeFile(file, await capture(page));
    written.push(file);
  }
}

try {
  const browser = await launchExtension({ headless: true, ...(extensionDir ? { extensionDir } : {}) });
  const { listing, popup } = await runDemo(browser, server.origin, server.baseUrl);
  // The popup as Chrome draws it (400 px wide, at most 600 tall) and as a phone's page.
  await shoot(popup, 'popup', 400, 600);
  // What the popup's first 600 px hold: where the VIN box ends, and the whole popup's height.
  const measures: Record<string, unknown> = {
    popup: await popup.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      vinBoxBottom: Math.round(document.querySelector('#vin-input')?.getBoundingClientRect().bottom ?? -1),
    })),
  };
  await shoot(popup, 'popup', 360, 740);
  // The Cruze watched, as its badge's "Watch this vehicle" does (the demo listing shows it).
  await browser.inExtensionPage(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    wireMessage('watchVehicle', { vin: CRUZE, on: true, title: '2012 Chevrolet Cruze LT' }),
  );
  // The report the demo account holds of the Cruze, by the id the service lists (api-spec.md 2.2).
  const held = (await (
    await fetch(`${server.baseUrl}/user/reports`, { headers: { 'x-api-key': DEMO_API_KEY } })
  ).json()) as { providerAReports: Array<{ id: string; VIN: string }> };
  const id = held.providerAReports.find((r) => r.VIN === CRUZE)?.id;
  if (!id) throw new Error(`The demo account holds no providerA report of ${CRUZE}`);
  const pages: Array<[string, string, string]> = [
    ['viewer', `report.html?provider=providerA&id=${id}`, 'iframe.report-frame'],
    ['options', 'options.html', '#service-url'],
    ['watched', 'library.html#watched', '[data-testid="fair-price"], .sightings'],
  ];
  for (const [name, path, ready] of pages) {
    const page = await browser.openPage(path);
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    for (const [width, height] of SIZES) {
      await shoot(page, name, width, height);
      // The viewer: where its report's frame starts, and how much of the screen it fills.
      if (name === 'viewer') {
        const box = await page.locator('iframe.report-frame').boundingBox();
        if (box)
          measures[`viewer ${width}x${height}`] = {
            frameTop: Math.round(box.y),
            share: `${Math.round(((Math.min(box.y + box.height, height) - box.y) / height) * 100)} %`,
          };
      }
    }
    await page.close();
  }
  await listing.close();
  await browser.close();
  console.log(JSON.stringify(measures));
  console.log(`Written: ${written.length} pictures in ${dir}`);
} finally {
  await server.close();
}
