// `npm run bench:memory` (issue 45): the memory of vehicles seen, at a shopper's months of browsing.
// 100,000 sightings of 30,000 vehicles on six sites over 180 days (each folded by the memory's own
// noteSighting, as the background keeps them) are stored in the extension's database; then:
// - the storage they take (navigator.storage.estimate in the extension's origin, before and after),
//   beside the same sightings kept as a plain log of JSON records;
// - a badge's history answer, with its fair-price gauge (timed on its own too: issue 57), timed inside the background (the loopback build times each handler:
//   lib/bench/bench-probe.ts), asked from the content script's own world for VINs its
//   page shows, with the full memory and, as the baseline, with only that page's sightings;
// - a page of 2,000 cards loaded and scrolled through: the memory's write transactions and the time
//   between them;
// - the content script's notes (what a card says of its price and mileage) as a share of its full
//   pass over the page, per load.
// Ends with one line of JSON. BENCH_SMOKE=1 (run by npm test): 10,000 sightings, 200 cards, once.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { LIBRARY_DB } from '../entrypoints/background/storage/library-db';
import { type ListingMemory, listingKey, noteSighting, storedListing } from '../lib/memory/listing-memory';
import { updatedModel } from '../lib/memory/model-cars';
import type { Vin } from '../lib/vin/vin-syntax';
import { listingPage, makeVin, rng } from '../samples/listing-page';
import { launchExtension } from '../scripts/chromium';
import { wireMessage } from '../scripts/wire-message';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';

const SMOKE = process.env.BENCH_SMOKE === '1';
const VEHICLES = SMOKE ? 3_000 : 30_000;
const SIGHTINGS = SMOKE ? 10_000 : 100_000;
const CARDS = SMOKE ? 200 : 2_000;
const ASKS = SMOKE ? 20 : 200;
const LOADS = SMOKE ? 1 : 3;
const SITES = ['cars.com', 'autotrader.com', 'cargurus.com', 'carmax.com', 'truecar.com', 'ebay.com'];
/** 60 makes and models, as the cards' titles name them (the fair-price gauge's comparables, issue 57):
 * 30,000 vehicles are 500 of each, seen as about 900 listings. */
const MODELS = [
  ['Toyota', 'Camry'],
  ['Toyota', 'Corolla'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Tacoma'],
  ['Toyota', 'Highlander'],
  ['Honda', 'Accord'],
  ['Honda', 'Civic'],
  ['Honda', 'CR-V'],
  ['Honda', 'Pilot'],
  ['Honda', 'Odyssey'],
  ['Ford', 'F-150'],
  ['Ford', 'Escape'],
  ['Ford', 'Explorer'],
  ['Ford', 'Mustang'],
  ['Ford', 'Fusion'],
  ['Chevrolet', 'Silverado 1500'],
  ['Chevrolet', 'Equinox'],
  ['Chevrolet', 'Malibu'],
  ['Chevrolet', 'Tahoe'],
  ['Chevrolet', 'Cruze'],
  ['Nissan', 'Altima'],
  ['Nissan', 'Rogue'],
  ['Nissan', 'Sentra'],
  ['Nissan', 'Pathfinder'],
  ['Jeep', 'Wrangler'],
  ['Jeep', 'Grand Cherokee'],
  ['Jeep', 'Cherokee'],
  ['Ram', '1500'],
  ['GMC', 'Sierra 1500'],
  ['Subaru', 'Outback'],
  ['Subaru', 'Forester'],
  ['Hyundai', 'Elantra'],
  ['Hyundai', 'Tucson'],
  ['Hyundai', 'Santa Fe'],
  ['Kia', 'Sorento'],
  ['Kia', 'Optima'],
  ['Mazda', 'CX-5'],
  ['Mazda', 'Mazda3'],
  ['Volkswagen', 'Jetta'],
  ['Volkswagen', 'Tiguan'],
  ['BMW', '3 Series'],
  ['BMW', 'X5'],
  ['Mercedes-Benz', 'C-Class'],
  ['Mercedes-Benz', 'E-Class'],
  ['Audi', 'A4'],
  ['Audi', 'Q5'],
  ['Lexus', 'RX 350'],
  ['Lexus', 'ES 350'],
  ['Tesla', 'Model 3'],
  ['Tesla', 'Model Y'],
  ['Dodge', 'Charger'],
  ['Dodge', 'Grand Caravan'],
  ['Chrysler', 'Pacifica'],
  ['Buick', 'Enclave'],
  ['Cadillac', 'Escalade'],
  ['Acura', 'MDX'],
  ['Infiniti', 'QX60'],
  ['Volvo', 'XC90'],
  ['Lincoln', 'Navigator'],
  ['Mitsubishi', 'Outlander'],
] as const;
const TRIMS = ['', 'Base', 'LE', 'SE', 'XLE', 'Limited', 'Sport'];
const DAYS = 180;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_SKIP_BUILD !== '1')
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });

