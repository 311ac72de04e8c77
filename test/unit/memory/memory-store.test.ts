// @vitest-environment node
// The memory of vehicles seen, in the background (entrypoints/background/memory/, storage/memory-store.ts)
// on fakeBrowser and fake-indexeddb: the previous release's library opens with everything it held and
// gains the memory; a page of 2,000 cards is one write; nothing is kept from a private window, a site
// left out, or with the memory off; a page learns only about the vehicles it shows; forgetting,
// clearing and the retention leave nothing behind (the store is read back).
import { IDBDatabase as FDBDatabase, IDBObjectStore as FDBObjectStore } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_MEMORY_SETTINGS } from '@/lib/memory/memory-messages';
import { noFacts } from '@/lib/reports/facts/report-facts';
import { fireDueAlarms, flushIo, type Sender, startBackground } from '../support/background-harness';
import { openPreviousLibrary } from '../support/previous-library';

const VIN = '1G1PG5SC3C7167133';
const OTHER = '5N3ZA0NE1AN908084';
const CARS_PAGE = 'https://www.cars.com/shopping/results/?stock_type=used&zip=60606';
const tab = (id: number, url = CARS_PAGE, incognito = false): Sender =>
  ({ id: 'test-extension-id', url, tab: { id, incognito } }) as Sender;

/** A card showing `price` (and `miles`) as cars.com does (test/fixtures/listings/cars-com-search.html). */
const card = (price: number, miles?: number) => ({
  card: [
    ['span primary-price < div price-section', `$${price.toLocaleString('en-US')}`],
    ...(miles === undefined
      ? []
      : [['div mileage < div vehicle-card', `${miles.toLocaleString('en-US')} mi.`]]),
  ] as Array<[string, string]>,
});

const originalPut = FDBObjectStore.prototype.put;
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  FDBObjectStore.prototype.put = originalPut;
});

/** What release 0.3 kept: library version 3 (reports, facts, complete copies and their files). */
async function previousReleaseLibrary() {
  const db = await openPreviousLibrary(3);
  await db.put('reports', {
    provider: 'providerA',
    id: 'kept-1',
    vin: VIN,
    yearMakeModel: '2012 Chevrolet Cruze LT',
    html: '<html><body><h1>Vehicle history</h1></body></html>',
    createdAt: '2026-11-01T00:00:00.000Z',
    lastOpenedAt: 1,
    bytes: 100,
  });
  await db.put('facts', { provider: 'providerA', id: 'kept-1', facts: noFacts('providerA', 'A1') });
  await db.put('copies', { provider: 'providerA', id: 'kept-1', files: {}, sizes: {}, bytes: 0, savedAt: 1 });
  await db.put('assets', { hash: 'h1', data: 'data:text/css;base64,Ym9keXt9' });
  db.close();
}

/** The rows of every make and model's record (the fair-price gauge's cars: lib/memory/model-cars.ts). */
async function modelRows(): Promise<string[]> {
  const db = await openDB('vin-history-library');
  const records = (await db.getAll('models')) as Array<{ mm: string; cars: string[][] }>;
  db.close();
  return records.flatMap((r) => r.cars.map((row) => `${r.mm}: ${row[0]}`));
}

async function storeCounts() {
  const db = await openDB('vin-history-library');
  const counts = { listings: await db.count('listings'), watched: await db.count('watched') };
  db.close();
  return counts;
}

/** The tab reports its VINs, as its content script does before any badge. */
async function showVins(bg: Awaited<ReturnType<typeof startBackground>>, sender: Sender, vins: string[]) {
  const answer = await bg.deliver(
    'reportPageVins',
    { candidates: vins.map((vin) => ({ vin, labelled: true })), reset: true },
    sender,
  );
  expect(answer.ok).toBe(true);
}

