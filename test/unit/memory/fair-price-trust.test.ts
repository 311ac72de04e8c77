// @vitest-environment node
// A fair price a shopper can trust (issue 61), through the background on fakeBrowser and
// fake-indexeddb: the listing in view is the one judged, or none with the reason; no seller decides
// (a dealer's own inventory never judges its car, and adds at most 3 cars to another's); a vehicle
// forgotten leaves no row under any model name it was filed under; the previous release's models
// store (version 6) opens cleaned. Cards as cars.com shows them (`h2.title`, `span.primary-price`,
// `div.mileage`: docs/listing-evidence.md); the dealer's own site as a DealerCenter-style site shows
// them (price "$N", "Mileage" "N,NNN": the same document), at a host of its own.
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_SETTINGS } from '@/lib/memory/memory-messages';
import { expectedCheckDigit } from '@/lib/vin/vin-syntax';
import { type Sender, startBackground } from '../support/background-harness';
import { openPreviousLibrary } from '../support/previous-library';

const SEARCH = 'https://www.cars.com/shopping/results/?makes[]=honda&models[]=honda-accord';
const DEALER = 'https://www.smithhonda.com';

/** A VIN with its check digit put in. */
function withCheck(vin: string): string {
  return `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
}
const accordVin = (serial: number) => withCheck(`1HGCV1F30KA${String(100000 + serial)}`);

/** A card: its title, price and mileage as the card shows them, and its data's figures with the
 * currency (a dealer site's JSON-LD `offers.priceCurrency`: a "$" alone there is not said to be US
 * dollars, docs/listing-evidence.md). */
function card(vin: string, price: number, miles: number, url: string, title = '2019 Honda Accord Sport') {
  return {
    vin,
    url,
    title,
    card: [
      ['span primary-price < div price-section', `$${price.toLocaleString('en-US')}`],
      ['div mileage < div vehicle-card', `${miles.toLocaleString('en-US')} mi.`],
    ] as Array<[string, string]>,
    data: { price, currency: 'USD', mileage: miles },
  };
}

/** 2019 Accords priced as the market does: $21,000 at 40,000 mi, 4 % less per 10,000 mi; `dearer` x. */
const market = (
  n: number,
  from = 0,
  at = (vin: string) => `https://www.cars.com/vehicledetail/${vin}/`,
  dearer = 1,
) =>
  Array.from({ length: n }, (_, i) => {
    const miles = 20_000 + ((i * 7919) % 50_000);
    const price =
      Math.round(
        (dearer * 21_000 * Math.exp(-0.04 * ((miles - 40_000) / 10_000) + ((i % 5) - 2) * 0.01)) / 10,
      ) * 10;
    const vin = accordVin(from + i);
    return card(vin, price, miles, at(vin.toLowerCase()));
  });

type Bg = Awaited<ReturnType<typeof startBackground>>;
const tabAt = (bg: Bg, id: number, url: string): Sender =>
  ({ id: bg.senders.page.id, url, tab: { id, incognito: false } }) as Sender;

/** A page shows `cards`: the tab's VIN list, then its sightings in messages of 50. */
async function show(bg: Bg, sender: Sender, cards: ReturnType<typeof market>) {
  await bg.deliver(
    'reportPageVins',
    { candidates: cards.map((c) => ({ vin: c.vin, labelled: true })), reset: true },
    sender,
  );
  for (let i = 0; i < cards.length; i += 50)
    expect((await bg.deliver('noteSightings', { sightings: cards.slice(i, i + 50) }, sender)).ok).toBe(true);
}

/** The gauge the badge on `sender`'s page gets for `vin`. */
async function gaugeOn(bg: Bg, sender: Sender, vin: string) {
  return (await bg.deliver('getVehicleHistory', { vin }, sender)).value.market;
}

