// `npm run docs:images`: the README's and docs/pages.md's pictures of the badge, made from the
// current build on demo data (issue 64: hand-made ones went stale, showing a pill and words long
// gone). The simulator on a free port, Chromium headless with the loopback build, npm start's demo
// (demo-flow.ts); each picture written to docs/. Pictures of pages this does not make (the library,
// the workbench, the options, the confirmation window) are left as they are.
// For a before-and-after: IMAGES_DIR writes elsewhere, EXTENSION_DIR loads another build (an earlier
// commit's loopback build; SKIP_BUILD=1), and the demo listing is also taken at 360x740 and in dark.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';
import { buildLoopback } from './build-loopback';
import { capture, launchExtension } from './chromium';
import { openPanel, runDemo } from './demo-flow';

const DOCS = process.env.IMAGES_DIR
  ? `${process.env.IMAGES_DIR}/`
  : fileURLToPath(new URL('../docs/', import.meta.url));
const extensionDir = process.env.EXTENSION_DIR;
const RAM = '1C6RD6FT1CS310366';
const CRUZE = '1G1PG5SC3C7167133';
const CAMRY = '4T1BB3EK5AU118081';

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the extension (loopback mode)…');
  buildLoopback();
}
const server = await startSimulatorServer({
  port: 0,
  staticDirs: { '/demo': fileURLToPath(new URL('../simulator/demo', import.meta.url)) },
});
const written: string[] = [];
const save = async (name: string, shot: Buffer) => {
  await writeFile(`${DOCS}${name}`, shot);
  written.push(`${DOCS}${name}`);
};

try {
  const browser = await launchExtension({ headless: true, ...(extensionDir ? { extensionDir } : {}) });
  const { listing, popup } = await runDemo(browser, server.origin, server.baseUrl);
  await listing.setViewportSize({ width: 1280, height: 800 });
  await save('listing-verdicts.png', await capture(listing));
  if (process.env.IMAGES_DIR) {
    await listing.emulateMedia({ colorScheme: 'dark' });
    await save('listing-1280-dark.png', await capture(listing));
    await listing.setViewportSize({ width: 360, height: 740 });
    for (const scheme of ['dark', 'light'] as const) {
      await listing.emulateMedia({ colorScheme: scheme });
      await listing.waitForTimeout(1000);
      await save(`listing-360-${scheme}.png`, await capture(listing));
    }
    await listing.setViewportSize({ width: 1280, height: 800 });
  }
  await save('popup.png', await capture(popup));
  await openPanel(listing, RAM);
  await save('badge-panel.png', await capture(listing));
  await listing.keyboard.press('Escape');
  // The Camry's fair price against the 16 Camrys seen on the second site, how it is judged.
  await openPanel(listing, CAMRY);
  await save('badge-fair-price.png', await capture(listing));
  await listing.keyboard.press('Escape');
  // A report held, in dark mode: the panel, then the report itself in the viewer.
  await listing.emulateMedia({ colorScheme: 'dark' });
  await openPanel(listing, CRUZE);
  await save('badge-owned-dark.png', await capture(listing));
  await listing.keyboard.press('Escape');
  // The report's id as the service lists it (the simulator's /user/reports, the demo key: summaries
  // name the VIN `VIN`, api-spec.md 2.2). No id, no picture: a 404 page is no picture of the viewer.
  const held = (await (
    await fetch(`${server.baseUrl}/user/reports`, { headers: { 'x-api-key': DEMO_API_KEY } })
  ).json()) as { providerAReports: Array<{ id: string; VIN: string }> };
  const id = held.providerAReports.find((r) => r.VIN === CRUZE)?.id;
  if (!id) throw new Error(`The demo account holds no providerA report of ${CRUZE}`);
  const viewer = await browser.openPage(`report.html?provider=providerA&id=${id}`);
  await viewer.emulateMedia({ colorScheme: 'dark' });
  await viewer.setViewportSize({ width: 1280, height: 800 });
  await viewer.waitForTimeout(2500);
  await save('viewer-dark.png', await capture(viewer));
  await browser.close();

  // A phone (360 x 740, touch): the listing's pills and a panel as a sheet along the bottom.
  const phone = await launchExtension({
    headless: true,
    phone: true,
    ...(extensionDir ? { extensionDir } : {}),
  });
  const options = await phone.openPage('options.html');
  await options.getByLabel('Service URL').fill(server.baseUrl);
  await options.getByLabel('API key').fill(DEMO_API_KEY);
  await options.getByRole('button', { name: 'Test connection and save' }).click();
  await options.getByRole('status').waitFor({ timeout: 15_000 });
  const small = await phone.context.newPage();
  await small.goto(`${server.origin}/demo/listing.html`);
  await small.waitForSelector('[data-vhl-vin][data-vhl-placed]');
  await small.waitForTimeout(2500);
  await openPanel(small, CRUZE);
  await save('phone-badge-sheet.png', await capture(small));
  await phone.close();
  console.log(`Written from the current build: ${written.join(', ')}`);
} finally {
  await server.close();
}
