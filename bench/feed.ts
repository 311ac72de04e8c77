// `npm run bench:feed`: what the content script adds to the main thread of a page that never stops
// changing. The same busy feed page (bench/feed-page.ts) is opened in Chromium with the extension and
// in the same Chromium without it, alternately; each run reads CDP Performance.getMetrics'
// TaskDuration (main-thread time of every task) over the same window. Targets (issue 24): at most
// +5 % on a feed that adds a vehicle 4 times a second, at most +2 % on a busy feed without VINs, as
// the median of the alternations (the spread is printed). Each alternation also opens the page in
// the browser with the extension on a host its content script does not run on, which splits the
// figure into the content script's own share and what the installed extension costs without it.
// BENCH_SMOKE=1: one short round of each.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumPath } from '../scripts/browser-paths';
import { CHROMIUM_ARGS, launchExtension } from '../scripts/chromium';
import { startSimulatorServer } from '../simulator/server';
import { feedPage } from './feed-page';

const SMOKE = process.env.BENCH_SMOKE === '1';
const PAIRS = SMOKE ? 1 : 6;
const WINDOW_MS = SMOKE ? 2000 : 8000;
const WARM_MS = SMOKE ? 500 : 1500;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const dir = fileURLToPath(new URL('../.tmp/bench-feed/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}vins.html`, feedPage(true));
writeFileSync(`${dir}plain.html`, feedPage(false));
const server = await startSimulatorServer({ port: 0, staticDirs: { '/feed': dir } });

// The page is also served as http://feed.test:<port>/ (mapped to 127.0.0.1 in both browsers): a
// host the content script does not match. Opened in the browser with the extension, it tells what
// the extension costs the page without its content script (its worker, its process), so the
// content script's own share is measured in one browser, one profile.
const OTHER_HOST = 'feed.test';
const HOST_RULE = `--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`;
const withExtension = await launchExtension({ args: [HOST_RULE] });
// The same browser binary, flags and kind of profile (a persistent one, as the extension's), without
// the extension: measured against a default incognito-like context instead, a browser with no
// extension at all read +1.1 % (plain feed) to +3.5 % (feed with VINs) more main-thread time over 8
// alternations, which this benchmark would have charged to nobody.
const plainContext = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'vhr-plain-')), {
  executablePath: chromiumPath(),
  headless: true,
  args: [...CHROMIUM_ARGS, HOST_RULE],
});
const port = new URL(server.origin).port;

interface FeedWindow {
  /** Main-thread ms per second. */
  busy: number;
  /** Layouts per second: a look that forces the page's layout, or a draw in a frame of its own, adds some. */
  layouts: number;
  /** Badge hosts in the page at the end of the window. */
  badges: number;
}

/** Main-thread time and layouts per second of the feed page in this context, over one window. */
async function measureWindow(
  context: BrowserContext,
  page: 'vins' | 'plain',
  host = '127.0.0.1',
): Promise<FeedWindow> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await tab.goto(`http://${host}:${port}/feed/${page}.html`);
  await tab.waitForTimeout(WARM_MS);
  const read = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: Array<{ name: string; value: number }>;
    };
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: value('TaskDuration'), layouts: value('LayoutCount'), at: value('Timestamp') };
  };
  const start = await read();
  await tab.waitForTimeout(WINDOW_MS);
  const end = await read();
  const badges = await tab.evaluate(() => document.querySelectorAll('[data-vhr-vin]').length);
  await tab.close();
  const seconds = end.at - start.at;
  return {
    busy: ((end.task - start.task) / seconds) * 1000,
    layouts: (end.layouts - start.layouts) / seconds,
    badges,
  };
}

type Side = 'without' | 'idle' | 'with';
const SIDES: Side[] = ['without', 'idle', 'with'];
const measureSide = (side: Side, page: 'vins' | 'plain') =>
  side === 'without'
    ? measureWindow(plainContext, page)
    : measureWindow(withExtension.context, page, side === 'idle' ? OTHER_HOST : '127.0.0.1');