// The shopper's months: every vehicle on one to three sites, seen a few times each, its price moving
// down now and then, its mileage up.
const random = rng(45);
const page = listingPage(CARDS);
const vins = [...page.vins];
while (vins.length < VEHICLES) vins.push(makeVin(random));
const start = Math.floor(Date.now() / 60_000) - DAYS * 24 * 60;
interface Seen {
  vin: string;
  site: string;
  url: string;
  car: { year: number; make: string; model: string; trim?: string };
  at: number;
  price: number;
  mileage: number;
}
const sightings: Seen[] = [];
const listingsOfVehicle = vins.map((vin, v) => {
  const sites = [...SITES].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
  const [make, model] = MODELS[v % MODELS.length] as readonly [string, string];
  const trim = TRIMS[Math.floor(random() * TRIMS.length)] as string;
  const car = { year: 2012 + Math.floor(random() * 10), make, model, ...(trim ? { trim } : {}) };
  return sites.map((site) => ({
    vin,
    site,
    car,
    url: `https://www.${site}/vehicledetail/${v.toString(36)}-${site.length}${Math.floor(random() * 1e9).toString(36)}/`,
    price: 5_000 + Math.floor(random() * 35_000),
    mileage: 10_000 + Math.floor(random() * 120_000),
  }));
});
for (let i = 0; i < SIGHTINGS; i++) {
  // Every vehicle at least once, then at random.
  const listings = listingsOfVehicle[i < VEHICLES ? i : Math.floor(random() * VEHICLES)] ?? [];
  const listing = listings[Math.floor(random() * listings.length)];
  if (!listing) continue;
  if (random() < 0.3) listing.price -= 100 * Math.floor(1 + random() * 15);
  if (random() < 0.2) listing.mileage += Math.floor(random() * 500);
  sightings.push({ ...listing, at: start + Math.floor(random() * DAYS * 24 * 60) });
}
sightings.sort((a, b) => a.at - b.at);
const kept = new Map<string, ListingMemory>();
const byVin = new Map<string, ListingMemory[]>();
for (const s of sightings) {
  const key = listingKey(s.vin, s.site, s.url);
  const others = (byVin.get(s.vin) ?? []).filter((l) => l.k !== key);
  const next = noteSighting(
    kept.get(key),
    { ...s, vin: s.vin as Vin, currency: 'USD', unit: 'mi', firstHand: true },
    s.at,
    others,
  );
  kept.set(key, next);
  byVin.set(s.vin, [...others, next]);
}
const records = [...kept.values()];
// Each make and model's cars (lib/memory/model-cars.ts), as the background keeps them beside the listings.
const titles = new Map(sightings.map((s) => [listingKey(s.vin, s.site, s.url), s.car]));
const byModel = new Map<string, ListingMemory[]>();
for (const r of records) if (r.mm) byModel.set(r.mm, [...(byModel.get(r.mm) ?? []), r]);
const models = [...byModel].flatMap(([mm, listings]) => updatedModel(undefined, mm, listings, titles) ?? []);
const logBytes = sightings.reduce((sum, s) => sum + JSON.stringify(s).length, 0);
// What the stored records hold, as JSON: a figure the disk's compaction does not move.
const recordBytes =
  records.reduce((sum, r) => sum + JSON.stringify(storedListing(r)).length, 0) +
  models.reduce((sum, m) => sum + JSON.stringify(m).length, 0);

