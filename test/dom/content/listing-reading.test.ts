// What the memory reads of each real site's cards (issue 54): the page scanner and the listing notes
// of the content script on a fixture per site shape of docs/listing-evidence.md (test/fixtures/
// listings/, each header naming the section it follows and the traps it keeps), then the
// background's reader (lib/memory/read-card.ts) with the rules of the host the page is served at.
// Every vehicle's asking price and odometer as its card states them, with their currency and unit;
// never a discount, a payment, a fee, a bid or a seller's distance; unknown where the card says none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListingNotes, pageLocale } from '@/entrypoints/vin.content/detect/listing-notes';
import type { Occurrence } from '@/entrypoints/vin.content/detect/occurrence';
import type { Placement } from '@/entrypoints/vin.content/detect/place-strategies';
import { readVehicleTitle, type VehicleTitle } from '@/lib/market/vehicle-title';
import type { Sighting } from '@/lib/memory/listing-memory';
import { type CardReading, readCard } from '@/lib/memory/read-card';
import { siteMoney } from '@/lib/memory/site-money';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { vinOf } from '../../../samples/vin-of';
import { noActions, scanFixture } from '../support/scan-fixture';

afterEach(() => {
  vi.useRealTimers();
});

/** What the content script sends of a fixture page: the real scanner, then its listing notes. */
async function sightingsOf(path: string): Promise<Sighting[]> {
  const mounted: Array<[Placement, Occurrence[]]> = [];
  await scanFixture(path, noActions, (placement, _, found) => mounted.push([placement, found]));
  const sent: Sighting[] = [];
  vi.useFakeTimers();
  const notes = createListingNotes(document, (sightings) => sent.push(...sightings));
  for (const [placement, found] of mounted) notes.note(placement, found);
  await vi.advanceTimersByTimeAsync(0);
  vi.useRealTimers();
  return sent;
}

/** Each vehicle of the page as the memory would keep it. */
async function readPage(file: string, host: string, folder = 'listings'): Promise<Map<string, CardReading>> {
  const sent = await sightingsOf(`${folder}/${file}`);
  // The host's rules with what the page says of itself, as the background reads them.
  const rules = siteMoney(host, pageLocale(document));
  return new Map(sent.map((s) => [s.vin, readCard(s.card ?? [], s.data ?? {}, rules)]));
}

const usd = (price: number) => ({ price, currency: 'USD' });
const mi = (mileage: number) => ({ mileage, unit: 'mi' as const });

