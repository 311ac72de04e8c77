// `npm run bench`: speed and size figures of VIN detection, each beside a baseline measured in the
// same run. Timings are medians; the machines are shared, so only ratios are worth comparing.
// Ends with one line of JSON. BENCH_SMOKE=1 (run by npm test) measures a 200-card page once and a
// 500-card scroll: it proves the benchmark completes and that every appended card got its badge.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cardHtml, kindOf, listingPage, makeVin, rng } from '../samples/listing-page';
import { launchExtension } from '../scripts/chromium';
import { startSimulatorServer } from '../simulator/server';
import { measureFindVins } from './find-vins-throughput';

const SMOKE = process.env.BENCH_SMOKE === '1';
const CARDS = SMOKE ? 200 : 2000;
const LOADS = SMOKE ? 1 : 5;
// Infinite scroll: batches of 25 cards, a third of them known only from a JSON-LD block of their own.
const SCROLL_BATCHES = SMOKE ? 20 : 200;
const SCROLL_BATCH = 25;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const throughput = measureFindVins(SMOKE ? 1 : 7);
console.log(
  `findVins: ${round(throughput.findVinsMBps)} MB/s, bare regex: ${round(throughput.bareRegexMBps)} MB/s ` +
    `(${round(throughput.mb, 2)} MB of listing text; ${throughput.found} VINs kept of ${throughput.bareMatches} bare matches)`,
);

const dir = fileURLToPath(new URL('../.tmp/bench/', import.meta.url));
mkdirSync(dir, { recursive: true });
const page = listingPage(CARDS);
writeFileSync(`${dir}listing.html`, page.html);

