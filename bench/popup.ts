// `npm run bench:popup`: how soon the popup shows the account from cached data, median of 20
// opens in Chromium, against a blank extension page (entrypoints/bench-blank, test builds only)
// opened the same way, alternately, in the same run: its DOMContentLoaded is what the browser
// itself takes to open an extension page on this machine, so the ratio holds on a slower one.
// Ends with one line of JSON; keys: popupFirstRenderMsMedian, blankPageReadyMsMedian,
// popupVsBlankRatio, popupFirstRenderMs5000Reports, popup5000VsBlankRatio, libraryKeystroke10000Ms,
// popupStoppedWorker10000Ms, popupStoppedVsWarmRatio.
import { execFileSync } from 'node:child_process';
import { launchExtension } from '../scripts/chromium';
import { startSimulatorServer } from '../simulator/server';
import { holdManyReports } from './dealer-history';

// BENCH_OPENS lets npm test run it as a smoke (it completes and prints its JSON line).
const OPENS = Number(process.env.BENCH_OPENS ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const server = await startSimulatorServer({ port: 0 });
// The service answers slowly, as a real one far away may: the popup must not wait for it.
server.sim.faults.add({ kind: 'latency', latencyMs: 800 });
const browser = await launchExtension();
await browser.configure(server.baseUrl, 'demo-api-key');
// One open fills the cache (the account as last read from the service).
const warm = await browser.openPage('popup.html');
await warm.getByTestId('credits').waitFor({ timeout: 20_000 });
await warm.waitForTimeout(1500);
await warm.close();

/** Opens the blank extension page the same way and reads its DOMContentLoaded. */
async function openBlankTimed(): Promise<number> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/bench-blank.html`);
  const ready = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
  );
  await page.close();
  return ready;
}

/** Opens the popup as a page and times the first render of the account (cached data). */
async function openPopupTimed(): Promise<{ shown: number; ready: number }> {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="credits"]')) {
        (window as unknown as { __shown: number }).__shown = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
  await page.waitForFunction(() => (window as unknown as { __shown?: number }).__shown !== undefined, null, {
    timeout: 20_000,
  });
  const [shown, ready] = await page.evaluate(() => [
    (window as unknown as { __shown: number }).__shown,
    (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
  ]);
  await page.close();
  return { shown: shown as number, ready: ready as number };
}

const firstRender: number[] = [];
const domReady: number[] = [];
const blank: number[] = [];
for (let i = 0; i < OPENS; i++) {
  blank.push(await openBlankTimed());
  const { shown, ready } = await openPopupTimed();
  firstRender.push(shown);
  domReady.push(ready);
}
// A dealer's history: 5,000 reports held, the popup still shows at once (it asks for the newest few).
holdManyReports(server.sim, 'demo-api-key', 5000);
// Warm-up, not measured: a popup whose refresh brings the new list.
const refreshed = await browser.openPage('popup.html');
await refreshed.getByTestId('all-reports').filter({ hasText: '(5000)' }).waitFor({ timeout: 60_000 });
await refreshed.close();
const firstRender5000: number[] = [];
const blank5000: number[] = [];
for (let i = 0; i < OPENS; i++) {
  blank5000.push(await openBlankTimed());
  firstRender5000.push((await openPopupTimed()).shown);
}

// The library with 10,000: one keystroke to the updated list (search, filter, render, layout).
holdManyReports(server.sim, 'demo-api-key', 10_000);
const library = await browser.openPage('library.html');
await library.getByTestId('list-age').filter({ hasText: '10000 reports' }).waitFor({ timeout: 60_000 });
await library.getByText('checking for new ones').waitFor({ state: 'detached', timeout: 60_000 });
const keystrokes = await library.evaluate(
  async (typed: string[]) => {
    const box = document.getElementById('library-search') as HTMLInputElement;
    // No named arrow functions in here: tsx would wrap them in a helper the page does not have.
    const list = document.querySelector('ul[aria-label="Vehicles"]') as HTMLElement;
    const times: number[] = [];
    for (const value of typed) {
      const done = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (list.dataset.query !== value) return;
          observer.disconnect();
          void document.body.offsetHeight; // the updated list laid out
          resolve(performance.now());
        });
        observer.observe(list, { attributes: true, attributeFilter: ['data-query'] });
      });
      const start = performance.now();
      box.value = value;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      times.push((await done) - start);
      await new Promise((r) => setTimeout(r, 30));
    }
    return times;
  },
  [
    'h',
    'ho',
    'hon',
    'hond',
    'honda',
    'honda ',
    'honda 2',
    'honda 20',
    'honda 201',
    'honda 2019',
    '1',
    '1g',
    '1g1',
    '',
  ],
);
await library.close();

// The popup when its service worker is not running (what most opens meet: Chrome stops an idle
// worker after 30 s), with those 10,000 reports held: the worker is stopped before each open (a
// cold start that must read and parse the cached account follows), and the popup shows
// the headline the background kept without waiting for it. Against the demo account's warm opens.
const stoppedOpens = Math.max(3, Math.round(OPENS / 4));
const firstRenderStopped: number[] = [];
const control = await browser.context.newPage();
const cdp = await browser.context.newCDPSession(control);
for (let i = 0; i < stoppedOpens; i++) {
  // DevTools' "Stop" for every service worker of the profile; the popup's first message starts it again.
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.send('ServiceWorker.disable');
  await new Promise((r) => setTimeout(r, 500));
  firstRenderStopped.push((await openPopupTimed()).shown);
}
await control.close();

await browser.close();
await server.close();

// Targets: the account on screen within 3x what the browser takes to open a blank extension page
// (the popup also loads, parses and runs its module and asks the background for the cached account);
// a library keystroke under the Long Tasks API's 50 ms (a platform threshold, not a machine's).
const POPUP_VS_BLANK_TARGET = 3;
const KEYSTROKE_TARGET_MS = 50;
const verdict = (held: boolean) => (held ? 'held' : 'MISSED');
const popupFirstRenderMsMedian = round(median(firstRender));
const blankPageReadyMsMedian = round(median(blank));
const popupVsBlankRatio = round(popupFirstRenderMsMedian / blankPageReadyMsMedian);
console.log(
  `popup first render with account data (cached; the service answers after 800 ms): median ${popupFirstRenderMsMedian} ms of ${OPENS} opens (min ${round(Math.min(...firstRender))}, max ${round(Math.max(...firstRender))}); its own DOMContentLoaded ${round(median(domReady))} ms`,
);
console.log(
  `blank extension page opened the same way, alternately: DOMContentLoaded median ${blankPageReadyMsMedian} ms; popup/blank ${popupVsBlankRatio}x (target at most ${POPUP_VS_BLANK_TARGET}x: ${verdict(popupVsBlankRatio <= POPUP_VS_BLANK_TARGET)})`,
);
const popupFirstRenderMs5000Reports = round(median(firstRender5000));
const popup5000VsBlankRatio = round(popupFirstRenderMs5000Reports / median(blank5000));
console.log(
  `with 5,000 reports held: popup first render median ${popupFirstRenderMs5000Reports} ms, blank page ${round(median(blank5000))} ms: ${popup5000VsBlankRatio}x (target at most ${POPUP_VS_BLANK_TARGET}x: ${verdict(popup5000VsBlankRatio <= POPUP_VS_BLANK_TARGET)})`,
);
const popupStoppedWorker10000Ms = round(median(firstRenderStopped));
const popupStoppedVsWarmRatio = round(popupStoppedWorker10000Ms / popupFirstRenderMsMedian);
const STOPPED_VS_WARM_TARGET = 1.25;
console.log(
  `worker stopped, 10,000 reports held: popup first render median ${popupStoppedWorker10000Ms} ms of ${stoppedOpens} (max ${round(Math.max(...firstRenderStopped))}); ${popupStoppedVsWarmRatio}x the demo account's warm open (target at most ${STOPPED_VS_WARM_TARGET}x: ${verdict(popupStoppedVsWarmRatio <= STOPPED_VS_WARM_TARGET)})`,
);
const libraryKeystroke10000Ms = round(median(keystrokes));
console.log(
  `library with 10,000 reports: keystroke to updated list median ${libraryKeystroke10000Ms} ms, max ${round(Math.max(...keystrokes))} ms over ${keystrokes.length} keystrokes (target under ${KEYSTROKE_TARGET_MS} ms: ${verdict(libraryKeystroke10000Ms < KEYSTROKE_TARGET_MS)})`,
);
console.log(
  JSON.stringify({
    popupFirstRenderMsMedian,
    blankPageReadyMsMedian,
    popupVsBlankRatio,
    popupFirstRenderMs5000Reports,
    popup5000VsBlankRatio,
    libraryKeystroke10000Ms,
    popupStoppedWorker10000Ms,
    popupStoppedVsWarmRatio,
  }),
);
// A full run fails on a missed target; the smoke in npm test (BENCH_OPENS=3) only has to complete.
const allHeld =
  popupVsBlankRatio <= POPUP_VS_BLANK_TARGET &&
  popup5000VsBlankRatio <= POPUP_VS_BLANK_TARGET &&
  libraryKeystroke10000Ms < KEYSTROKE_TARGET_MS &&
  popupStoppedVsWarmRatio <= STOPPED_VS_WARM_TARGET;
if (!allHeld && !process.env.BENCH_OPENS) process.exitCode = 1;