describe('a fair price a shopper can trust', () => {
  it('judges the listing in view, at the price that page states; or none, saying why', async () => {
    const bg = await startBackground({ configured: true });
    await show(bg, tabAt(bg, 7, SEARCH), market(30));
    // One car, cheap on cars.com, dear on its dealer's own page.
    const vin = accordVin(500);
    const cheap = tabAt(bg, 8, `https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`);
    await show(bg, cheap, [{ ...card(vin, 17_500, 40_000, ''), url: undefined } as never]);
    expect((await gaugeOn(bg, cheap, vin)).gauge.rating).toBe('great');
    const dear = tabAt(bg, 9, `${DEALER}/inventory/used-2019-honda-accord-${vin}`);
    await show(bg, dear, [{ ...card(vin, 24_900, 40_000, ''), url: undefined } as never]);
    const there = await gaugeOn(bg, dear, vin);
    expect(there.price).toBe(24_900);
    expect(there.gauge.rating).toBe('overpriced');
    // The dealer's site left out of the memory: its page is not kept, so nothing is rated there
    // (before issue 61 it was rated "Great price" at cars.com's $17,500).
    const settings = { ...DEFAULT_MEMORY_SETTINGS, offSites: ['smithhonda.com'] };
    expect((await bg.deliver('saveMemorySettings', settings, bg.senders.page)).ok).toBe(true);
    const other = accordVin(501);
    const left = tabAt(bg, 10, `${DEALER}/inventory/used-2019-honda-accord-${other}`);
    await show(bg, cheap, [
      {
        ...card(other, 17_500, 40_000, ''),
        url: `https://www.cars.com/vehicledetail/${other.toLowerCase()}/`,
      } as never,
    ]);
    await show(bg, left, [{ ...card(other, 24_900, 40_000, ''), url: undefined } as never]);
    const notKept = await gaugeOn(bg, left, other);
    expect(notKept.gauge.rating).toBeNull();
    expect(notKept.unrated).toBe('not-kept');
    expect(notKept.price).toBeUndefined();
    // A page whose title names no model (no model year in its heading): no rating either.
    await bg.deliver('saveMemorySettings', DEFAULT_MEMORY_SETTINGS, bg.senders.page);
    const third = accordVin(502);
    await show(bg, tabAt(bg, 7, SEARCH), [
      card(third, 17_500, 40_000, `https://www.cars.com/vehicledetail/${third.toLowerCase()}/`),
    ]);
    const untitled = tabAt(bg, 11, `${DEALER}/inventory/${third}`);
    await show(bg, untitled, [
      { ...card(third, 24_900, 40_000, '', 'Honda Accord Sport'), url: undefined } as never,
    ]);
    const noModel = await gaugeOn(bg, untitled, third);
    expect(noModel.gauge.rating).toBeNull();
    expect(noModel.unrated).toBe('no-model');
  });

  it('no seller decides: a dealer inventory of dearer cars never judges its own car and adds at most 3 to another', async () => {
    const bg = await startBackground({ configured: true });
    await show(bg, tabAt(bg, 7, SEARCH), market(30));
    const mine = accordVin(600);
    const ownPage = tabAt(bg, 8, `${DEALER}/inventory/used-2019-honda-accord-${mine}`);
    await show(bg, ownPage, [{ ...card(mine, 23_900, 40_000, ''), url: undefined } as never]);
    const before = await gaugeOn(bg, ownPage, mine);
    expect(before.gauge.rating).toBe('overpriced');
    const marketCar = accordVin(3);
    const search = tabAt(bg, 7, SEARCH);
    const other = await gaugeOn(bg, search, marketCar);
    // The dealer's inventory page: 40 more Accords, each 10 % dearer than the market's.
    const inventory = tabAt(bg, 9, `${DEALER}/inventory/used-honda-accord`);
    await show(
      bg,
      inventory,
      market(40, 1000, (vin) => `${DEALER}/inventory/used-2019-honda-accord-${vin}`, 1.1),
    );
    const after = await gaugeOn(bg, ownPage, mine);
    expect(after.gauge).toEqual(before.gauge);
    expect(after.sellers).toBe(30);
    // Another car's comparables: the dealer (already one seller there, by its own car) is one seller
    // among them still, with 3 cars at most.
    const otherAfter = await gaugeOn(bg, search, marketCar);
    expect(otherAfter.comparables).toBeLessThanOrEqual(other.comparables + 2);
    expect(otherAfter.sellers).toBe(other.sellers);
    expect(otherAfter.sites).toBe(2);
    // A page cannot file its cards as another marketplace's: a dealer page whose cards' links name
    // cars.com listings is still the dealer, one seller.
    const forger = tabAt(bg, 12, 'https://www.jonesmotors.com/used');
    await show(
      bg,
      forger,
      market(20, 2000, (vin) => `https://www.cars.com/vehicledetail/${vin}/`, 1.1),
    );
    const forged = await gaugeOn(bg, search, marketCar);
    expect(forged.sellers).toBe(otherAfter.sellers + 1);
    expect(forged.comparables).toBeLessThanOrEqual(otherAfter.comparables + 3);
  });

  it('a price whose currency the page last left unsaid is not rated at an older price', async () => {
    const bg = await startBackground({ configured: true });
    await show(bg, tabAt(bg, 7, SEARCH), market(30));
    const vin = accordVin(700);
    const page = tabAt(bg, 8, `${DEALER}/inventory/used-2019-honda-accord-${vin}`);
    await show(bg, page, [{ ...card(vin, 17_500, 40_000, ''), url: undefined } as never]);
    expect((await gaugeOn(bg, page, vin)).gauge.rating).toBe('great');
    // The same listing now shows "$24,900" and its data no currency: on a dealer's site the reader
    // keeps it, its currency unsaid (lib/memory/site-money.ts).
    const { data: _data, ...plain } = card(vin, 24_900, 40_000, '');
    await show(bg, page, [{ ...plain, url: undefined } as never]);
    const now = await gaugeOn(bg, page, vin);
    expect(now.gauge?.rating ?? null).toBeNull();
    expect(now.price).toBeUndefined();
  });

  it('bad input gets no rating and loses nothing stored: another currency mid-history, absurd figures', async () => {
    const bg = await startBackground({ configured: true });
    await show(bg, tabAt(bg, 7, SEARCH), market(30));
    const vin = accordVin(800);
    const page = tabAt(bg, 8, `${DEALER}/inventory/used-2019-honda-accord-${vin}`);
    await show(bg, page, [{ ...card(vin, 19_500, 40_000, ''), url: undefined } as never]);
    expect((await gaugeOn(bg, page, vin)).gauge.rating).not.toBeNull();
    // The same listing now in Canadian dollars: no US-dollar car compares, nothing is rated.
    const cad = card(vin, 26_900, 40_000, '');
    await show(bg, page, [{ ...cad, url: undefined, data: { ...cad.data, currency: 'CAD' } } as never]);
    const now = await gaugeOn(bg, page, vin);
    expect(now.currency).toBe('CAD');
    expect(now.gauge).toBeNull();
    // Absurd figures on a card: a price of 0 or 10^308, a mileage of 2,000,000, a title of 10,000
    // characters (the content script sends its first 200: longer is refused whole, keeping nothing).
    // (A figure too long for a snippet, 10^308 written out, is refused with its whole message.)
    for (const [price, miles] of [
      [0, 40_000],
      [1e308, 40_000],
      [19_500, 2_000_000],
    ] as const)
      await bg.deliver(
        'noteSightings',
        { sightings: [{ ...card(vin, price, miles, ''), url: undefined, data: { currency: 'USD' } }] },
        page,
      );
    const long = await bg.deliver(
      'noteSightings',
      { sightings: [{ ...card(vin, 19_500, 40_000, ''), title: 'x'.repeat(10_000), url: undefined }] },
      page,
    );
    expect(long.ok).toBe(false);
    const after = await bg.deliver('getVehicleHistory', { vin }, page);
    // Every price it stated is kept, in order (the last with its 2,000,000 mi: no car is like it, so
    // no rating); the comparables' store still holds the others.
    expect(after.value.listings[0].prices.map((p: number[]) => [p[1], p[2]])).toEqual([
      [19_500, 'USD'],
      [26_900, 'CAD'],
      [19_500, 'USD'],
    ]);
    expect(after.value.market.gauge?.rating ?? null).toBeNull();
    expect((await gaugeOn(bg, tabAt(bg, 7, SEARCH), accordVin(3))).comparables).toBeGreaterThanOrEqual(25);
  });

  it('forgets a vehicle under every model name its titles gave it; none counted twice', async () => {
    const bg = await startBackground({ configured: true });
    const vin = withCheck('SALWR2RV0KA812345');
    const search = tabAt(bg, 7, 'https://www.cars.com/shopping/results/?makes[]=land_rover');
    const url = `https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`;
    // Its results card names it a Range Rover Sport; then the same listing's card says Range Rover.
    await show(bg, search, [card(vin, 61_000, 30_000, url, '2019 Land Rover Range Rover Sport HSE')]);
    await show(bg, search, [card(vin, 61_000, 30_000, url, '2019 Land Rover Range Rover HSE')]);
    await gaugeOn(bg, search, vin);
    const db = await openDB('vin-history-library');
    const rows = async () =>
      (await db.getAll('models')).flatMap((record: { mm: string; cars: unknown[][] }) =>
        record.cars.filter((row) => row[0] === vin).map(() => record.mm),
      );
    expect(await rows()).toEqual(['landrover rangerover']);
    expect((await bg.deliver('forgetVehicle', { vin }, search)).ok).toBe(true);
    expect(await rows()).toEqual([]);
    expect(await db.getAll('listings')).toEqual([]);
    db.close();
  });

  it("the previous release's models (library version 6) open re-filed, with sellers, without orphans", async () => {
    const now = Math.floor(Date.now() / 60_000);
    const bg = await startBackground({ configured: true });
    const v6 = await openPreviousLibrary(6);
    const rogue = withCheck('5N1AT2MV0HC700001');
    const orphan = withCheck('5N1AT2MV0HC700002');
    const listing = (vin: string, mm: string) => ({
      k: `${vin} cars.com https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`,
      first: now - 60,
      last: now - 60,
      views: 1,
      prices: [[now - 60, 16_000, 'USD']],
      miles: [[now - 60, 30_000, 'mi']],
      own: 1,
      mm,
    });
    // Version 6 as it stored them: the old reader filed "Rogue S" as a model; the second car's
    // listing was later retitled under another model and its row stayed behind.
    await v6.put('listings', listing(rogue, 'nissan rogues'));
    await v6.put('listings', listing(orphan, 'nissan altima'));
    const row = (vin: string) => [vin, 'cars.com', 2017, '', '', 16_000, 'USD', 30_000, now - 60];
    await v6.put('models', {
      mm: 'nissan rogues',
      make: 'Nissan',
      model: 'Rogue S',
      cars: [row(rogue), row(orphan)],
    });
    v6.close();
    const search = tabAt(bg, 7, 'https://www.cars.com/shopping/results/?makes[]=nissan');
    await bg.deliver('reportPageVins', { candidates: [{ vin: rogue, labelled: true }], reset: true }, search);
    const history = await bg.deliver('getVehicleHistory', { vin: rogue }, search);
    expect(history.value.listings[0]).toMatchObject({ mm: 'nissan rogue', views: 1 });
    const db = await openDB('vin-history-library');
    expect(db.version).toBe(7);
    expect(await db.getAllKeys('models')).toEqual(['nissan rogue']);
    expect((await db.get('models', 'nissan rogue')).cars).toEqual([
      [rogue, 'cars.com', 2017, 'S', '', 16_000, 'USD', 30_000, now - 60, `cars.com/${rogue}`],
    ]);
    db.close();
  });
});