const server = await startSimulatorServer({ port: 0, staticDirs: { '/bench': dir } });
const browser = await launchExtension();
const tab = await browser.context.newPage();
// In the page's own world: long tasks and the content script's per-pass work reports.
await tab.addInitScript(() => {
  const w = window as unknown as {
    __bench: {
      longTasks: number[];
      drains: Array<Record<string, number> & { longestSliceIn?: string }>;
      started: number;
    };
  };
  w.__bench = { longTasks: [], drains: [], started: Number.POSITIVE_INFINITY, metronome: [] } as never;
  // Only tasks from the content script's start on: before it, the page parses its own 0.6 MB.
  document.addEventListener('vhl:started', () => {
    w.__bench.started = performance.now();
    // The page's own metronome beside the content script: tasks of a fixed 2 ms of work each (the
    // iterations calibrated now), for the first 3 s. How long they take by the clock is what the
    // machine does to any slice of work at that moment (other processes, threads, GC): the baseline
    // for the content script's slices, measured in the same window.
    let n = 0;
    for (const t = performance.now(); performance.now() - t < 2; ) n++;
    const ticks = (w.__bench as unknown as { metronome: number[] }).metronome;
    const stop = performance.now() + 3000;
    // No named function here: tsx would wrap it in a helper the page does not have.
    const timer = setInterval(() => {
      const t = performance.now();
      for (let i = 0; i < n; ) if (performance.now() >= 0) i++;
      ticks.push(performance.now() - t);
      if (performance.now() >= stop) clearInterval(timer);
    }, 0);
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime + entry.duration > w.__bench.started) w.__bench.longTasks.push(entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('vhl:drained', (e) =>
    w.__bench.drains.push({ ...JSON.parse((e as CustomEvent<string>).detail), at: performance.now() }),
  );
});
const bench = () =>
  tab.evaluate(
    () =>
      (
        window as unknown as {
          __bench: {
            longTasks: number[];
            drains: Array<Record<string, number> & { longestSliceIn?: string }>;
            metronome: number[];
          };
        }
      ).__bench,
  );
const badgeCount = () => tab.evaluate(() => document.querySelectorAll('[data-vhl-vin]').length);

const url = `${server.origin}/bench/listing.html`;
const loads: Array<{
  scanMs: number;
  passMs: number;
  wallMs: number;
  sliceMs: number;
  /** The step of the pass that longest slice ended in (scan, judge, index, prepare, place, mount). */
  sliceIn: string;
  longTaskMs: number;
  metronomeMs: number;
}> = [];
let longest = 0;
for (let i = 0; i < LOADS; i++) {
  const start = Date.now();
  await tab.goto(url);
  await tab.waitForFunction((n) => document.querySelectorAll('[data-vhl-vin]').length >= n, CARDS, {
    timeout: 60_000,
    polling: 50,
  });
  const wallMs = Date.now() - start;
  await tab.waitForTimeout(3100); // the metronome's 3 s
  const { drains, longTasks, metronome } = await bench();
  const first = drains[0] as Record<string, number>;
  loads.push({
    scanMs: first.scanMs as number,
    passMs: (first.scanMs as number) + (first.mountMs as number),
    wallMs,
    sliceMs: Math.max(...drains.map((d) => d.longestSliceMs ?? 0)),
    sliceIn: String(
      [...drains].sort((a, b) => (b.longestSliceMs ?? 0) - (a.longestSliceMs ?? 0))[0]?.longestSliceIn,
    ),
    // The Long Tasks API reports tasks of 50 ms and more: 0 means none in this load.
    longTaskMs: Math.max(0, ...longTasks),
    metronomeMs: Math.max(0, ...metronome),
  });
  longest = Math.max(longest, ...longTasks, 0);
}

// 25 cards appended later, as infinite scroll does: five times, each measured apart; the median
// is the figure (one append is a few ms of work, where a single sample swung from 1 % to 7 % of a
// full pass on a busy machine).
const APPENDS = 5;
const random = rng(99);
interface AppendRun {
  ms: number;
  waitMs: number;
  scanMs: number;
  placeMs: number;
  passes: number;
  wallMs: number;
  slices: number[];
}
const appendRuns: AppendRun[] = [];
for (let k = 0; k < APPENDS; k++) {
  const added = Array.from({ length: 25 }, (_, i) =>
    cardHtml(CARDS + k * 25 + i, makeVin(random), random, i % 2 ? 'text' : 'attribute'),
  );
  const before = (await bench()).drains.length;
  const appendStart = Date.now();
  await tab.evaluate((cards) => {
    const list = document.getElementById('list') as HTMLElement;
    for (const html of cards) list.insertAdjacentHTML('beforeend', html);
  }, added);
  // Appended cards hold their VIN in text or an attribute (a page's JSON-LD is not extended): 25 new badges.
  await tab.waitForFunction(
    (n) => document.querySelectorAll('[data-vhl-vin]').length >= n,
    CARDS + 25 * (k + 1),
    {
      timeout: 30_000,
      polling: 10,
    },
  );
  const wallMs = Date.now() - appendStart;
  await new Promise((r) => setTimeout(r, 200));
  const after = await bench();
  const drains = after.drains.slice(before);
  // Main-thread work of the content script: scanning and mounting. The wait for the background's
  // answer is latency, during which the page runs; it is printed apart.
  appendRuns.push({
    ms: drains.reduce((sum, d) => sum + (d.scanMs ?? 0) + (d.mountMs ?? 0), 0),
    waitMs: drains.reduce((sum, d) => sum + (d.classifyMs ?? 0), 0),
    scanMs: drains.reduce((sum, d) => sum + (d.scanMs ?? 0), 0),
    placeMs: drains.reduce((sum, d) => sum + (d.placeMs ?? 0), 0),
    passes: drains.length,
    wallMs,
    slices: drains.map((d) => d.longestSliceMs ?? 0),
  });
  longest = Math.max(longest, ...after.longTasks, 0);
}
const medianRun = [...appendRuns].sort((a, b) => a.ms - b.ms)[Math.floor(APPENDS / 2)] as AppendRun;
const appendMs = medianRun.ms;
const appendWaitMs = medianRun.waitMs;
const appendScanMs = medianRun.scanMs;
const appendPlaceMs = medianRun.placeMs;
const appendWallMs = medianRun.wallMs;

const cdp = await browser.context.newCDPSession(tab);
await cdp.send('Performance.enable');
const heapUsedMB = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
};
const heapMB = await heapUsedMB();
const badges = await badgeCount();
const afterAppends = await bench();

// A dealer's infinite scroll: SCROLL_BATCHES batches of 25 cards, one batch every 50 ms, each with
// its own JSON-LD block for the cards known only from data. Counted: appended cards with a badge.
const scrollStart = Date.now();
const firstScrolled = CARDS + 25 * APPENDS;
for (let b = 0; b < SCROLL_BATCHES; b++) {
  const cards: string[] = [];
  const data: Array<Record<string, string>> = [];
  for (let j = 0; j < SCROLL_BATCH; j++) {
    const i = firstScrolled + b * SCROLL_BATCH + j;
    const vin = makeVin(random);
    cards.push(cardHtml(i, vin, random));
    if (kindOf(i) === 'json-ld')
      data.push({ '@type': 'Car', name: `Vehicle ${i}`, vehicleIdentificationNumber: vin });
  }
  await tab.evaluate(
    ([html, ld]) => {
      const list = document.getElementById('list') as HTMLElement;
      list.insertAdjacentHTML('beforeend', html);
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = ld;
      document.head.append(script);
    },
    [cards.join(''), JSON.stringify({ '@context': 'https://schema.org', '@graph': data })] as const,
  );
  await new Promise((r) => setTimeout(r, 50));
}
const scrolledCards = SCROLL_BATCHES * SCROLL_BATCH;
const badgedScrolled = () =>
  tab.evaluate(
    ([from, to]) => {
      let n = 0;
      for (let i = from; i < to; i++) if (document.querySelector(`[data-listing-id="L${i}"] vhl-badge`)) n++;
      return n;
    },
    [firstScrolled, firstScrolled + scrolledCards] as const,
  );
// Waits for the badges (a missing one is reported as a count, not a hang).
let cardsBadgedAfterLongScroll = 0;
for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
  cardsBadgedAfterLongScroll = await badgedScrolled();
  if (cardsBadgedAfterLongScroll >= scrolledCards) break;
  await new Promise((r) => setTimeout(r, 250));
}
const scrollWallMs = Date.now() - scrollStart;
const scrollHeapMB = await heapUsedMB();
// During the scroll the page itself lays out a grid of up to 7,000 cards after each append (the
// benchmark's own task): its long tasks are printed apart; the extension's share is its slices.
const scrolled = await bench();
const scrollDrains = scrolled.drains.slice(afterAppends.drains.length);
const scrollSliceMs = Math.max(0, ...scrollDrains.map((d) => d.longestSliceMs ?? 0));
const scrollLongTaskMs = Math.max(0, ...scrolled.longTasks.slice(afterAppends.longTasks.length));

