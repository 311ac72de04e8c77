// @vitest-environment node
// Each card's one finding (issue 64) through the real background on fakeBrowser, the simulator and
// NHTSA's stand-in: worked out only from what the device already holds, in order of harm, only about
// VINs the asking tab shows, and never by a record check, a purchase or a request to NHTSA. Cards as
// cars.com and Autotrader show them (test/fixtures/listings/cars-com-search.html: `h2.title`,
// `span.primary-price` "$N", `div.mileage` "N mi."; test/fixtures/memory/autotrader-detail.html).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noFacts, type ReportFacts } from '@/lib/reports/facts/report-facts';
import { NHTSA_ORIGINS, type Sender, startBackground } from '../support/background-harness';

const RAM = '1C6RD6FT1CS310366';
const CRUZE = '1G1PG5SC3C7167133'; // held by the demo user (providerA and providerB); a park-it recall
const CAMRY = '4T1BB3EK5AU118081'; // held by the demo user (providerA)
const AUDI = 'WAULFAFR6DA001366';
const LEXUS = 'JTHFE2C23A2509749';
const SONATA = '5NPEB4AC9DH571382';
const ACURA = 'JH4DC4340RS003205';
const ALL = [RAM, CRUZE, CAMRY, AUDI, LEXUS, SONATA, ACURA];

const RESULTS = 'https://www.cars.com/shopping/results/?stock_type=used&zip=60606';
const tab = (id: number, url: string): Sender => ({ url, tab: { id, incognito: false } }) as Sender;
const carsLink = (vin: string) => `https://www.cars.com/vehicledetail/${vin.toLowerCase()}/`;

