// `npm run bench`: speed and size figures of VIN detection, each beside a baseline measured in the
// same run. Timings are medians; the machines are shared, so only ratios are worth comparing.
// Ends with one line of JSON.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchExtension } from '../scripts/chromium';
import { startSimulatorServer } from '../simulator/server';
import { measureFindVins } from './find-vins-throughput';
import { cardHtml, listingPage, makeVin, rng } from './listing-page';

const CARDS = 2000;
const LOADS = 5;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const throughput = measureFindVins();
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
    __bench: { longTasks: number[]; drains: Array<Record<string, number>>; started: number };
  };
  w.__bench = { longTasks: [], drains: [], started: Number.POSITIVE_INFINITY };
  // Only tasks from the content script's start on: before it, the page parses its own 0.6 MB.
  document.addEventListener('vhr:started', () => {
    w.__bench.started = performance.now();
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime + entry.duration > w.__bench.started) w.__bench.longTasks.push(entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('vhr:drained', (e) =>
    w.__bench.drains.push({ ...JSON.parse((e as CustomEvent<string>).detail), at: performance.now() }),
  );
});
const bench = () =>
  tab.evaluate(
    () =>
      (window as unknown as { __bench: { longTasks: number[]; drains: Array<Record<string, number>> } })
        .__bench,
  );
const badgeCount = () => tab.evaluate(() => document.querySelectorAll('[data-vhr-vin]').length);

const url = `${server.origin}/bench/listing.html`;
const loads: Array<{ scanMs: number; passMs: number; wallMs: number; sliceMs: number }> = [];
let longest = 0;
for (let i = 0; i < LOADS; i++) {
  const start = Date.now();
  await tab.goto(url);
  await tab.waitForFunction((n) => document.querySelectorAll('[data-vhr-vin]').length >= n, CARDS, {
    timeout: 60_000,
    polling: 50,
  });
  const wallMs = Date.now() - start;
  const { drains, longTasks } = await bench();
  const first = drains[0] as Record<string, number>;
  loads.push({
    scanMs: first.scanMs as number,
    passMs: (first.scanMs as number) + (first.mountMs as number),
    wallMs,
    sliceMs: Math.max(...drains.map((d) => d.longestSliceMs ?? 0)),
  });
  longest = Math.max(longest, ...longTasks, 0);
}

// 25 cards appended later, as infinite scroll does.
const random = rng(99);
const added = Array.from({ length: 25 }, (_, i) =>
  cardHtml(CARDS + i, makeVin(random), random, i % 2 ? 'text' : 'attribute'),
);
const before = (await bench()).drains.length;
const appendStart = Date.now();
await tab.evaluate((cards) => {
  const list = document.getElementById('list') as HTMLElement;
  for (const html of cards) list.insertAdjacentHTML('beforeend', html);
}, added);
// Appended cards hold their VIN in text or an attribute (a page's JSON-LD is not extended): 25 new badges.
await tab.waitForFunction((n) => document.querySelectorAll('[data-vhr-vin]').length >= n, CARDS + 25, {
  timeout: 30_000,
  polling: 10,
});
const appendWallMs = Date.now() - appendStart;
await new Promise((r) => setTimeout(r, 200));
const after = await bench();
const appendDrains = after.drains.slice(before);
// Main-thread work of the content script: scanning and mounting. The wait for the background's
// answer is latency, during which the page runs; it is printed apart.
const appendMs = appendDrains.reduce((sum, d) => sum + (d.scanMs ?? 0) + (d.mountMs ?? 0), 0);
const appendWaitMs = appendDrains.reduce((sum, d) => sum + (d.classifyMs ?? 0), 0);
longest = Math.max(longest, ...after.longTasks, 0);

const cdp = await browser.context.newCDPSession(tab);
await cdp.send('Performance.enable');
const { metrics } = (await cdp.send('Performance.getMetrics')) as {
  metrics: Array<{ name: string; value: number }>;
};
const heapMB = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
const badges = await badgeCount();

// Measured last: these synchronous runs are long tasks of the benchmark's own, not the extension's.
// The extension's scanner, bundled from the same source, run warm in the page beside the baseline:
// same world, same page, same JIT state, so the ratio compares the algorithms.
const bundle = await build({
  entryPoints: [fileURLToPath(new URL('../entrypoints/vin.content/scanner.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  globalName: 'VhrScanner',
  write: false,
  minify: true,
});
await tab.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
const scannerRuns = await tab.evaluate(() => {
  const { createScanner } = (
    window as unknown as { VhrScanner: typeof import('../entrypoints/vin.content/subtree-scanner') }
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
  `25 appended cards: ${round(appendMs)} ms of work in ${appendDrains.length} pass(es) (${round((appendMs / fullPassMs) * 100, 2)}% of a full pass), plus ${round(appendWaitMs)} ms waiting for the background; ${appendWallMs} ms to the last badge. A naive full rescan costs ${round(baselineScanMs)} ms per mutation.`,
);
const longestSlice = Math.max(
  ...loads.map((l) => l.sliceMs),
  ...appendDrains.map((d) => d.longestSliceMs ?? 0),
);
console.log(
  `longest main-thread task after the content script started (longtask API, reports >= 50 ms): ${longest ? `${round(longest)} ms` : 'none'}; ` +
    `longest slice of content-script work between yields: ${round(longestSlice)} ms; JS heap: ${round(heapMB)} MB`,
);
console.log(
  JSON.stringify({
    fullScanMs: round(fullScanMs, 2),
    baselineScanMs: round(baselineScanMs, 2),
    scanRatio: round(fullScanMs / baselineScanMs, 3),
    appendMs: round(appendMs, 2),
    appendShareOfFullScan: round(appendMs / fullPassMs, 4),
    longestTaskMs: round(Math.max(longest, longestSlice), 1),
    findVinsMBps: round(throughput.findVinsMBps, 1),
    bareRegexMBps: round(throughput.bareRegexMBps, 1),
    heapMB: round(heapMB, 1),
  }),
);
