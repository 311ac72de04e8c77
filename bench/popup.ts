// `npm run bench:popup`: how soon the popup shows the account from cached data in Chromium, against
// a blank extension page (entrypoints/test-blank, test builds only) opened the same way,
// alternately, in the same run: its DOMContentLoaded is what the browser itself takes to open an
// extension page on this machine, so the ratio holds on a slower one. Each popup open is divided by
// the blank open beside it and the median of those ratios is the figure (the machine's drift over a
// run moves both alike). With 0 and 5,000 reports held, with the worker stopped, and for the first
// popup after a browser restart. Every first render must show the credits the background has cached
// (a placeholder does not count) and say it is updating them.
// Ends with one line of JSON; keys: popupFirstRenderMsMedian, blankPageReadyMsMedian,
// popupVsBlankRatio, popupFirstRenderMs5000Reports, popup5000VsBlankRatio, popupAfterRestartMs,
// popupAfterRestartVsBlankRatio, libraryKeystroke10000Ms, popupStoppedWorker10000Ms,
// popupStoppedVsWarmRatio.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIBRARY_DB } from '../entrypoints/background/storage/library-db';
import { FACTS_VERSION } from '../lib/reports/facts/report-facts';
import { type ExtensionBrowser, launchExtension } from '../scripts/chromium';
import { wireMessage } from '../scripts/wire-message';
import { startSimulatorServer } from '../simulator/server';
import { holdManyReports } from './dealer-history';

// BENCH_OPENS lets npm test run it as a smoke (it completes and prints its JSON line).
const OPENS = Number(process.env.BENCH_OPENS ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

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
async function openBlankTimed(on: ExtensionBrowser = browser): Promise<number> {
  const page = await on.context.newPage();
  await page.goto(`chrome-extension://${on.extensionId}/test-blank.html`);
  const ready = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
  );
  await page.close();
  return ready;
}

/** The credits in the account the background has cached (what the popup must show first). */
async function cachedCredits(on: ExtensionBrowser): Promise<number> {
  const answer = (await on.inExtensionPage(
    (message) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage(message),
    wireMessage('getAccount', {}),
  )) as { res?: { ok: boolean; value?: { limits: { credits: number } } } };
  const credits = answer.res?.value?.limits.credits;
  if (credits === undefined) throw new Error(`no cached account: ${JSON.stringify(answer)}`);
  return credits;
}

interface PopupOpen {
  shown: number;
  ready: number;
  /** The credits and the state line at the moment the credits first appeared. */
  credits: string;
  state: string;
}

/** Opens the popup as a page and times the first render of the account (cached data). */
async function openPopupTimed(on: ExtensionBrowser = browser): Promise<PopupOpen> {
  const page = await on.context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const credits = document.querySelector('[data-testid="credits"] .big');
      if (credits) {
        Object.assign(window, {
          __first: {
            shown: performance.now(),
            credits: credits.textContent,
            state:
              document.querySelector('[data-testid="updating"], [data-testid="stale"]')?.textContent ?? '',
          },
        });
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`chrome-extension://${on.extensionId}/popup.html`);
  await page.waitForFunction(() => (window as unknown as { __first?: object }).__first !== undefined, null, {
    timeout: 20_000,
  });
  const first = await page.evaluate(() => ({
    ...(window as unknown as { __first: { shown: number; credits: string; state: string } }).__first,
    ready: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .domContentLoadedEventEnd,
  }));
  await page.close();
  return first;
}

/** Every first render showed the cached credits and said it was updating them (or how stale they are). */
const truthful = { opens: 0, wrongCredits: [] as string[], unmarked: 0 };
function checkTruth(open: PopupOpen, credits: number) {
  truthful.opens++;
  if (open.credits !== String(credits)) truthful.wrongCredits.push(`${open.credits} (cached ${credits})`);
  if (!/Updating|Showing what was known/.test(open.state)) truthful.unmarked++;
}

/** `opens` alternated pairs of a blank page and a popup: times, and each popup over its blank. */
async function pairs(opens: number) {
  const credits = await cachedCredits(browser);
  const popup: number[] = [];
  const ready: number[] = [];
  const blank: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < opens; i++) {
    blank.push(await openBlankTimed());
    const open = await openPopupTimed();
    checkTruth(open, credits);
    popup.push(open.shown);
    ready.push(open.ready);
    ratios.push(open.shown / (blank.at(-1) as number));
  }
  return { popup, ready, blank, ratios };
}

const demo = await pairs(OPENS);
// A dealer's history: 5,000 reports held, the popup still shows at once (it asks for the newest few).
holdManyReports(server.sim, 'demo-api-key', 5000);
// Warm-up, not measured: a popup whose refresh brings the new list.
const refreshed = await browser.openPage('popup.html');
await refreshed.getByTestId('all-reports').filter({ hasText: '(5000)' }).waitFor({ timeout: 60_000 });
await refreshed.close();
const dealer = await pairs(OPENS);

