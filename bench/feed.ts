// `npm run bench:feed`: what the content script adds to the main thread of a page that never stops
// changing. The same busy feed page (bench/feed-page.ts) is opened in Chromium with the extension and
// in the same Chromium without it, alternately; each run reads CDP Performance.getMetrics'
// TaskDuration (main-thread time of every task) over the same window. Targets (issue 24): at most
// +5 % on a feed that adds a vehicle 4 times a second, at most +2 % on a busy feed without VINs, as
// the median of the alternations (the spread is printed). BENCH_SMOKE=1: one short pair of each.
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

const withExtension = await launchExtension();
// The same browser binary, flags and kind of profile (a persistent one, as the extension's), without
// the extension: measured against a default incognito-like context instead, a browser with no
// extension at all read +1.1 % (plain feed) to +3.5 % (feed with VINs) more main-thread time over 8
// alternations, which this benchmark would have charged to nobody.
const plainContext = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'vhr-plain-')), {
  executablePath: chromiumPath(),
  headless: true,
  args: CHROMIUM_ARGS,
});

interface FeedWindow {
  /** Main-thread ms per second. */
  busy: number;
  /** Layouts per second (a badge drawn in a frame of the page's own lays that frame out twice). */
  layouts: number;
}

/** Main-thread time and layouts per second of the feed page in this context, over one window. */
async function measureWindow(context: BrowserContext, page: 'vins' | 'plain'): Promise<FeedWindow> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await tab.goto(`${server.origin}/feed/${page}.html`);
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
  await tab.close();
  const seconds = end.at - start.at;
  return {
    busy: ((end.task - start.task) / seconds) * 1000,
    layouts: (end.layouts - start.layouts) / seconds,
  };
}

const results: Record<
  'vins' | 'plain',
  Array<{ with: number; without: number; added: number; layoutsWith: number; layoutsWithout: number }>
> = {
  vins: [],
  plain: [],
};
for (let pair = 0; pair < PAIRS; pair++) {
  for (const page of ['vins', 'plain'] as const) {
    // Alternated, the order flipped each pair: neither side always runs on a warmer machine.
    const first = pair % 2 === 0;
    // The page's own script is the same work on both sides: a side measuring under half the other
    // did not run the feed for the whole window (seen once in a smoke: 29.7 against 84.6 ms/s, which
    // read as "-65 %, held"). Such a pair is measured again, twice at most, and said so.
    for (let attempt = 1; ; attempt++) {
      const a = await measureWindow(first ? withExtension.context : plainContext, page);
      const b = await measureWindow(first ? plainContext : withExtension.context, page);
      const [withWindow, withoutWindow] = first ? [a, b] : [b, a];
      const [withMs, withoutMs] = [withWindow.busy, withoutWindow.busy];
      const sane = withMs > withoutMs / 2 && withoutMs > withMs / 2;
      if (sane || attempt === 3) {
        results[page].push({
          with: withMs,
          without: withoutMs,
          added: (withMs / withoutMs - 1) * 100,
          layoutsWith: withWindow.layouts,
          layoutsWithout: withoutWindow.layouts,
        });
        break;
      }
      console.log(
        `${page}: pair ${pair + 1} measured again (${round(withMs)} ms/s with, ${round(withoutMs)} without)`,
      );
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
  const added = results[page].map((r) => r.added);
  return {
    median: median(added),
    min: Math.min(...added),
    max: Math.max(...added),
    withMs: median(results[page].map((r) => r.with)),
    withoutMs: median(results[page].map((r) => r.without)),
    layoutsWith: median(results[page].map((r) => r.layoutsWith)),
    layoutsWithout: median(results[page].map((r) => r.layoutsWithout)),
  };
};
const vins = summary('vins');
const plainFeed = summary('plain');
const line = (name: string, s: ReturnType<typeof summary>) =>
  `${name}: main thread ${round(s.withoutMs)} ms/s without the extension, ${round(s.withMs)} with it: +${round(s.median)} % median over ${PAIRS} alternations (spread ${round(s.min)} to ${round(s.max)} %); layouts ${round(s.layoutsWithout)}/s without, ${round(s.layoutsWith)}/s with`;
console.log(line('feed adding a vehicle 4 times a second', vins));
console.log(line('busy feed without VINs', plainFeed));
console.log(`badges on the feed with VINs after 1.5 s: ${badged}`);
const targets: Array<[string, boolean]> = [
  [`feed with VINs +${round(vins.median)} % <= 5 %`, vins.median <= 5],
  [`feed without VINs +${round(plainFeed.median)} % <= 2 %`, plainFeed.median <= 2],
  [`badges on the feed with VINs: ${badged} > 0`, badged > 0],
];
for (const [what, held] of targets) console.log(`${held ? 'held  ' : 'MISSED'} ${what}`);
console.log(
  JSON.stringify({
    feedVinsAddedPercent: round(vins.median, 2),
    feedVinsSpread: [round(vins.min, 2), round(vins.max, 2)],
    feedPlainAddedPercent: round(plainFeed.median, 2),
    feedPlainSpread: [round(plainFeed.min, 2), round(plainFeed.max, 2)],
    feedVinsLayoutsPerSecond: [round(vins.layoutsWithout), round(vins.layoutsWith)],
    feedBadges: badged,
    pairs: PAIRS,
  }),
);
if (badged === 0) process.exitCode = 1;
if (!SMOKE && targets.some(([, held]) => !held)) process.exitCode = 1;