const dir = fileURLToPath(new URL('../.tmp/bench-memory/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}listing.html`, page.html);
const server = await startSimulatorServer({ port: 0, staticDirs: { '/bench': dir } });
const browser = await launchExtension();
await browser.configure(server.baseUrl, DEMO_API_KEY);
const tab = await browser.context.newPage();
await tab.addInitScript(() => {
  const w = window as unknown as { __drains: Array<Record<string, number>>; __reads: number[] };
  w.__drains = [];
  w.__reads = [];
  document.addEventListener('vhl:drained', (e) =>
    w.__drains.push(JSON.parse((e as CustomEvent<string>).detail)),
  );
  document.addEventListener('vhl:notes-read', (e) => w.__reads.push((e as CustomEvent<number>).detail));
});
const url = `${server.origin}/bench/listing.html`;

interface Probe {
  handlerMs: Record<string, number[]>;
  ranAt: Record<string, number[]>;
}
const probe = () =>
  browser.inWorker(() => (globalThis as unknown as { vhlBench?: Probe }).vhlBench ?? null, undefined);

/** The content script's world in `tab` (Chromium names it after the extension). */
async function contentWorld(cdp: CDPSession): Promise<number> {
  const contexts: Array<{ id: number; name: string; auxData?: { type?: string; isDefault?: boolean } }> = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: (typeof contexts)[number] }) =>
    contexts.push(event.context),
  );
  await cdp.send('Runtime.enable');
  const world = contexts.find((c) => c.auxData?.type === 'isolated' && /VIN History Lens/.test(c.name));
  if (!world) throw new Error(`no content script world: ${contexts.map((c) => c.name).join(', ')}`);
  return world.id;
}

/** Loads the page, waits for every badge and for its sightings to be written; the load's figures. */
async function load(): Promise<{
  writes: number[];
  notesShare: number;
  readShare: number;
  longestReadMs: number;
  loadedAt: number;
}> {
  const before = (await probe())?.ranAt.writeSightings?.length ?? 0;
  const loadedAt = Date.now();
  await tab.goto(url);
  await tab.waitForFunction((n) => document.querySelectorAll('[data-vhl-vin]').length >= n, CARDS, {
    timeout: 60_000,
    polling: 100,
  });
  // Scrolled through as a shopper would, a screen every 150 ms, while the sightings go out.
  for (let y = 0; y < (await tab.evaluate(() => document.body.scrollHeight)); y += 700) {
    await tab.evaluate((top) => window.scrollTo(0, top), y);
    await tab.waitForTimeout(150);
  }
  // Written: no new transaction for 2.5 s.
  let writes: number[] = [];
  for (let quiet = 0; quiet < 2_500; quiet += 500) {
    const now = (await probe())?.ranAt.writeSightings?.slice(before) ?? [];
    if (now.length !== writes.length) quiet = 0;
    writes = now;
    await tab.waitForTimeout(500);
  }
  const { drains, reads } = await tab.evaluate(() => {
    const w = window as unknown as { __drains: Array<Record<string, number>>; __reads: number[] };
    return { drains: w.__drains, reads: w.__reads };
  });
  const first = drains[0] ?? {};
  const pass = (first.scanMs ?? 0) + (first.mountMs ?? 0);
  return {
    writes,
    notesShare: pass ? (first.notesMs ?? 0) / pass : 0,
    readShare: pass ? reads.reduce((sum, ms) => sum + ms, 0) / pass : 0,
    longestReadMs: Math.max(0, ...reads),
    loadedAt,
  };
}

