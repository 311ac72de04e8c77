// Vehicles that exist only in a page's data (embedded state, JSON-LD, a GraphQL cache) get their
// badge in the one card that shares a key with their record: a listing id, a stock number, a URL
// in any nested field, a photo, a name. Fixtures are modelled on how the big marketplaces ship their
// data; each card carries `data-oracle`, the listing id the test expects its badge under.
import { afterEach, describe, expect, it } from 'vitest';
import { badgeVins, scanFixture } from './scan-fixture';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const PAGES: Array<[string, string, Record<string, string>]> = [
  [
    'embedded state keyed by listing id, links with query and fragment (autotrader.com kind)',
    'autotrader-search.html',
    {
      '1N6SD16S6NC347945': '684300101',
      '1GKLVKED6AJ152841': '684300102',
      JH4KA2635HC013743: '684300103',
      '5XYZUDLB3DG001966': '684300104',
      '1GCEC14W6TZ228585': '684300105',
      '1JCMR7849JT185834': '684300106',
    },
  ],
  [
    'JSON-LD ItemList whose offers.url is the card link, relative on the page (carvana.com kind)',
    'carvana-search.html',
    {
      JH4KA453XKC037671: '2551101',
      '1B4HS28N51F542134': '2551102',
      '2GCEC19Z0S1245490': '2551103',
      SCFFDECNXCGG14038: '2551104',
      '4JGAB54E11A277331': '2551105',
      '3VWSD29M41M067176': '2551106',
    },
  ],
  [
    '__NEXT_DATA__ with stock numbers in links and photo paths, every photo named 1.jpg (carmax.com kind)',
    'next-data.html',
    {
      JH4KA3171KC014556: '19913071',
      JH4DA1842JS002851: '20319754',
      '1J4BA3H11AL173573': '20322507',
      JH4DB1664NS003880: '20322520',
      '1G8ZH1274XZ108296': '20196030',
    },
  ],
  [
    'GraphQL cache keyed "Listing:<uuid>", cards with data-listing-id, one placeholder photo (cars.com kind)',
    'apollo-cache.html',
    {
      JH4KA465XJC001719: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a001',
      TRUWT28N251018665: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a002',
      JH4KA4552JC049099: '9f1c2b7e-5d4a-4c3e-8b1a-00000000a003',
      '1C41JUEJ6NC004408': '9f1c2b7e-5d4a-4c3e-8b1a-00000000a004',
      '1FTJW36F5TEA07453': '9f1c2b7e-5d4a-4c3e-8b1a-00000000a005',
    },
  ],
];

describe('vehicles known only from page data', () => {
  it.each(PAGES)('%s: each badge in the card of its listing', async (_, fixture, expected) => {
    const run = await scanFixture(fixture);
    stop = () => run.controller.abort();
    const placed = Object.fromEntries(
      run.badges().map((b) => [b.dataset.vhrVin, b.closest('[data-oracle]')?.getAttribute('data-oracle')]),
    );
    expect(placed).toEqual(expected);
    // One badge per card, none in the page's furniture or in a card without data (sponsored).
    for (const card of document.querySelectorAll('[data-oracle]'))
      expect(card.querySelectorAll('vhr-badge').length).toBe(
        card.getAttribute('data-oracle') === 'none' ? 0 : 1,
      );
  });

  it('look-alike cards, shared placeholder photos and unrelated JSON: no misplaced badge, every VIN still listed', async () => {
    const run = await scanFixture('look-alikes.html');
    stop = () => run.controller.abort();
    // Only the record that shares a stock number with one card gets a badge, in that card.
    expect(badgeVins(run.badges())).toEqual(['2D8GP44L05R217097']);
    expect(run.badges()[0]?.closest('[data-oracle]')?.getAttribute('data-oracle')).toBe('STK-48213');
    // Two "2019 Honda Accord" cards, two "2014 Subaru Outback" records, a record with only the
    // placeholder photo, a record whose card is not on this page: none badged, all in the tab's list.
    expect(run.scanner.vins().sort()).toEqual(
      [
        '1C41JUEJ7NC002943',
        '1FMCU14T3JU402061',
        '1N6SD16S3NC346350',
        '2C3CCACG9CH273929',
        '2D8GP44L05R217097',
        'JH4DB1668NS001887',
      ].sort(),
    );
    // The analytics blob's VIN-like strings are not under a VIN key: never even proposed.
    expect(run.classified.flat()).not.toContain('1HGCM82633A004352');
    expect(run.classified.flat()).not.toContain('WBSPM9C52BE209978');
  });

  it('a card rendered after its data gets its badge when it arrives, and only then', async () => {
    const run = await scanFixture('next-data.html');
    stop = () => run.controller.abort();
    const last = document.querySelector('[data-oracle="20196030"]')!;
    last.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await run.scanner.idle();
    expect(badgeVins(run.badges())).not.toContain('1G8ZH1274XZ108296');
    expect(run.scanner.vins()).toContain('1G8ZH1274XZ108296');
    last.querySelector('vhr-badge')?.remove();
    document.querySelector('.search-results')!.append(last);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await run.scanner.idle();
    expect(last.querySelectorAll('vhr-badge')).toHaveLength(1);
    expect((last.querySelector('vhr-badge') as HTMLElement).dataset.vhrVin).toBe('1G8ZH1274XZ108296');
  });
});

describe('data that arrives later', () => {
  it('a JSON-LD block added on its own (the next page of an infinite scroll) badges its cards', async () => {
    const run = await scanFixture('carvana-search.html');
    stop = () => run.controller.abort();
    const section = document.querySelector('section.results')!;
    section.insertAdjacentHTML(
      'beforeend',
      '<div data-qa="result-tile" class="result-tile" data-oracle="2551107"><a href="/vehicle/2551107"><div class="year-make">2013 Nissan Juke</div></a></div>',
    );
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify({
      '@type': 'Car',
      vehicleIdentificationNumber: 'JN8AZ28R59T128050',
      offers: { url: 'https://www.carvana.com/vehicle/2551107' },
    });
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await run.scanner.idle();
    const badge = document.querySelector('[data-oracle="2551107"] vhr-badge') as HTMLElement | null;
    expect(badge?.dataset.vhrVin).toBe('JN8AZ28R59T128050');
  });
});