// Measured last: these synchronous runs are long tasks of the benchmark's own, not the extension's.
// The extension's scanner, bundled from the same source, run warm in the page beside the baseline:
// same world, same page, same JIT state, so the ratio compares the algorithms.
const bundle = await build({
  entryPoints: [
    fileURLToPath(new URL('../entrypoints/vin.content/detect/subtree-scanner.ts', import.meta.url)),
  ],
  bundle: true,
  format: 'iife',
  globalName: 'VhrScanner',
  write: false,
  minify: true,
});
await tab.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
const scannerRuns = await tab.evaluate(() => {
  const { createScanner } = (
    window as unknown as { VhrScanner: typeof import('../entrypoints/vin.content/detect/subtree-scanner') }
  ).VhrScanner;
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    let found = 0;
    const start = performance.now();
    createScanner(document.documentElement, () => found++).step(() => false);
    runs.push(performance.now() - start + found * 0);
  }
  return runs;
});
const warmScanMs = median(scannerRuns);

// The naive baseline on the same page, covering the same sources naively: one TreeWalker over every
// element and text node, the bare regex over each text and each attribute value. (Its text-only
// variant, which misses the VINs held in attributes, is printed beside it.)
const [baselineRuns, textOnlyRuns] = await tab.evaluate(() => {
  const all: number[] = [];
  const textOnly: number[] = [];
  for (let r = 0; r < 7; r++) {
    const re = /\b[A-HJ-NPR-Z0-9]{17}\b/g;
    let found = 0;
    let start = performance.now();
    const walker = document.createTreeWalker(
      document.documentElement,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === 3) found += ((node as Text).data.match(re) ?? []).length;
      else
        for (const attribute of (node as Element).attributes)
          found += (attribute.value.match(re) ?? []).length;
    }
    all.push(performance.now() - start + found * 0);
    start = performance.now();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode())
      found += ((node as Text).data.match(re) ?? []).length;
    textOnly.push(performance.now() - start + found * 0);
  }
  return [all, textOnly];
});
const baselineScanMs = median(baselineRuns);

await browser.close();
await server.close();