/** Asks the background for the history of `count` of the page's VINs, from its content script's world. */
async function askHistories(count: number): Promise<number[]> {
  const before = (await probe())?.handlerMs.getVehicleHistory?.length ?? 0;
  const cdp = await browser.context.newCDPSession(tab as Page);
  const world = await contentWorld(cdp);
  // VINs the tab's list holds (at most MAX_TAB_VINS, 1,000, the newest found): a content script is
  // answered only about those.
  const tabId = await browser.tabIdOf(tab);
  const session = await browser.inWorker(
    () =>
      (
        globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<object> } } } }
      ).chrome.storage.session.get(null),
    undefined,
  );
  const listed = new Set(
    Object.entries(session)
      .filter(([key]) => key.endsWith(`tabVins:${tabId}`))
      .flatMap(([, value]) => JSON.stringify(value).match(/[A-HJ-NPR-Z0-9]{17}/g) ?? []),
  );
  const asked = page.vins.filter((vin) => listed.has(vin)).slice(0, count);
  if (asked.length < count)
    throw new Error(`the tab lists ${listed.size} VINs, ${asked.length} of the page's`);
  for (const vin of asked) {
    const { result } = (await cdp.send('Runtime.evaluate', {
      contextId: world,
      expression: `chrome.runtime.sendMessage(${JSON.stringify(wireMessage('getVehicleHistory', { vin }))}).then((a) => (a && a.res && a.res.ok) || JSON.stringify(a))`,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: unknown } };
    if (result.value !== true) throw new Error(`no history for ${vin}: ${JSON.stringify(result)}`);
  }
  await cdp.detach();
  return ((await probe())?.handlerMs.getVehicleHistory ?? []).slice(before);
}

// The baseline: only this page's sightings in the memory.
const loads = [await load()];
const emptyMs = await askHistories(ASKS);

// The months of browsing, written as the background keeps them, in the extension's own origin.
const usage = () =>
  browser.inExtensionPage(async () => (await navigator.storage.estimate()).usage ?? 0, undefined);
const usageBefore = await usage();
const writes: Array<{ store: 'listings' | 'models'; chunk: object[] }> = [];
for (let i = 0; i < records.length; i += 5_000)
  writes.push({ store: 'listings', chunk: records.slice(i, i + 5_000).map(storedListing) });