describe('the memory of vehicles seen', () => {
  it('a site the user added says where it is: a US page\'s "$" and bare "Mileage: N" are kept as USD and miles; a bare page\'s unsaid (issue 62 §3)', async () => {
    const bg = await startBackground({ configured: true });
    // KSL's card (test/fixtures/listings/ksl-search.html): "$8,900", "Mileage: 121,400", no unit.
    const ksl = [
      ['div listing-detail-line price < div listing', '$8,900'],
      ['div listing-detail-line mileage < div listing', 'Mileage: 121,400'],
    ] as Array<[string, string]>;
    const us = {
      ...tab(7, 'https://classifieds.ksl.com/search/?keyword=chrysler'),
      id: bg.senders.page.id,
    } as Sender;
    await showVins(bg, us, [VIN]);
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, card: ksl }], page: { region: 'US' } }, us);
    const bare = { ...tab(8, 'https://www.some-classifieds.com/cars/'), id: bg.senders.page.id } as Sender;
    await showVins(bg, bare, [VIN]);
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, card: ksl }] }, bare);
    const history = await bg.deliver('getVehicleHistory', { vin: VIN }, bg.senders.page);
    const bySite = Object.fromEntries(
      history.value.listings.map((l: { site: string; prices: unknown; miles: unknown }) => [
        l.site,
        [l.prices, l.miles],
      ]),
    );
    expect(bySite['classifieds.ksl.com']).toEqual([
      [[expect.any(Number), 8900, 'USD']],
      [[expect.any(Number), 121400, 'mi']],
    ]);
    expect(bySite['some-classifieds.com']).toEqual([
      [[expect.any(Number), 8900, '']],
      [[expect.any(Number), 121400, '']],
    ]);
  });

  it("the previous release's library opens with every report, fact and copy, and gains the memory", async () => {
    const bg = await startBackground({ configured: true });
    await previousReleaseLibrary();
    const page = bg.senders.page;
    const cars = { ...tab(7), id: bg.senders.page.id } as Sender;
    await showVins(bg, cars, [VIN]);
    expect(
      (await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(12500, 60000) }] }, cars)).ok,
    ).toBe(true);
    const history = await bg.deliver('getVehicleHistory', { vin: VIN }, page);
    expect(history.value.listings).toHaveLength(1);
    expect(history.value.listings[0]).toMatchObject({
      site: 'cars.com',
      prices: [[expect.any(Number), 12500, 'USD']],
      miles: [[expect.any(Number), 60000, 'mi']],
    });
    const opened = await bg.deliver('openReport', { provider: 'providerA', id: 'kept-1' }, page);
    expect(opened.value.fromLibrary).toBe(true);
    const facts = await bg.deliver('getReportFacts', undefined, page);
    expect(Object.keys(facts.value.facts)).toEqual(['providerA:kept-1']);
    const db = await openDB('vin-history-library');
    expect(db.version).toBe(7);
    // Kept without the VIN, site and address its key holds, and read back whole (above).
    const [kept] = await db.getAll('listings');
    expect(kept.k).toMatch(new RegExp(`^${VIN} cars\\.com https://`));
    for (const field of ['vin', 'site', 'url']) expect(kept).not.toHaveProperty(field);
    expect(await db.count('copies')).toBe(1);
    expect(await db.count('assets')).toBe(1);
    db.close();
  });

  it("the previous release's memory (library version 4) opens with every listing, visit and watched vehicle; its figures kept as unverified and never compared", async () => {
    // What the library's version 4 wrote (storedListing of its ListingMemory: flat [minute, value, …] points,
    // `km` and `cur` per listing), including what it got wrong: TrueCar's "$713 off" kept as the
    // price, an Autotrader distance tail kept as a 7-mile odometer, a page-wide "SOLD".
    const DAY = 24 * 60;
    const now = Math.floor(Date.now() / 60_000);
    const bg = await startBackground({ configured: true });
    const db = await openPreviousLibrary(4);
    const truecar = `${VIN} truecar.com https://www.truecar.com/used-cars-for-sale/listing/${VIN}/`;
    const autotrader = `${VIN} autotrader.com https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=1`;
    await db.put('listings', {
      k: truecar,
      first: now - 9 * DAY,
      last: now - 2 * DAY,
      views: 3,
      prices: [now - 9 * DAY, 713],
      miles: [now - 9 * DAY, 60300],
    });
    await db.put('listings', {
      k: autotrader,
      first: now - 5 * DAY,
      last: now - 5 * DAY,
      views: 1,
      prices: [now - 5 * DAY, 198],
      miles: [now - 5 * DAY, 7],
      sold: now - 5 * DAY,
    });
    await db.put('watched', {
      vin: VIN,
      at: now - 9 * DAY,
      looked: now - 9 * DAY,
      title: '2012 Chevrolet Cruze LT',
    });
    db.close();

    const page = bg.senders.page;
    const before = await bg.deliver('getVehicleHistory', { vin: VIN }, page);
    expect(before.value.listings).toHaveLength(2);
    const old = before.value.listings.find((l: { k: string }) => l.k === truecar);
    expect(old).toMatchObject({
      views: 3,
      prices: [],
      miles: [],
      old: { prices: [now - 9 * DAY, 713], miles: [now - 9 * DAY, 60300] },
    });
    const soldBefore = before.value.listings.find((l: { k: string }) => l.k === autotrader);
    expect(soldBefore.sold).toBeUndefined();
    expect((await bg.deliver('getWatched', undefined, page)).value.vehicles).toHaveLength(1);

    // Seen again on cars.com at $12,500 and 60,000 mi: no "listed for less" at $713 or $198, no
    // mileage warning against 7 mi or 60,300 mi the old release read.
    const cars = { ...tab(7), id: page.id } as Sender;
    await showVins(bg, cars, [VIN]);
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(12500, 60000) }] }, cars);
    const after = await bg.deliver('getVehicleHistory', { vin: VIN }, cars);
    const { vehicleHistory } = await import('@/lib/memory/vehicle-history');
    const history = vehicleHistory(after.value.listings, after.value.current, after.value.at);
    expect(history.cheaper).toBeNull();
    expect(history.mileage).toBeNull();
    expect(history.change).toBeNull();
    expect(history.before.map((l) => l.site).sort()).toEqual(['autotrader.com', 'truecar.com']);
  });

  it('a page of 2,000 cards sent in ten messages within a second is written in one transaction', async () => {
    const bg = await startBackground({ configured: true });
    const cars = { ...tab(7), id: bg.senders.page.id } as Sender;
    const writes: string[][] = [];
    const transaction = FDBDatabase.prototype.transaction;
    vi.spyOn(FDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: InstanceType<typeof FDBDatabase>,
      stores,
      mode,
      ...rest
    ) {
      if (mode === 'readwrite') writes.push([stores].flat().map(String));
      return transaction.call(this, stores, mode, ...rest);
    });
    // 2,000 listings of 200 vehicles (a dealer's page repeats its vehicles across cards).
    for (let message = 0; message < 10; message++) {
      const sightings = Array.from({ length: 200 }, (_, i) => ({
        vin: i % 2 ? VIN : OTHER,
        url: `https://www.cars.com/vehicledetail/${message}-${i}/`,
        ...card(10000 + i),
      }));
      expect((await bg.deliver('noteSightings', { sightings }, cars)).ok).toBe(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(writes.filter((stores) => stores.includes('listings'))).toHaveLength(1);
    expect((await storeCounts()).listings).toBe(2000);
  });

  it('a batch the store refuses is not kept and changes nothing kept; the next batch is written', async () => {
    const bg = await startBackground({ configured: true });
    const cars = { ...tab(7), id: bg.senders.page.id } as Sender;
    const listing = (n: number) => `https://www.cars.com/vehicledetail/${n}/`;
    const listings = async () => {
      const db = await openDB('vin-history-library');
      const all = await db.getAll('listings');
      db.close();
      return all;
    };
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, url: listing(1), ...card(9000) }] }, cars);
    await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    const kept = await listings();
    expect(kept).toHaveLength(1);
    // The disk fills in the middle of a batch: the same listing at a new price is taken, the new
    // listing after it refused. The batch is all or nothing: the first is not kept either.
    let puts = 0;
    FDBObjectStore.prototype.put = function refusedAfterOne(
      this: InstanceType<typeof FDBObjectStore>,
      ...args: Parameters<typeof originalPut>
    ) {
      if (puts++ === 0) return originalPut.apply(this, args);
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const refused = [
      { vin: VIN, url: listing(1), ...card(8500) },
      { vin: OTHER, url: listing(2), ...card(12000) },
    ];
    expect((await bg.deliver('noteSightings', { sightings: refused }, cars)).ok).toBe(true);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    FDBObjectStore.prototype.put = originalPut;
    expect(await listings()).toEqual(kept);
    await bg.deliver('noteSightings', { sightings: [{ vin: OTHER, url: listing(2), ...card(11500) }] }, cars);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    const after = await listings();
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(kept[0]);
  });

  it('nothing from a private window, a site left out, or with the memory off', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const sighting = { sightings: [{ vin: VIN, ...card(9000) }] };
    await bg.deliver('noteSightings', sighting, { ...tab(8, CARS_PAGE, true), id } as Sender);
    await bg.deliver(
      'saveMemorySettings',
      { ...DEFAULT_MEMORY_SETTINGS, offSites: ['cars.com'] },
      bg.senders.page,
    );
    await bg.deliver('noteSightings', sighting, { ...tab(9, 'https://seattle.cars.com/x/1'), id } as Sender);
    await bg.deliver('saveMemorySettings', { ...DEFAULT_MEMORY_SETTINGS, on: false }, bg.senders.page);
    await bg.deliver('noteSightings', sighting, {
      ...tab(10, 'https://www.autotrader.com/cars-for-sale/1'),
      id,
    } as Sender);
    await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    expect((await storeCounts()).listings).toBe(0);
    await bg.deliver('saveMemorySettings', DEFAULT_MEMORY_SETTINGS, bg.senders.page);
    await bg.deliver('noteSightings', sighting, {
      ...tab(10, 'https://www.autotrader.com/cars-for-sale/1'),
      id,
    } as Sender);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await storeCounts()).listings).toBe(1);
  });

  it('a site left out is honoured as the browser names it, in a list saved before names were normalised (issue 55)', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    // Written as the previous version saved it: lower-cased only, so "www." and schemes stayed.
    const raw = await openDB('vin-history-store');
    await raw.put(
      'values',
      { ...DEFAULT_MEMORY_SETTINGS, offSites: ['www.cars.com', 'https://www.smithford.com'] },
      'memorySettings',
    );
    raw.close();
    const sighting = { sightings: [{ vin: VIN, ...card(9000) }] };
    await bg.deliver('noteSightings', sighting, { ...tab(7), id } as Sender);
    await bg.deliver('noteSightings', sighting, {
      ...tab(8, 'https://www.smithford.com/inventory/1'),
      id,
    } as Sender);
    await bg.deliver('noteSightings', sighting, {
      ...tab(9, 'https://shop.smithford.com/used/2'),
      id,
    } as Sender);
    await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    expect((await storeCounts()).listings).toBe(0);
    // Saved again from the options page, each name as a page's host names it.
    const saved = await bg.deliver(
      'saveMemorySettings',
      { ...DEFAULT_MEMORY_SETTINGS, offSites: ['https://www.smithford.com', 'WWW.Cars.Com.'] },
      bg.senders.page,
    );
    expect(saved.value.offSites).toEqual(['smithford.com', 'cars.com']);
  });

  it('a site minting listing addresses cannot push the listing asked about, or other sites, out of the answer (issue 55)', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const autotrader = {
      ...tab(8, 'https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=1'),
      id,
    } as Sender;
    await showVins(bg, autotrader, [VIN]);
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(9500, 60000) }] }, autotrader);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    // 150 listings of the same VIN on a site whose name sorts first, seen after it.
    const minted = { ...tab(9, 'https://www.aaa-autos.example/list'), id } as Sender;
    const sightings = Array.from({ length: 150 }, (_, i) => ({
      vin: VIN,
      url: `https://www.aaa-autos.example/listing/${i}`,
      ...card(20000 + i),
    }));
    await bg.deliver('noteSightings', { sightings }, minted);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await storeCounts()).listings).toBe(151);
    const answer = await bg.deliver('getVehicleHistory', { vin: VIN }, autotrader);
    const sites = answer.value.listings.map((l: { site: string }) => l.site);
    expect(sites).toContain('autotrader.com');
    expect(answer.value.listings.some((l: { k: string }) => l.k === answer.value.current)).toBe(true);
    expect(sites.filter((s: string) => s === 'aaa-autos.example').length).toBeLessThanOrEqual(10);
  });

  it('"Watch this vehicle" from a private window is refused, saying why; nothing is written (issue 55)', async () => {
    const bg = await startBackground({ configured: true });
    const privateTab = { ...tab(12, CARS_PAGE, true), id: bg.senders.page.id } as Sender;
    await showVins(bg, privateTab, [VIN]);
    const answer = await bg.deliver(
      'watchVehicle',
      { vin: VIN, on: true, title: '2012 Chevrolet Cruze' },
      privateTab,
    );
    expect(answer.ok).toBe(false);
    expect(answer.error.message).toMatch(/Nothing is kept from a private window/);
    expect((await bg.deliver('getWatched', undefined, bg.senders.page)).value.vehicles).toEqual([]);
    expect(await storeCounts()).toEqual({ listings: 0, watched: 0 });
  });

  it('a page learns only about the vehicles its own tab shows; it cannot watch or forget others', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const cars = { ...tab(7), id } as Sender;
    const elsewhere = { ...tab(11, 'https://evil.example/page'), id } as Sender;
    await showVins(bg, cars, [VIN]);
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(9000) }] }, cars);
    expect((await bg.deliver('getVehicleHistory', { vin: VIN }, cars)).value.listings).toHaveLength(1);
    for (const [type, data] of [
      ['getVehicleHistory', { vin: VIN }],
      ['watchVehicle', { vin: VIN, on: true }],
      ['forgetVehicle', { vin: VIN }],
    ] as const) {
      const answer = await bg.deliver(type, data, elsewhere);
      expect(answer.ok ? 'answered' : answer.error.kind, type).toBe('forbidden');
    }
    expect((await bg.deliver('getWatched', undefined, elsewhere)).error.kind).toBe('forbidden');
    expect((await storeCounts()).listings).toBe(1);
  });

  it('forget one vehicle, clear all, and the retention with the clock moved: nothing left in the store', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const cars = { ...tab(7), id } as Sender;
    await showVins(bg, cars, [VIN, OTHER]);
    await bg.deliver(
      'noteSightings',
      {
        sightings: [
          { vin: VIN, ...card(9000), title: '2012 Chevrolet Cruze LT' },
          { vin: OTHER, ...card(7000), title: '2010 Infiniti QX56' },
        ],
      },
      cars,
    );
    expect(
      (await bg.deliver('watchVehicle', { vin: VIN, on: true, title: '2012 Chevrolet Cruze' }, cars)).value,
    ).toBe(true);
    await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    expect(await modelRows()).toEqual([`chevrolet cruze: ${VIN}`, `infiniti qx56: ${OTHER}`]);
    expect((await bg.deliver('forgetVehicle', { vin: VIN }, cars)).ok).toBe(true);
    expect(await storeCounts()).toEqual({ listings: 1, watched: 0 });
    // Its row among its model's cars goes with it (the gauge never counts a forgotten vehicle).
    expect(await modelRows()).toEqual([`infiniti qx56: ${OTHER}`]);
    // 181 days later (the retention is 180): the next page's sightings sweep the old listing away.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 181 * 24 * 3600_000);
    await bg.deliver(
      'noteSightings',
      { sightings: [{ vin: VIN, ...card(8800), title: '2012 Chevrolet Cruze LT' }] },
      cars,
    );
    const left = await bg.deliver('getVehicleHistory', { vin: OTHER }, bg.senders.page);
    expect(left.value.listings).toEqual([]);
    expect(
      (await bg.deliver('getVehicleHistory', { vin: VIN }, bg.senders.page)).value.listings,
    ).toHaveLength(1);
    expect((await bg.deliver('clearBrowsingMemory', undefined, bg.senders.page)).ok).toBe(true);
    expect(await storeCounts()).toEqual({ listings: 0, watched: 0 });
    expect(await modelRows()).toEqual([]);
  });

  it('the retention with the clock moved and nothing arriving: not answered on read, swept by the daily alarm, the alarm made again at start (issue 55)', async () => {
    let bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const cars = { ...tab(7), id } as Sender;
    await showVins(bg, cars, [VIN]);
    await bg.deliver(
      'noteSightings',
      { sightings: [{ vin: VIN, ...card(9000), title: '2012 Chevrolet Cruze LT' }] },
      cars,
    );
    await bg.deliver('watchVehicle', { vin: VIN, on: true }, cars);
    await bg.deliver(
      'saveMemorySettings',
      { ...DEFAULT_MEMORY_SETTINGS, retentionDays: 30 },
      bg.senders.page,
    );
    expect(
      (await bg.deliver('getWatched', undefined, bg.senders.page)).value.vehicles[0].listings,
    ).toHaveLength(1);
    expect((await storeCounts()).listings).toBe(1);
    expect(await modelRows()).toEqual([`chevrolet cruze: ${VIN}`]);
    expect(await fakeBrowser.alarms.get('memory-retention')).toBeDefined();

    // 200 days later, no page opened: the answer holds nothing past 30 days, before any sweep.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 200 * 24 * 3600_000);
    const answer = await bg.deliver('getVehicleHistory', { vin: VIN }, bg.senders.page);
    expect(answer.value.listings).toEqual([]);
    expect((await bg.deliver('getWatched', undefined, bg.senders.page)).value.vehicles[0].listings).toEqual(
      [],
    );
    // The daily alarm, due: the store keeps nothing past the retention.
    expect(await fireDueAlarms()).toBeGreaterThan(0);
    await flushIo();
    await expect.poll(async () => (await storeCounts()).listings).toBe(0);
    // Its row among its model's cars too (issue 57).
    expect(await modelRows()).toEqual([]);

    // The browser dropped the alarm across a restart: the next worker makes it again.
    await fakeBrowser.alarms.clear('memory-retention');
    bg = await startBackground({ configured: true, keepStorage: true });
    await expect
      .poll(async () => (await fakeBrowser.alarms.get('memory-retention'))?.periodInMinutes)
      .toBe(24 * 60);
  });

  it('"Clear browsing memory" and "Forget this vehicle" win over every note made before the click (issue 55)', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const cars = { ...tab(7), id } as Sender;
    await showVins(bg, cars, [VIN, OTHER]);
    // The background's own batch: received, not yet written (it waits up to a second).
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(9000), noted: Date.now() }] }, cars);
    // A content script's queue: noted a moment before the click, sent after it.
    const queued = { vin: OTHER, ...card(7000), noted: Date.now() - 300 };
    expect((await bg.deliver('clearBrowsingMemory', undefined, bg.senders.page)).ok).toBe(true);
    await bg.deliver('noteSightings', { sightings: [queued] }, cars);
    await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    expect((await storeCounts()).listings).toBe(0);
    expect((await bg.deliver('getVehicleHistory', { vin: VIN }, cars)).value.listings).toEqual([]);
    // A note made after the click is kept.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bg.deliver(
      'noteSightings',
      { sightings: [{ vin: OTHER, ...card(7000), noted: Date.now() }] },
      cars,
    );
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await storeCounts()).listings).toBe(1);

    // Forgetting one vehicle: its notes from before lose, the other vehicle's do not.
    const before = Date.now();
    await bg.deliver('noteSightings', { sightings: [{ vin: VIN, ...card(9100), noted: before }] }, cars);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await bg.deliver('forgetVehicle', { vin: VIN }, cars)).ok).toBe(true);
    await bg.deliver(
      'noteSightings',
      {
        sightings: [
          { vin: VIN, ...card(9200), noted: before },
          { vin: OTHER, ...card(6900), noted: before },
        ],
      },
      cars,
    );
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await bg.deliver('getVehicleHistory', { vin: VIN }, cars)).value.listings).toEqual([]);
    const other = (await bg.deliver('getVehicleHistory', { vin: OTHER }, cars)).value.listings;
    expect(other[0].prices.map((p: number[]) => p[1])).toEqual([7000, 6900]);
  });

  it("a note held for hours in a hidden tab's queue never brings back a vehicle forgotten meanwhile, even after other forgets (issue 63)", async () => {
    const bg = await startBackground({ configured: true });
    const cars = { ...tab(7), id: bg.senders.page.id } as Sender;
    await showVins(bg, cars, [VIN, OTHER]);
    const start = Date.now();
    // Noted by the content script, then held: its tab hidden, its timers throttled to once a minute.
    const held = { vin: VIN, ...card(9100), noted: start - 1000 };
    expect((await bg.deliver('forgetVehicle', { vin: VIN }, cars)).ok).toBe(true);
    // Two hours later the user forgets another vehicle; then the held note arrives.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + 2 * 60 * 60_000);
    expect((await bg.deliver('forgetVehicle', { vin: OTHER }, cars)).ok).toBe(true);
    await bg.deliver('noteSightings', { sightings: [held] }, cars);
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await bg.deliver('getVehicleHistory', { vin: VIN }, cars)).value.listings).toEqual([]);
    // Eight days later a note stamped before then is stale: dropped, whatever was forgotten.
    clock.mockReturnValue(start + 8 * 24 * 60 * 60_000);
    await bg.deliver(
      'noteSightings',
      { sightings: [{ vin: OTHER, ...card(7000), noted: start + 60_000 }] },
      cars,
    );
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await bg.deliver('getVehicleHistory', { vin: OTHER }, cars)).value.listings).toEqual([]);
    // A fresh note is kept.
    await bg.deliver(
      'noteSightings',
      { sightings: [{ vin: OTHER, ...card(6900), noted: Date.now() }] },
      cars,
    );
    await bg.deliver('getWatched', undefined, bg.senders.page);
    expect((await bg.deliver('getVehicleHistory', { vin: OTHER }, cars)).value.listings).toHaveLength(1);
  });

  it("a watched vehicle's price drop, shown by a page the user opens, is a notification when turned on; nothing else is", async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const cars = { ...tab(7), id } as Sender;
    await showVins(bg, cars, [VIN, OTHER]);
    // fakeBrowser has no notification centre: what the background asks it to show is recorded.
    const shown = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('shown');
    const seen = async (price: number, other: number) => {
      await bg.deliver(
        'noteSightings',
        {
          sightings: [
            { vin: VIN, ...card(price) },
            { vin: OTHER, ...card(other) },
          ],
        },
        cars,
      );
      await bg.deliver('getWatched', undefined, bg.senders.page); // writes whatever waits
    };
    await seen(12500, 7000);
    await bg.deliver('watchVehicle', { vin: VIN, on: true }, cars);
    await seen(11900, 6500); // notifications off (the default): nothing
    expect(shown).not.toHaveBeenCalled();
    await bg.deliver('saveMemorySettings', { ...DEFAULT_MEMORY_SETTINGS, notify: true }, bg.senders.page);
    await seen(11500, 6000); // the watched Cruze dropped; the other vehicle is not watched
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown.mock.calls[0]?.at(-1)).toMatchObject({
      message: `${VIN}: price down to $11,500 on cars.com (was $11,900).`,
    });
    await seen(11500, 5500); // no change for the Cruze: nothing more
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