describe('the price and mileage each real site shows, read as a person reads the card', () => {
  it('TrueCar: the asking price after the "$N off avg. list price" line; never the discount, the shipping fee or "N mi - City"', async () => {
    const read = await readPage('truecar-search.html', 'www.truecar.com');
    expect(read.get('4T1BB3EK5AU118081')).toEqual({ ...usd(7450), ...mi(88120) });
    expect(read.get('5NPEB4AC9DH571382')).toEqual({ ...usd(9870), ...mi(61450) });
    expect(read.get('WAULFAFR6DA001366')).toEqual({ ...usd(15490), ...mi(48260) });
    // A new car: its only "mi" is the distance; the page-wide lowPrice (713) is no car's price.
    expect(read.get('1C41JUEJ7NC002943')).toEqual(usd(86995));
  });

  it('cars.com: the primary price, not "$N price drop", "$N under" or "Est. $N/mo"; the distance in either wording is no mileage', async () => {
    const read = await readPage('cars-com-search.html', 'www.cars.com');
    expect(read.get('WAULFAFR6DA001366')).toEqual({ ...usd(14995), ...mi(48210) });
    expect(read.get('5FNRL38297B007384')).toEqual({ ...usd(6450), ...mi(131004) });
    expect(read.get('1C41JUEJ6NC004408')).toEqual(usd(88120));
  });

  it('Autotrader: the price its stylesheet draws the "$" for, not the payment; MSRP only where it is the one price; no odometer from "(17.7 mi. away)"', async () => {
    const read = await readPage('autotrader-search.html', 'www.autotrader.com');
    expect(read.get('5XYKTCA62DG346197')).toEqual({ ...usd(10488), ...mi(92611) });
    expect(read.get('KNAE55LC7J6018811')).toEqual(usd(47250));
    expect(read.get('WAUFFGFF8F1068897')).toEqual(usd(44100));
    // The showcase card above the results (its listing id links it to its record): its price; its
    // data's "8 miles" is not shown on the card, so not kept.
    expect(read.get('1C41JUEJ6NC004408')).toEqual(usd(88990));
  });

  it('Carvana: "TRIM • N miles" and the tile price; not "$N/mo", "$0 cash down" or shipping; pending is not sold', async () => {
    const read = await readPage('carvana-search.html', 'www.carvana.com');
    expect(read.get('1G4GD5ED5BF334614')).toEqual({ ...usd(11590), ...mi(74210) });
    expect(read.get('1C4GJWAG3DL544796')).toEqual({ ...usd(17990), ...mi(98002) });
  });

  it("Carvana's sold vehicle page: its mileage, no price (the price is only in its data), sold from its data", async () => {
    const read = await readPage('carvana-sold.html', 'www.carvana.com');
    expect(read.get('5N1AL0MM8DC306971')).toEqual({ ...mi(88402), sold: true });
  });

  it('CarGurus: the price and the mileage line; the hidden list\'s bare "Mileage:" agrees; "(12 mi away)" is a distance', async () => {
    const read = await readPage('cargurus-search.html', 'www.cargurus.com');
    expect(read.get('JN8AZ28R59T128050')).toEqual({ ...usd(5988), ...mi(112405) });
    expect(read.get('JTHFE2C23A2509749')).toEqual({ ...usd(13450), ...mi(84930) });
  });

  it('Craigslist: the labelled odometer, not the warranty\'s "3,000 miles"; the title\'s price, not the doc fee', async () => {
    const read = await readPage('craigslist-posting.html', 'seattle.craigslist.org');
    expect(read.get('2T1BR30E36C599972')).toEqual({ ...usd(4800), ...mi(152300) });
  });

  it('a DealerCenter dealer site: "$N" and a bare "Mileage" as US dollars and miles; "Call For Price" and an empty mileage give nothing', async () => {
    const read = await readPage('dealercenter.html', 'www.smithautosales.com');
    expect(read.get('1J4BA3H11AL173573')).toEqual({ ...usd(16995), ...mi(104227) });
    expect(read.get('1J4BA3H14AL172837')).toEqual({});
  });

  it('KSL: "Mileage: N" and the price line, not the seller\'s excerpt; "$1" and "Mileage: 0" are unknown', async () => {
    const read = await readPage('ksl-search.html', 'classifieds.ksl.com');
    // ksl.com is a site the user added: its card's place ("Provo, UT") says its "$" is the US dollar
    // and its bare "Mileage: N" miles, as a person in the US reads them (issue 62 §3).
    expect(read.get('2C3CCACG6CH275007')).toEqual({ ...usd(8900), ...mi(121400) });
    expect(read.get('2C3CCACG9CH273929')).toEqual({});
  });

  it('a French auction lot: "85000 km" in the sub-headline; "(g/km)", "kWh/100 km" and "Garanti" are no mileage; no price shown', async () => {
    const read = await readPage('eu-auction-lot.html', 'www.bca-europe.fr');
    expect(read.get('WAULFAFR8DA002471')).toEqual({ mileage: 85000, unit: 'km' });
  });

  it('a page about one vehicle with no <h1> (Carvana draws it by script; an auction lot titles itself in a <div>): its figures are read from its main block or body (issue 62 §3)', async () => {
    // test/fixtures/corpus/carvana-vehicle.html: "$9,590" and "181,022 miles" in its summary.
    const carvana = await readPage('carvana-vehicle.html', 'www.carvana.com', 'corpus');
    expect(carvana.get('1FTEF14N5KNB35920')).toEqual({ ...usd(9590), ...mi(181022) });
    // test/fixtures/corpus/eu-auction-lot.html: "Mileage 187,400 km"; "Current bid €7,450" is a bid.
    const lot = await readPage('eu-auction-lot.html', 'www.bca-europe.fr', 'corpus');
    expect(lot.get('WDD2040481A712345')).toEqual({ mileage: 187400, unit: 'km' });
  });

  it("Cars & Bids: bids are no asking price; the quick facts' bare mileage in miles", async () => {
    const read = await readPage('carsandbids-auction.html', 'carsandbids.com');
    expect(read.get('WAULF78K19N037307')).toEqual(mi(58120));
  });

  it('vehiclebid.info: "SOLD" in its status row; "0 mil" is an unknown reading; its "N$" is in no known currency', async () => {
    const read = await readPage('vehiclebid-lot.html', 'vehiclebid.info');
    const lot = read.get('TRUWT28N251018665');
    expect(lot?.sold).toBe(true);
    expect(lot?.mileage).toBeUndefined();
    // The final bid (in the headline, a paragraph and the page's data) is no asking price.
    expect(lot?.price).toBeUndefined();
    expect(lot?.currency ?? null).toBeNull();
  });
});