writes.push({ store: 'models', chunk: models });
for (const { store, chunk } of writes) {
  await browser.inExtensionPage(
    async ({ store, chunk, library }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(library.name, library.version);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(store, 'readwrite');
      for (const record of chunk) tx.objectStore(store).put(record);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { store, chunk, library: LIBRARY_DB },
  );
}
const usageAfter = await usage();
const storedMB = (usageAfter - usageBefore) / 2 ** 20;

for (let i = 1; i < LOADS; i++) loads.push(await load());
const gaugeBefore = (await probe())?.handlerMs.fairPrice?.length ?? 0;
const fullMs = await askHistories(ASKS);
// The fair-price gauge's part of each answer (the model's listings read through the index, fitted).
const gaugeMs = ((await probe())?.handlerMs.fairPrice ?? []).slice(gaugeBefore);
await browser.close();
await server.close();

const historyMs = median(fullMs);
const gaugeMedian = gaugeMs.length ? median(gaugeMs) : Number.NaN;
const gaugeWorst = gaugeMs.length ? Math.max(...gaugeMs) : Number.NaN;
const baselineMs = median(emptyMs);
const gaps = loads.flatMap((l) => l.writes.slice(1).map((at, i) => at - (l.writes[i] as number)));
const minGapMs = gaps.length ? Math.min(...gaps) : Number.POSITIVE_INFINITY;
const perSecond = Math.max(
  ...loads.map((l) => l.writes.length / Math.max(1, ((l.writes.at(-1) ?? l.loadedAt) - l.loadedAt) / 1000)),
);
const notesShare = median(loads.map((l) => l.notesShare));
const readShare = median(loads.map((l) => l.readShare));

console.log(
  `memory: ${SIGHTINGS.toLocaleString('en-US')} sightings of ${VEHICLES.toLocaleString('en-US')} vehicles on ${SITES.length} sites over ${DAYS} days kept as ${records.length.toLocaleString('en-US')} listings`,
);
console.log(
  `stored: ${round(storedMB)} MB (storage.estimate in the extension's origin, ${round(usageBefore / 2 ** 20)} -> ${round(usageAfter / 2 ** 20)} MB); the stored records as JSON ${round(recordBytes / 2 ** 20)} MB; the same sightings as a log of JSON records: ${round(logBytes / 2 ** 20)} MB (ratio on disk ${round(storedMB / (logBytes / 2 ** 20), 2)}, as JSON ${round(recordBytes / logBytes, 2)})`,
);
console.log(
  `history answer in the background: median ${round(historyMs, 2)} ms over ${fullMs.length} asks with the full memory; ${round(baselineMs, 2)} ms with this page's sightings only (ratio ${round(historyMs / baselineMs, 2)})`,
);
console.log(
  `fair-price gauge in that answer: median ${round(gaugeMedian, 2)} ms, slowest ${round(gaugeWorst, 2)} ms over ${gaugeMs.length} asks (each model about ${Math.round(records.length / MODELS.length)} listings)`,
);
console.log(
  `a page of ${CARDS.toLocaleString('en-US')} cards loaded and scrolled, ${loads.length} load(s): ${loads.map((l) => l.writes.length).join(', ')} write transaction(s); at most ${round(perSecond, 2)} a second; shortest time between two: ${Number.isFinite(minGapMs) ? `${minGapMs} ms` : 'one transaction only'}`,
);
console.log(
  `the content script's notes in its full pass: ${round(notesShare * 100, 2)}% of it (median of ${loads.length} load(s): ${loads.map((l) => `${round(l.notesShare * 100, 2)}%`).join(', ')}); reading the cards (price, mileage, link) when their messages go, after the pass: ${round(readShare * 100, 2)}% of a pass in all, the longest message's ${round(Math.max(...loads.map((l) => l.longestReadMs)), 2)} ms`,
);
const targets: Array<[string, boolean]> = [
  [
    `stored ${round(storedMB)} MB <= 25 MB for ${SIGHTINGS.toLocaleString('en-US')} sightings`,
    storedMB <= 25,
  ],
  // Issue 45's 2 ms was the history alone; the answer now carries the gauge, whose own target is 5 ms.
  [`history answer with its gauge median ${round(historyMs, 2)} ms <= 5 ms`, historyMs <= 5],
  [`fair-price gauge median ${round(gaugeMedian, 2)} ms <= 5 ms`, gaugeMedian <= 5],
  [
    `writes ${round(perSecond, 2)} a second <= 1 (shortest gap ${minGapMs} ms)`,
    perSecond <= 1 && minGapMs >= 950,
  ],
  [`notes ${round(notesShare * 100, 2)}% <= 2% of the full pass`, notesShare <= 0.02],
];
for (const [what, held] of targets) console.log(`${held ? 'held  ' : 'MISSED'} ${what}`);
console.log(
  JSON.stringify({
    sightings: SIGHTINGS,
    vehicles: VEHICLES,
    listings: records.length,
    storedMB: round(storedMB, 2),
    logMB: round(logBytes / 2 ** 20, 2),
    historyMsMedian: round(historyMs, 3),
    historyBaselineMsMedian: round(baselineMs, 3),
    gaugeMsMedian: round(gaugeMedian, 3),
    gaugeMsMax: round(gaugeWorst, 3),
    writesPerSecond: round(perSecond, 3),
    minWriteGapMs: Number.isFinite(minGapMs) ? minGapMs : null,
    notesShareOfPass: round(notesShare, 4),
    readShareOfPass: round(readShare, 4),
    recordsMB: round(recordBytes / 2 ** 20, 2),
  }),
);
if (!SMOKE && targets.some(([, held]) => !held)) process.exitCode = 1;