const fullScanMs = warmScanMs;
const coldScanMs = median(loads.map((l) => l.scanMs));
const fullPassMs = median(loads.map((l) => l.passMs));
console.log(
  `page: ${CARDS} cards, ${round(page.html.length / 1e6, 2)} MB of HTML, ${badges} badges after the append`,
);
const textOnlyMs = median(textOnlyRuns);
console.log(
  `full scan (text, attributes, JSON-LD; warm, median of 7): ${round(fullScanMs)} ms; naive TreeWalker + regex over text and attributes: ${round(baselineScanMs)} ms; ratio ${round(fullScanMs / baselineScanMs, 2)}`,
);
console.log(
  `  (text-only naive pass: ${round(textOnlyMs)} ms, ratio ${round(fullScanMs / textOnlyMs, 2)}; it finds only the VINs shown as text)`,
);
console.log(
  `full scan inside the extension at page load (cold JIT, time-sliced, median of ${LOADS} loads): ${round(coldScanMs)} ms`,
);
console.log(
  `full pass (content-script work: scan + 2,000 badges, cold): ${round(fullPassMs)} ms; load to last badge: ${median(loads.map((l) => l.wallMs))} ms`,
);
console.log(
  `25 appended cards, median of ${APPENDS} appends (${appendRuns.map((r) => round(r.ms)).join(', ')} ms): ${round(appendMs)} ms of work (scan ${round(appendScanMs)} ms, placing ${round(appendPlaceMs)} ms, mounting ${round(appendMs - appendScanMs - appendPlaceMs)} ms) in ${medianRun.passes} pass(es) (${round((appendMs / fullPassMs) * 100, 2)}% of a full pass), plus ${round(appendWaitMs)} ms waiting for the background; ${appendWallMs} ms to the last badge. A naive full rescan costs ${round(baselineScanMs)} ms per mutation.`,
);
const longestSlice = Math.max(
  ...loads.map((l) => l.sliceMs),
  ...appendRuns.flatMap((r) => r.slices),
  scrollSliceMs,
);
console.log(
  `longest main-thread task after the content script started (longtask API, reports >= 50 ms): ${longest ? `${round(longest)} ms` : 'none'}; ` +
    `longest slice of content-script work between yields: ${round(longestSlice)} ms; JS heap: ${round(heapMB)} MB`,
);
console.log(
  `infinite scroll: ${scrolledCards} cards in ${SCROLL_BATCHES} batches, ${cardsBadgedAfterLongScroll} badged (${scrollWallMs} ms to the last); longest content-script slice ${round(scrollSliceMs)} ms, longest task of the page's own appends ${round(scrollLongTaskMs)} ms; JS heap ${round(heapMB)} -> ${round(scrollHeapMB)} MB`,
);
// Targets (issue 24): from the content script's start to the last badge, no long task and no slice of
// content-script work over 16 ms, each as the median over the loads of that load's longest.
const loadSliceMedian = median(loads.map((l) => l.sliceMs));
const loadLongTaskMedian = median(loads.map((l) => l.longTaskMs));
const targets: Array<[string, boolean]> = [
  [`scan ratio ${round(fullScanMs / baselineScanMs, 2)} <= 1.5`, fullScanMs / baselineScanMs <= 1.5],
  [`append ${round((appendMs / fullPassMs) * 100, 2)}% <= 5% of a full pass`, appendMs / fullPassMs <= 0.05],
  [
    `longest slice per load, median ${round(loadSliceMedian)} ms <= 16 ms (loads: ${loads.map((l) => `${round(l.sliceMs)} in ${l.sliceIn}`).join(', ')}; max ${round(Math.max(...loads.map((l) => l.sliceMs)))})`,
    loadSliceMedian <= 16,
  ],
  [
    `  (beside it, the page's own 2 ms metronome tasks took up to ${loads.map((l) => round(l.metronomeMs)).join(', ')} ms by the clock in the same loads)`,
    true,
  ],
  [
    `long task per load, median ${loadLongTaskMedian ? `${round(loadLongTaskMedian)} ms` : 'none'}: none (loads: ${loads.map((l) => round(l.longTaskMs)).join(', ')})`,
    loadLongTaskMedian === 0,
  ],
  [
    `${cardsBadgedAfterLongScroll} of ${scrolledCards} scrolled cards badged`,
    cardsBadgedAfterLongScroll >= scrolledCards,
  ],
];
for (const [what, held] of targets) console.log(`${held ? 'held  ' : 'MISSED'} ${what}`);
console.log(
  JSON.stringify({
    loadSliceMsMedian: round(loadSliceMedian, 1),
    loadSliceMsMax: round(Math.max(...loads.map((l) => l.sliceMs)), 1),
    loadLongTaskMsMedian: round(loadLongTaskMedian, 1),
    metronomeMsMedian: round(median(loads.map((l) => l.metronomeMs)), 1),
    fullScanMs: round(fullScanMs, 2),
    baselineScanMs: round(baselineScanMs, 2),
    scanRatio: round(fullScanMs / baselineScanMs, 3),
    appendMs: round(appendMs, 2),
    appendShareOfFullScan: round(appendMs / fullPassMs, 4),
    longestTaskMs: round(Math.max(longest, longestSlice), 1),
    findVinsMBps: round(throughput.findVinsMBps, 1),
    bareRegexMBps: round(throughput.bareRegexMBps, 1),
    heapMB: round(heapMB, 1),
    cardsBadgedAfterLongScroll,
    longScrollCards: scrolledCards,
    heapGrowthLongScrollMB: round(scrollHeapMB - heapMB, 1),
  }),
);

if (cardsBadgedAfterLongScroll < scrolledCards) {
  console.error(`${scrolledCards - cardsBadgedAfterLongScroll} appended cards got no badge`);
  process.exitCode = 1;
}
// A full run fails on a missed target; the smoke in npm test (one small load) only has to complete.
if (!SMOKE && targets.some(([, held]) => !held)) process.exitCode = 1;
