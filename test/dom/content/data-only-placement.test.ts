// Vehicles that exist only in a page's data (embedded state, JSON-LD, a GraphQL cache) get their
// badge in the one card that shares a key with their record: a listing id, a stock number, a URL
// in any nested field, a photo, a name. Fixtures are modelled on how the big marketplaces ship their
// data; each card carries `data-oracle`, the listing id the test expects its badge under.
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_ONLY_PAGES } from '../../support/data-only-pages';
import { badgeVins, scanFixture } from '../support/scan-fixture';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('vehicles known only from page data', () => {
  it.each(DATA_ONLY_PAGES)('%s: each badge in the card of its listing', async (_, fixture, expected) => {
    const run = await scanFixture(fixture);
    stop = () => run.controller.abort();
    const placed = Object.fromEntries(
      run.badges().map((b) => [b.dataset.vhlVin, b.closest('[data-oracle]')?.getAttribute('data-oracle')]),
    );
    expect(placed).toEqual(expected);
    // One badge per card, none in the page's furniture or in a card without data (sponsored).
    for (const card of document.querySelectorAll('[data-oracle]'))
      expect(card.querySelectorAll('vhl-badge').length).toBe(
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
    last.querySelector('vhl-badge')?.remove();
    document.querySelector('.search-results')!.append(last);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await run.scanner.idle();
    expect(last.querySelectorAll('vhl-badge')).toHaveLength(1);
    expect((last.querySelector('vhl-badge') as HTMLElement).dataset.vhlVin).toBe('1G8ZH1274XZ108296');
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
    const badge = document.querySelector('[data-oracle="2551107"] vhl-badge') as HTMLElement | null;
    expect(badge?.dataset.vhlVin).toBe('JN8AZ28R59T128050');
  });
});
