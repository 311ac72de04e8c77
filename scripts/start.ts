// `npm start`: the simulator on 127.0.0.1:8787 plus Chromium with the extension, set up with the
// demo key and opened on a demo listing page (after a second demo site showing two of its vehicles,
// and a results page of Camrys there for the fair-price gauge). Without a display it runs headless and writes
// screenshots instead. Ctrl-C stops both.
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';
import { SCREENSHOT_DIR } from './browser-paths';
import { buildLoopback } from './build-loopback';
import { launchExtension } from './chromium';
import { openPanel, runDemo } from './demo-flow';

/** The demo listing's Ram: its panel is the one shown open. */
const RAM = '1C6RD6FT1CS310366';

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
buildLoopback();

const browser = await launchExtension({ headless });
const { listing, popup, dealerTwo, camrysUrl } = await runDemo(browser, server.origin, server.baseUrl);

if (headless) {
  // The listing with its pills' findings, then the Ram's panel open on its own (issue 64).
  await browser.screenshot(listing, 'start-listing');
  await browser.screenshot(popup, 'start-popup');
  await openPanel(listing, RAM);
  await browser.screenshot(listing, 'start-panel', { fullPage: false });
  console.log(`No display: running headless. Screenshots in ${SCREENSHOT_DIR} (chromium-start-*.png).`);
} else {
  await popup.close();
  await listing.bringToFront();
}
console.log(
  `Demo listing: ${server.origin}/demo/listing.html\nThe same Cruze and Ram on a second site: ${dealerTwo}\nSimilar Camrys there, for the demo Camry's fair price: ${camrysUrl}\nPress Ctrl-C to stop.`,
);

const stop = async () => {
  await browser.close().catch(() => undefined);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