interface Alternation {
  with: number;
  without: number;
  /** The browser with the extension, on the host its content script does not run on. */
  idle: number;
  /** With against without (the target); with against idle (the content script's own share). */
  added: number;
  addedByScript: number;
  layoutsWith: number;
  layoutsWithout: number;
  idleBadges: number;
}
const results: Record<'vins' | 'plain', Alternation[]> = { vins: [], plain: [] };
for (let pair = 0; pair < PAIRS; pair++) {
  for (const page of ['vins', 'plain'] as const) {
    // Alternated, the order turned round each time: no side always runs on a warmer machine.
    const order = pair % 2 === 0 ? SIDES : [...SIDES].reverse();
    // The page's own script is the same work on every side: a side measuring under half another
    // did not run the feed for the whole window (seen once in a smoke: 29.7 against 84.6 ms/s, which
    // read as "-65 %, held"). Such a round is measured again, twice at most, and said so.
    for (let attempt = 1; ; attempt++) {
      const windows = {} as Record<Side, FeedWindow>;
      for (const side of order) windows[side] = await measureSide(side, page);
      const busy = SIDES.map((side) => windows[side].busy);
      const sane = Math.min(...busy) > Math.max(...busy) / 2;
      if (sane || attempt === 3) {
        results[page].push({
          with: windows.with.busy,
          without: windows.without.busy,
          idle: windows.idle.busy,
          added: (windows.with.busy / windows.without.busy - 1) * 100,
          addedByScript: (windows.with.busy / windows.idle.busy - 1) * 100,
          layoutsWith: windows.with.layouts,
          layoutsWithout: windows.without.layouts,
          idleBadges: windows.idle.badges,
        });
        break;
      }
      console.log(`${page}: round ${pair + 1} measured again (${busy.map((b) => round(b)).join(', ')} ms/s)`);
    }
  }
}
const badged = await (async () => {
  // The feed with VINs did get its badges (what the added time pays for).
  const tab = await withExtension.context.newPage();
  await tab.goto(`${server.origin}/feed/vins.html`);
  await tab.waitForTimeout(1500);
  const n = await tab.evaluate(() => document.querySelectorAll('[data-vhr-vin]').length);
  await tab.close();
  return n;
})();
await withExtension.close();
await plainContext.close();
await server.close();

const summary = (page: 'vins' | 'plain') => {
  const spread = (values: number[]) => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return {
    ...spread(results[page].map((r) => r.added)),
    script: spread(results[page].map((r) => r.addedByScript)),
    withMs: median(results[page].map((r) => r.with)),
    withoutMs: median(results[page].map((r) => r.without)),
    idleMs: median(results[page].map((r) => r.idle)),
    layoutsWith: median(results[page].map((r) => r.layoutsWith)),
    layoutsWithout: median(results[page].map((r) => r.layoutsWithout)),
    idleBadges: Math.max(...results[page].map((r) => r.idleBadges)),
  };
};
const vins = summary('vins');
const plainFeed = summary('plain');
const line = (name: string, s: ReturnType<typeof summary>) =>
  `${name}: main thread ${round(s.withoutMs)} ms/s without the extension, ${round(s.withMs)} with it: +${round(s.median)} % median over ${PAIRS} alternations (spread ${round(s.min)} to ${round(s.max)} %); layouts ${round(s.layoutsWithout)}/s without, ${round(s.layoutsWith)}/s with\n` +
  `  of which the content script (same browser, the page on ${OTHER_HOST}, where it does not run: ${round(s.idleMs)} ms/s): +${round(s.script.median)} % (spread ${round(s.script.min)} to ${round(s.script.max)} %)`;
console.log(line('feed adding a vehicle 4 times a second', vins));
console.log(line('busy feed without VINs', plainFeed));
console.log(`badges on the feed with VINs after 1.5 s: ${badged}`);
const targets: Array<[string, boolean]> = [
  [`feed with VINs +${round(vins.median)} % <= 5 %`, vins.median <= 5],
  [`feed without VINs +${round(plainFeed.median)} % <= 2 %`, plainFeed.median <= 2],
  [`badges on the feed with VINs: ${badged} > 0`, badged > 0],
  [
    `badges on ${OTHER_HOST}, where the content script does not run: ${vins.idleBadges} = 0`,
    vins.idleBadges === 0,
  ],
];
for (const [what, held] of targets) console.log(`${held ? 'held  ' : 'MISSED'} ${what}`);
console.log(
  JSON.stringify({
    feedVinsAddedPercent: round(vins.median, 2),
    feedVinsSpread: [round(vins.min, 2), round(vins.max, 2)],
    feedPlainAddedPercent: round(plainFeed.median, 2),
    feedPlainSpread: [round(plainFeed.min, 2), round(plainFeed.max, 2)],
    feedVinsScriptPercent: round(vins.script.median, 2),
    feedVinsScriptSpread: [round(vins.script.min, 2), round(vins.script.max, 2)],
    feedPlainScriptPercent: round(plainFeed.script.median, 2),
    feedPlainScriptSpread: [round(plainFeed.script.min, 2), round(plainFeed.script.max, 2)],
    feedVinsLayoutsPerSecond: [round(vins.layoutsWithout), round(vins.layoutsWith)],
    feedBadges: badged,
    pairs: PAIRS,
  }),
);
// No badge at all, or badges where the content script must not run: the measurement is broken.
if (badged === 0 || vins.idleBadges !== 0) process.exitCode = 1;
if (!SMOKE && targets.some(([, held]) => !held)) process.exitCode = 1;