// The library with 10,000: one keystroke to the updated list (search, filter, render, layout), every
// report kept offline with its key facts read (issue 39: the library then loads and filters them all).
holdManyReports(server.sim, 'demo-api-key', 10_000);
const held = server.sim.state.users.find((u) => u.apiKey === 'demo-api-key')?.reports ?? [];
await browser.inExtensionPage(
  async ({ reports, facts, library }) => {
    // The library database as the background keeps it (its stores: report-store.ts's upgrade).
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(library.name, library.version);
      // The background made it when the library loaded above; creating it here would leave out its upgrade.
      open.onupgradeneeded = () => {
        open.transaction?.abort();
        reject(new Error('the library database is not there yet'));
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['reports', 'facts'], 'readwrite');
    for (const r of reports) {
      tx.objectStore('reports').put({
        ...r,
        html: '<html><body>kept</body></html>',
        lastOpenedAt: 1,
        bytes: 60,
      });
      tx.objectStore('facts').put({ provider: r.provider, id: r.id, facts });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  },
  {
    reports: held.map(({ provider, id, vin, yearMakeModel, createdAt }) => ({
      provider,
      id,
      vin,
      yearMakeModel,
      createdAt,
    })),
    library: LIBRARY_DB,
    facts: {
      version: FACTS_VERSION,
      layout: 'providerA',
      owners: { value: 2, quote: '2 Previous owners', anchor: 'ownership' },
      accidents: { value: { count: 1, worst: 'minor' }, quote: '1 accident reported', anchor: 'damage' },
      titleBrands: { value: [], quote: 'No title problems reported', anchor: 'title-history' },
      lastOdometer: {
        value: { miles: 48_900, date: '03/14/2025' },
        quote: '48,900 last reported odometer reading',
      },
      odometerProblem: null,
      use: { value: 'Personal', quote: 'Personal vehicle' },
      openRecalls: { value: 0, quote: 'No open recalls reported' },
      score: null,
      serviceRecords: { value: 7, quote: '7 Service history records' },
    },
  },
);
const library = await browser.openPage('library.html');
await library.getByTestId('list-age').filter({ hasText: '10000 reports' }).waitFor({ timeout: 60_000 });
await library.getByText('checking for new ones').waitFor({ state: 'detached', timeout: 60_000 });
// The facts of all 10,000 are in: the rows show them.
await library.getByTestId('facts').filter({ hasText: '2 owners' }).first().waitFor({ timeout: 60_000 });
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
// worker after 30 s), with those 10,000 reports held: the worker is stopped before each open, and the
// popup shows the headline the background kept without waiting for it. Each against a warm open
// (worker running, same history) right after it.
const stoppedOpens = Math.max(3, Math.round(OPENS / 4));
const firstRenderStopped: number[] = [];
const stoppedVsWarm: number[] = [];
const stoppedCredits = await cachedCredits(browser);
const control = await browser.context.newPage();
const cdp = await browser.context.newCDPSession(control);
for (let i = 0; i < stoppedOpens; i++) {
  // DevTools' "Stop" for every service worker of the profile; the popup's first message starts it again.
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.send('ServiceWorker.disable');
  await new Promise((r) => setTimeout(r, 500));
  const open = await openPopupTimed();
  checkTruth(open, stoppedCredits);
  firstRenderStopped.push(open.shown);
  const warmOpen = await openPopupTimed();
  checkTruth(warmOpen, stoppedCredits);
  stoppedVsWarm.push(open.shown / warmOpen.shown);
}
await control.close();
await browser.close();

// The first page opened after a browser restart (the browser forgets storage.session when it
// closes): a profile kept between launches holding the 10,000 reports' account; each restart opens
// one page, a blank one or the popup by turns, as soon as the browser is up.
const profile = mkdtempSync(join(tmpdir(), 'vhr-bench-restart-'));
const restarts = Math.max(2, Math.round(OPENS / 4));
const afterRestart: number[] = [];
const blankAfterRestart: number[] = [];
{
  const first = await launchExtension({ userDataDir: profile });
  await first.configure(server.baseUrl, 'demo-api-key');
  const page = await first.openPage('popup.html');
  await page.getByTestId('all-reports').filter({ hasText: '(10000)' }).waitFor({ timeout: 60_000 });
  await page.close();
  await first.close();
}
const restartCredits = server.sim.state.users.find((u) => u.apiKey === 'demo-api-key')?.credits ?? -1;
for (let i = 0; i < restarts * 2; i++) {
  const restarted = await launchExtension({ userDataDir: profile });
  if (i % 2 === 0) blankAfterRestart.push(await openBlankTimed(restarted));
  else {
    const open = await openPopupTimed(restarted);
    checkTruth(open, restartCredits);
    afterRestart.push(open.shown);
  }
  await restarted.close();
}
rmSync(profile, { recursive: true, force: true });
await server.close();

// Targets: the account on screen within 1.5x what the browser takes to open a blank extension page
// (the popup also loads, parses and runs its first module and reads the headline the background
// keeps), whatever the history's size and after a restart; a library keystroke under the Long Tasks
// API's 50 ms (a platform threshold, not a machine's).
const POPUP_VS_BLANK_TARGET = 1.5;
const KEYSTROKE_TARGET_MS = 50;
const verdict = (held: boolean) => (held ? 'held' : 'MISSED');
const spread = (xs: number[]) => `${round(Math.min(...xs))}-${round(Math.max(...xs))}`;
const spread2 = (xs: number[]) => `${round2(Math.min(...xs))}-${round2(Math.max(...xs))}`;
const popupFirstRenderMsMedian = round(median(demo.popup));
const blankPageReadyMsMedian = round(median(demo.blank));
const popupVsBlankRatio = round2(median(demo.ratios));
console.log(
  `popup first render with account data (cached; the service answers after 800 ms): median ${popupFirstRenderMsMedian} ms of ${OPENS} opens (${spread(demo.popup)}); its own DOMContentLoaded ${round(median(demo.ready))} ms`,
);
console.log(
  `blank extension page opened the same way, alternately: DOMContentLoaded median ${blankPageReadyMsMedian} ms (${spread(demo.blank)}); popup/blank median of ${OPENS} pairs ${popupVsBlankRatio}x (pairs ${spread2(demo.ratios)}x; target at most ${POPUP_VS_BLANK_TARGET}x: ${verdict(popupVsBlankRatio <= POPUP_VS_BLANK_TARGET)})`,
);
const popupFirstRenderMs5000Reports = round(median(dealer.popup));
const popup5000VsBlankRatio = round2(median(dealer.ratios));
console.log(
  `with 5,000 reports held: popup first render median ${popupFirstRenderMs5000Reports} ms, blank page ${round(median(dealer.blank))} ms: median of ${OPENS} pairs ${popup5000VsBlankRatio}x (target at most ${POPUP_VS_BLANK_TARGET}x: ${verdict(popup5000VsBlankRatio <= POPUP_VS_BLANK_TARGET)})`,
);
const popupAfterRestartMs = round(median(afterRestart));
const popupAfterRestartVsBlankRatio = round2(popupAfterRestartMs / median(blankAfterRestart));
console.log(
  `first page after a browser restart, 10,000 reports held: popup first render median ${popupAfterRestartMs} ms (${spread(afterRestart)}), blank page ${round(median(blankAfterRestart))} ms (${spread(blankAfterRestart)}), ${restarts} restarts each: ${popupAfterRestartVsBlankRatio}x (target at most ${POPUP_VS_BLANK_TARGET}x: ${verdict(popupAfterRestartVsBlankRatio <= POPUP_VS_BLANK_TARGET)})`,
);
const truthHeld = truthful.wrongCredits.length === 0 && truthful.unmarked === 0;
console.log(
  `first renders showing the cached credits and saying they are being updated: ${truthful.opens - truthful.wrongCredits.length - truthful.unmarked} of ${truthful.opens}${truthful.wrongCredits.length ? `; wrong credits: ${truthful.wrongCredits.slice(0, 3).join(', ')}` : ''}${truthful.unmarked ? `; ${truthful.unmarked} not marked as updating` : ''} (${verdict(truthHeld)})`,
);
const popupStoppedWorker10000Ms = round(median(firstRenderStopped));
const popupStoppedVsWarmRatio = round2(median(stoppedVsWarm));
const STOPPED_VS_WARM_TARGET = 1.25;
console.log(
  `worker stopped, 10,000 reports held: popup first render median ${popupStoppedWorker10000Ms} ms of ${stoppedOpens} (max ${round(Math.max(...firstRenderStopped))}); ${popupStoppedVsWarmRatio}x a warm open right after each (median of pairs; target at most ${STOPPED_VS_WARM_TARGET}x: ${verdict(popupStoppedVsWarmRatio <= STOPPED_VS_WARM_TARGET)})`,
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
    popupAfterRestartMs,
    popupAfterRestartVsBlankRatio,
    libraryKeystroke10000Ms,
    popupStoppedWorker10000Ms,
    popupStoppedVsWarmRatio,
  }),
);
// A full run fails on a missed target; the smoke in npm test (BENCH_OPENS=3) only has to complete,
// and show the truth: a first render with other credits than the cached ones fails every run.
if (!truthHeld) process.exitCode = 1;
const allHeld =
  popupVsBlankRatio <= POPUP_VS_BLANK_TARGET &&
  popup5000VsBlankRatio <= POPUP_VS_BLANK_TARGET &&
  popupAfterRestartVsBlankRatio <= POPUP_VS_BLANK_TARGET &&
  libraryKeystroke10000Ms < KEYSTROKE_TARGET_MS &&
  popupStoppedVsWarmRatio <= STOPPED_VS_WARM_TARGET;
if (!allHeld && !process.env.BENCH_OPENS) process.exitCode = 1;