describe('where the real pages still differ (docs/site-evidence.md)', () => {
  it("Autotrader's showcase card above the first result gets its badge by the listing id it links to", async () => {
    const { badges } = await scanFixture('listings/autotrader-search.html');
    const showcase = document.querySelector('[data-cmp="inventoryAlphaListing"]');
    const badge = badges().find((b) => b.dataset.vhlVin === '1C41JUEJ6NC004408');
    expect(badge && showcase?.contains(badge)).toBe(true);
  });

  it("a VIN only in a results chart's JSON attribute of past sales is in the tab's list, with no badge", async () => {
    const { badges, classified } = await scanFixture('listings/bat-results.html');
    expect(classified.flat()).toContain('WBSPM9C52BE209978');
    expect(badges().map((b) => b.dataset.vhlVin)).not.toContain('WBSPM9C52BE209978');
  });
});

/** Each vehicle of the page as the fair-price gauge reads it (issue 57): its title, read with its VIN's decode. */
async function vehiclesOf(file: string, folder = 'listings'): Promise<Map<string, VehicleTitle | null>> {
  const sent = await sightingsOf(`${folder}/${file}`);
  return new Map(
    sent.map((s) => [s.vin, s.title ? readVehicleTitle(s.title, decodeVin(vinOf(s.vin))) : null]),
  );
}

const vehiclesOfCorpus = (file: string) => vehiclesOf(file, 'corpus');

describe('the vehicle each real site names on its card (issue 57)', () => {
  it("cars.com's h2.title, Autotrader's 'Used …' heading, CarGurus' h4.titleText, DealerCenter's item title", async () => {
    const cars = await vehiclesOf('cars-com-search.html');
    expect(cars.get('WAULFAFR6DA001366')).toEqual({
      year: 2013,
      make: 'Audi',
      model: 'A5',
      trim: 'Premium Plus',
    });
    expect(cars.get('5FNRL38297B007384')).toEqual({
      year: 2007,
      make: 'Honda',
      model: 'Odyssey',
      trim: 'LX',
    });
    expect(cars.get('1C41JUEJ6NC004408')).toEqual({
      year: 2022,
      make: 'Jeep',
      model: 'Grand Wagoneer',
      trim: 'Series I',
    });
    const autotrader = await vehiclesOf('autotrader-search.html');
    expect(autotrader.get('5XYKTCA62DG346197')).toEqual({
      year: 2013,
      make: 'Kia',
      model: 'Sorento',
      trim: 'LX',
    });
    const cargurus = await vehiclesOf('cargurus-search.html');
    expect(cargurus.get('JN8AZ28R59T128050')).toEqual({
      year: 2009,
      make: 'Nissan',
      model: 'Cube',
      trim: 'S',
    });
    expect(cargurus.get('JTHFE2C23A2509749')).toEqual({ year: 2010, make: 'Lexus', model: 'IS 350C' });
    const dealer = await vehiclesOf('dealercenter.html');
    expect([...dealer.values()].some((car) => car?.make === 'Jeep' && car.model === 'Wrangler')).toBe(true);
  });

  it("TrueCar's card without a heading: its first words, the year's and the model's blocks apart", async () => {
    const truecar = await vehiclesOf('truecar-search.html');
    expect(truecar.get('4T1BB3EK5AU118081')).toEqual({
      year: 2010,
      make: 'Toyota',
      model: 'Camry',
      trim: 'LE',
    });
  });

  it("Carvana's vehicle page, its heading drawn by script: the document's title", async () => {
    const carvana = await vehiclesOfCorpus('carvana-vehicle.html');
    expect(carvana.get('1FTEF14N5KNB35920')).toEqual({ year: 1989, make: 'Ford', model: 'F-150' });
  });

  it("Craigslist's posting title: the vehicle, not its price or place", async () => {
    const posting = await vehiclesOf('craigslist-posting.html');
    expect(posting.get('2T1BR30E36C599972')).toEqual({
      year: 2006,
      make: 'Toyota',
      model: 'Corolla',
      trim: 'CE',
    });
  });
});
