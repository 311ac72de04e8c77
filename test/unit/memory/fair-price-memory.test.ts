// @vitest-environment node
// The fair-price gauge from the memory (issue 57), through the background on fakeBrowser and
// fake-indexeddb: a results page's cards with their titles become comparables (the store's make-and-
// models store, library version 6); a vehicle's panel then gets the gauge, or how many cars it lacks;
// another currency, the memory off and the previous release's store (version 5, no titles) each
// behave as a user expects. Cards as cars.com shows them (test/fixtures/listings/cars-com-search.html:
// `h2.title` "2019 Honda Accord Sport", `span.primary-price`, `div.mileage` "N mi.").
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { expectedCheckDigit } from '@/lib/vin/vin-syntax';
import { type Sender, startBackground } from '../support/background-harness';
import { openPreviousLibrary } from '../support/previous-library';

const SEARCH = 'https://www.cars.com/shopping/results/?makes[]=honda&models[]=honda-accord';
const tab = (id: number, url = SEARCH): Sender =>
  ({ id: 'test-extension-id', url, tab: { id, incognito: false } }) as Sender;

/** A 2019 ('K') Honda Accord VIN with its check digit. */
function accordVin(serial: number): string {
  const vin = `1HGCV1F30KA${String(100000 + serial)}`;
  return `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
}

/** A cars.com card: its title, price and mileage as the card shows them. */
const sighting = (vin: string, price: number, miles: number, title = '2019 Honda Accord Sport') => ({
  vin,
  url: `https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`,
  title,
  card: [
    ['span primary-price < div price-section', `$${price.toLocaleString('en-US')}`],
    ['div mileage < div vehicle-card', `${miles.toLocaleString('en-US')} mi.`],
  ] as Array<[string, string]>,
});

/** 2019 Accords priced as the market does: $21,000 at 40,000 mi, 4 % less per 10,000 mi. */
const market = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => {
    const miles = 20_000 + ((i * 7919) % 50_000);
    const price =
      Math.round((21_000 * Math.exp(-0.04 * ((miles - 40_000) / 10_000) + ((i % 5) - 2) * 0.01)) / 10) * 10;
    return sighting(
      accordVin(from + i),
      price,
      miles,
      i % 3 ? '2019 Honda Accord Sport' : 'Used 2019 Honda Accord EX-L',
    );
  });

async function showVins(bg: Awaited<ReturnType<typeof startBackground>>, sender: Sender, vins: string[]) {
  await bg.deliver(
    'reportPageVins',
    { candidates: vins.map((vin) => ({ vin, labelled: true })), reset: true },
    sender,
  );
}

/** Notes `cards` from a results page, in messages of 50 as the content script sends them. */
async function browse(
  bg: Awaited<ReturnType<typeof startBackground>>,
  sender: Sender,
  cards: ReturnType<typeof market>,
) {
  await showVins(
    bg,
    sender,
    cards.map((c) => c.vin),
  );
  for (let i = 0; i < cards.length; i += 50)
    expect((await bg.deliver('noteSightings', { sightings: cards.slice(i, i + 50) }, sender)).ok).toBe(true);
}

describe('the fair-price gauge from the memory', () => {
  it('a results page of 30 similar cars, then one of them: its gauge, mileage-adjusted, rated', async () => {
    const bg = await startBackground({ configured: true });
    const search = { ...tab(7), id: bg.senders.page.id } as Sender;
    await browse(bg, search, market(30));
    // The vehicle's own page: $18,500 at 40,000 mi, well under the $21,000 such cars ask.
    const vin = accordVin(500);
    const own = {
      ...tab(8, `https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`),
      id: bg.senders.page.id,
    } as Sender;
    await showVins(bg, own, [vin]);
    await bg.deliver(
      'noteSightings',
      { sightings: [{ ...sighting(vin, 18_500, 40_000), url: undefined }] },
      own,
    );
    const answer = await bg.deliver('getVehicleHistory', { vin }, own);
    const market30 = answer.value.market;
    expect(market30).toMatchObject({
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      currency: 'USD',
      price: 18_500,
    });
    expect(market30.comparables).toBe(30);
    expect(market30.mileageAdjusted).toBe(true);
    expect(market30.gauge.estimate).toBeGreaterThan(20_000);
    expect(market30.gauge.estimate).toBeLessThan(22_000);
    expect(market30.gauge.rating).toBe('great');
    // A content script never gets the other cars' listings; the watched page lists them, cheapest first.
    expect(market30.cars).toBeUndefined();
    await bg.deliver('watchVehicle', { vin, on: true, title: 'Used 2019 Honda Accord Sport' }, own);
    const watched = (await bg.deliver('getWatched', undefined, bg.senders.page)).value.vehicles[0];
    expect(watched.market.gauge).toEqual(market30.gauge);
    expect(watched.market.cars).toHaveLength(30);
    expect(watched.market.cars[0]).toMatchObject({
      site: 'cars.com',
      year: 2019,
      url: expect.stringMatching(/^https:\/\/www\.cars\.com\/vehicledetail\//),
    });
    const prices = watched.market.cars.map((c: { price: number }) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('says how many it has seen when fewer than 12 compare; a car priced in another currency gets none', async () => {
    const bg = await startBackground({ configured: true });
    const search = { ...tab(7), id: bg.senders.page.id } as Sender;
    await browse(bg, search, market(5));
    const vin = accordVin(0);
    const few = await bg.deliver('getVehicleHistory', { vin }, search);
    expect(few.value.market).toMatchObject({ comparables: 4, gauge: null });
    // 30 more in US dollars: a car on a Canadian site, priced in Canadian dollars, still gets none.
    await browse(bg, search, market(30, 100));
    const canadian = accordVin(900);
    const ca = {
      ...tab(9, 'https://www.autotrader.ca/a/honda/accord/toronto/ontario/5_1234_/'),
      id: bg.senders.page.id,
    } as Sender;
    await showVins(bg, ca, [canadian]);
    await bg.deliver(
      'noteSightings',
      {
        sightings: [
          {
            vin: canadian,
            title: '2019 Honda Accord Sport',
            card: [
              ['span price < div price-section', '$26,995'],
              ['span odometer < div specs', '62,000 km'],
            ],
          },
        ],
      },
      ca,
    );
    const cad = await bg.deliver('getVehicleHistory', { vin: canadian }, ca);
    expect(cad.value.market).toMatchObject({ currency: 'CAD', comparables: 0, gauge: null });
  });

  it('nothing with the memory off; a title the VIN contradicts names no vehicle', async () => {
    const bg = await startBackground({ configured: true });
    const search = { ...tab(7), id: bg.senders.page.id } as Sender;
    await browse(bg, search, market(20));
    const vin = accordVin(3);
    expect((await bg.deliver('getVehicleHistory', { vin }, search)).value.market.gauge).not.toBeNull();
    const wrong = accordVin(600);
    await browse(bg, search, [sighting(wrong, 20_000, 30_000, '2017 Toyota Camry SE')]);
    expect((await bg.deliver('getVehicleHistory', { vin: wrong }, search)).value.market).toBeUndefined();
    const settings = (await bg.deliver('getMemorySettings', undefined, bg.senders.page)).value;
    const off = await bg.deliver('saveMemorySettings', { ...settings, on: false }, bg.senders.page);
    expect(off.ok).toBe(true);
    await showVins(bg, search, [vin]);
    const history = await bg.deliver('getVehicleHistory', { vin }, search);
    expect(history.error).toBeUndefined();
    expect(history.value.market).toBeUndefined();
  });

  it("the previous release's listings (library version 5, no titles) open, and are completed when seen again", async () => {
    const now = Math.floor(Date.now() / 60_000);
    const bg = await startBackground({ configured: true });
    const db = await openPreviousLibrary(5);
    // As version 5 stored a listing (listing-memory.ts storedListing: no VIN, site or address beside its key).
    const old = market(14);
    for (const [i, car] of old.entries())
      await db.put('listings', {
        k: `${car.vin} cars.com ${car.url}`,
        first: now - 60 + i,
        last: now - 60 + i,
        views: 2,
        prices: [[now - 60 + i, 21_000, 'USD']],
        miles: [[now - 60 + i, 40_000, 'mi']],
        own: 1,
      });
    db.close();
    const search = { ...tab(7), id: bg.senders.page.id } as Sender;
    await showVins(
      bg,
      search,
      old.map((c) => c.vin),
    );
    const before = await bg.deliver('getVehicleHistory', { vin: old[0]?.vin }, search);
    expect(before.value.listings[0]).toMatchObject({ views: 2, prices: [[now - 60, 21_000, 'USD']] });
    expect(before.value.market).toBeUndefined();
    // Seen again, titled: each listing keeps its visits and gains its vehicle, and the gauge has them.
    await browse(bg, search, old);
    const after = await bg.deliver('getVehicleHistory', { vin: old[0]?.vin }, search);
    expect(after.value.listings[0]).toMatchObject({ mm: 'honda accord' });
    expect(after.value.listings[0].views).toBeGreaterThanOrEqual(2);
    expect(after.value.market.comparables).toBe(13);
    const reopened = await openDB('vin-history-library');
    expect(reopened.version).toBe(7);
    const model = await reopened.get('models', 'honda accord');
    expect(model.cars).toHaveLength(14);
    expect(model.cars[0]).toEqual([
      old[0]?.vin,
      'cars.com',
      2019,
      'EX-L',
      '',
      expect.any(Number),
      'USD',
      expect.any(Number),
      expect.any(Number),
      // Its seller: on a marketplace whose card names no dealer, the car itself (issue 61).
      `cars.com/${old[0]?.vin}`,
    ]);
    reopened.close();
  });
});