/** A cars.com results card (or a site's detail page when `url` is its own). */
const card = (
  vin: string,
  price: number,
  miles: number,
  /** null: a detail page, the listing is the page itself. */
  url: string | null = carsLink(vin),
  title = 'Used car',
) => ({
  vin,
  ...(url ? { url } : {}),
  title,
  card: [
    ['span primary-price < div price-section', `$${price.toLocaleString('en-US')}`],
    ['div mileage < div vehicle-card', `${miles.toLocaleString('en-US')} mi.`],
  ] as Array<[string, string]>,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a card's one finding, from what this device holds", () => {
  it('in order of harm, each state in its words and icon; nothing asked of the service or NHTSA for it', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const results = { ...tab(7, RESULTS), id } as Sender;
    const show = (sender: Sender, vins: string[]) =>
      bg.deliver(
        'reportPageVins',
        { candidates: vins.map((vin) => ({ vin, labelled: true })), reset: true },
        sender,
      );
    const note = (sender: Sender, sightings: ReturnType<typeof card>[]) =>
      bg.deliver('noteSightings', { sightings }, sender);
    // The account is read once (the popup, or the key saved): the reports held are known.
    await bg.deliver('getAccount', undefined, bg.senders.page);

    // Earlier visits: the Ram's card at 112,000 mi, the Audi's at $13,495; the Lexus on Autotrader at $11,000.
    await show(results, [RAM, AUDI]);
    await note(results, [card(RAM, 18_995, 112_000), card(AUDI, 13_495, 61_000)]);
    const autotrader = {
      ...tab(8, 'https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=568474802'),
      id,
    } as Sender;
    await show(autotrader, [LEXUS]);
    await note(autotrader, [card(LEXUS, 11_000, 88_000, null)]);
    // Asked about once seen, as the content script does (which also waits for the notes written).
    await bg.deliver('getCardVerdicts', { items: [{ vin: LEXUS }] }, autotrader);
    // Two hours later, on the results page.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    await show(results, ALL);
    await note(results, [
      card(RAM, 18_995, 98_000),
      card(AUDI, 12_995, 61_000),
      card(LEXUS, 11_460, 88_000),
      card(CRUZE, 6_990, 97_000),
      card(CAMRY, 7_450, 142_000),
      card(SONATA, 8_200, 91_000),
      card(ACURA, 9_900, 180_000),
    ]);
    // The user checked the Sonata's records; NHTSA's facts for the Cruze were asked when its panel opened.
    for (const origin of NHTSA_ORIGINS) bg.granted.add(origin);
    await bg.deliver('setFreeFacts', { on: true }, bg.senders.page);
    expect((await bg.deliver('getRecordCounts', { vin: SONATA }, results)).ok).toBe(true);
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, results)).value.on).toBe(true);
    const service = bg.sim.log.length;
    const nhtsa = bg.nhtsa.log.length;

    const ask = () =>
      bg.deliver('getCardVerdicts', { items: ALL.map((vin) => ({ vin, url: carsLink(vin) })) }, results);
    const answer = await ask();
    expect(answer.ok).toBe(true);
    const said = Object.fromEntries(
      Object.entries(answer.value as Record<string, { kind: string; icon: string; words: string }>).map(
        ([vin, v]) => [vin, `${v.kind} ${v.icon} ${v.words}`],
      ),
    );
    expect(said).toEqual({
      [RAM]: 'warn alert Mileage dropped',
      [CRUZE]: 'warn alert Park-it recall',
      [LEXUS]: 'good down $460 less elsewhere',
      [AUDI]: 'good down Price down $500',
      [CAMRY]: 'held check Report held',
      [SONATA]: 'known list 17 records',
      [ACURA]: 'none dot No history yet',
    });
    // A screen reader hears each as a sentence.
    expect(answer.value[LEXUS].heard).toBe('Listed for $460 less on autotrader.com. Open for the listing.');
    // Asked again and again: still nothing sent anywhere.
    await ask();
    expect(bg.sim.log.length).toBe(service);
    expect(bg.nhtsa.log.length).toBe(nhtsa);

    // A report read: its accident outranks the recall; held with no harm, its lead fact.
    const list = (await bg.deliver('listReports', { fresh: true }, bg.senders.page)).value.reports as Array<{
      provider: 'providerA' | 'providerB';
      id: string;
      vin: string;
    }>;
    const facts = (accidents: number, owners: number): ReportFacts => ({
      ...noFacts('providerA'),
      owners: { value: owners, quote: `${owners} Owners` },
      accidents: { value: { count: accidents, worst: accidents ? 'moderate' : null }, quote: 'Accident' },
      titleBrands: { value: [], quote: 'No title brands' },
    });
    for (const [vin, read] of [
      [CRUZE, facts(1, 2)],
      [CAMRY, facts(0, 1)],
    ] as const) {
      const report = list.find((r) => r.vin === vin && r.provider === 'providerA');
      if (!report) throw new Error(`no report of ${vin}`);
      expect(
        (await bg.deliver('openReport', { provider: 'providerA', id: report.id }, bg.senders.page)).ok,
      ).toBe(true);
      await bg.deliver(
        'saveReportFacts',
        { provider: 'providerA', id: report.id, facts: read },
        bg.senders.page,
      );
    }
    const reread = (await ask()).value;
    expect(`${reread[CRUZE].kind} ${reread[CRUZE].words}`).toBe('warn 1 accident');
    expect(reread[CRUZE].heard).toBe('Your report states: 1 accident.');
    expect(`${reread[CAMRY].kind} ${reread[CAMRY].words}`).toBe('held No accidents');
  });

  it('answers only about VINs the asking tab shows, and refuses a page outright', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const results = { ...tab(7, RESULTS), id } as Sender;
    await bg.deliver('reportPageVins', { candidates: [{ vin: RAM, labelled: true }], reset: true }, results);
    const answer = await bg.deliver('getCardVerdicts', { items: [{ vin: RAM }, { vin: CRUZE }] }, results);
    expect(Object.keys(answer.value)).toEqual([RAM]);
    // An extension page has no cards; a message from a page is refused by the guard.
    expect((await bg.deliver('getCardVerdicts', { items: [{ vin: RAM }] }, bg.senders.page)).ok).toBe(false);
    const tooMany = Array.from({ length: 41 }, () => ({ vin: RAM }));
    const refused = await bg.deliver('getCardVerdicts', { items: tooMany }, results);
    expect(refused.ok).toBe(false);
    expect(refused.error.message).toMatch(/Too many cards/);
  });

  it('opens a listing the memory holds for a VIN the tab shows, and nothing else', async () => {
    const bg = await startBackground({ configured: true });
    const id = bg.senders.page.id;
    const results = { ...tab(7, RESULTS), id } as Sender;
    await bg.deliver('reportPageVins', { candidates: [{ vin: RAM, labelled: true }], reset: true }, results);
    await bg.deliver('noteSightings', { sightings: [card(RAM, 18_995, 98_000)] }, results);
    const { fakeBrowser } = await import('wxt/testing');
    const opened: string[] = [];
    fakeBrowser.tabs.onCreated.addListener((t) => void opened.push(t.url ?? ''));
    expect((await bg.deliver('openListing', { vin: RAM, url: carsLink(RAM) }, results)).ok).toBe(true);
    const other = await bg.deliver('openListing', { vin: RAM, url: 'https://evil.example/phish' }, results);
    expect(other.error.message).toBe('That listing is not one this device has seen.');
    const notShown = await bg.deliver('openListing', { vin: CRUZE, url: carsLink(CRUZE) }, results);
    expect(notShown.error.kind).toBe('forbidden');
    expect(opened).toEqual([carsLink(RAM)]);
  });
});
