// `npm start`: the simulator on 127.0.0.1:8787 plus Chromium with the extension, set up with the
// demo key and opened on a demo listing page (after a second demo site showing two of its vehicles,
// and a results page of Camrys there for the fair-price gauge). Without a display it runs headless and writes
// screenshots instead. Ctrl-C stops both.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';
import { SCREENSHOT_DIR } from './browser-paths';
import { launchExtension } from './chromium';

const headless = !process.env.DISPLAY || process.env.HEADLESS === '1';
const port = Number(process.env.PORT ?? 8787);

// The simulator first: a port already taken is said in one line, before a build is waited for.
const server = await startSimulatorServer({
  port,
  staticDirs: { '/demo': fileURLToPath(new URL('../simulator/demo', import.meta.url)) },
}).catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  const address = (error as { address?: string }).address ?? '127.0.0.1';
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} on ${address} is taken (another npm start, or another program). Choose another: PORT=${port + 1} npm start`
      : `Port ${port} on ${address} may not be used by this user. Choose another: PORT=8788 npm start`,
  );
  process.exit(1);
});
console.log(`Simulator: ${server.baseUrl}  (key ${DEMO_API_KEY})`);
console.log('Building the extension (loopback mode)…');
execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });

const browser = await launchExtension({ headless });
// Set up like a user would: the options page, the demo service URL and key.
const options = await browser.openPage('options.html');
await options.getByLabel('Service URL').fill(server.baseUrl);
await options.getByLabel('API key').fill(DEMO_API_KEY);
await options.getByRole('button', { name: 'Test connection and save' }).click();
await options.getByRole('status').waitFor({ timeout: 15_000 });

// A second demo site first (its own host, localhost): listing.html's Cruze is for less there, and
// listing.html's Ram states 14,000 fewer miles than it does there: the badges have a memory to tell
// (issues 45 and 54), both on the demo listing.
const dealerTwo = `${server.origin.replace('127.0.0.1', 'localhost')}/demo/dealer-two.html`;
const second = await browser.context.newPage();
await second.goto(dealerTwo);
await second.waitForSelector('[data-vhl-vin]');
// A results page of 16 Camrys of six dealers on that site: the demo listing's 2010 Camry then has a
// fair price to show (issues 57, 61). Scrolled through as a shopper does (a card counts only once it
// was seen); its sightings go a second after.
const camrys = await browser.context.newPage();
await camrys.goto(dealerTwo.replace('dealer-two.html', 'camrys.html'));
await camrys.waitForSelector('[data-vhl-vin]');
for (let y = 0; y <= (await camrys.evaluate(() => document.body.scrollHeight)); y += 600) {
  await camrys.evaluate((top) => window.scrollTo(0, top), y);
  await camrys.waitForTimeout(200);
}
await camrys.waitForTimeout(1500);
const listing = await browser.context.newPage();
await listing.goto(`${server.origin}/demo/listing.html`);
await listing.waitForSelector('[data-vhl-vin]');
// The popup about the demo listing's tab (as the toolbar button opens it there).
const popup = await browser.openPage(`popup.html?tab=${await browser.tabIdOf(listing)}`);
await popup.getByTestId('user-name').waitFor({ timeout: 15_000 });

if (headless) {
  await browser.screenshot(listing, 'start-listing');
  await browser.screenshot(popup, 'start-popup');
  console.log(`No display: running headless. Screenshots in ${SCREENSHOT_DIR} (chromium-start-*.png).`);
} else {
  await popup.close();
  await listing.bringToFront();
}
console.log(
  `Demo listing: ${server.origin}/demo/listing.html\nThe same Cruze and Ram on a second site: ${dealerTwo}\nSimilar Camrys there, for the demo Camry's fair price: ${dealerTwo.replace('dealer-two.html', 'camrys.html')}\nPress Ctrl-C to stop.`,
);

const stop = async () => {
  await browser.close().catch(() => undefined);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
