// Every site pattern of docs/site-evidence.md, as fixture pages: every VIN found, each vehicle
// badged once, nothing badged that is not a VIN.
import { afterEach, describe, expect, it } from 'vitest';
import { hostAt, placeOf } from '../../support/badge-place';
import { badgeVins, scanFixture } from '../support/scan-fixture';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const PATTERNS: Array<[string, string, string[]]> = [
  [
    'cars.com: JSON in data-vehicle-details / data-override-payload, "VIN: … / Stock #" text',
    'cars-com.html',
    ['1G1PG5SC3C7167133', '4T1BB3EK5AU118081', '5N3ZA0NE1AN908084', 'JH4DC4340RS003205'],
  ],
  [
    'cargurus.com: visually hidden <dl>, hashed "VIN:" rows, a VIN without a check digit',
    'cargurus.html',
    ['1C4GJWAG3DL544796', '2C3CCACG6CH275007', '5NPEB4AC9DH571382', 'KMTGA4SCDRU227656'],
  ],
  [
    'autotrader.com: embedded JSON state and a data island',
    'autotrader.html',
    ['1J4BA3H12AL171413', '5N1AL0MM8DC306971', 'KM8JN72D07U585496'],
  ],
  [
    'carvana.com: JSON-LD Car and Vehicle objects',
    'carvana.html',
    ['1G4GD5ED5BF334614', 'KNAE55LC7J6018811', 'WAUFFGFF8F1068897'],
  ],
  ['ebay.com Motors: item specifics label and value', 'ebay-motors.html', ['WP0CB29874U669313']],
  [
    'craigslist.org: posting attributes and free text, with tracking numbers',
    'craigslist.html',
    ['1FTJW36F9TEA02868', '1GCHK29U11E231511'],
  ],
  ['facebook.com/marketplace: a VIN typed into the description', 'marketplace.html', ['1G8ZF52801Z322733']],
  [
    'dealer sites: data-vin, link URL, hidden input, a VIN split across spans, decoys',
    'dealer.html',
    ['1C6RD6FT1CS310366', '1FMDU34X7PUD75574', 'JTHFE2C23A2509749', 'WAULFAFR6DA001366'],
  ],
  ['copart.com: masked VINs only', 'copart.html', []],
];

describe('site patterns', () => {
  it.each(PATTERNS)('%s', async (_, fixture, expected) => {
    const run = await scanFixture(fixture);
    stop = () => run.controller.abort();
    expect([...run.scanner.vins()].sort()).toEqual(expected);
    expect(badgeVins(run.badges())).toEqual(expected);
  });
});

describe('badge placement', () => {
  it('puts the badge of a VIN held in an attribute at the top of its card', async () => {
    const run = await scanFixture('cars-com.html');
    stop = () => run.controller.abort();
    const card = document.querySelector('fuse-card[data-listing-id="f1c9e3a0-1"]')!;
    expect(hostAt(card, 'first')?.dataset.vhlVin).toBe('1G1PG5SC3C7167133');
  });

  it('puts the badge of a visible VIN at the end of the text that shows it', async () => {
    const run = await scanFixture('cars-com.html');
    stop = () => run.controller.abort();
    const subtitle = document.querySelector('.subtitle')!;
    expect(hostAt(subtitle, 'last')?.dataset.vhlVin).toBe('4T1BB3EK5AU118081');
  });

  it('never puts a badge inside a visually hidden element, but in the tile that holds it', async () => {
    const run = await scanFixture('cargurus.html');
    stop = () => run.controller.abort();
    for (const badge of run.badges().filter((b) => b.dataset.vhlVin !== '1C4GJWAG3DL544796')) {
      expect(badge.closest('.sr-only')).toBeNull();
      expect(placeOf(badge)?.dataset.testid).toBe('srp-listing-tile');
    }
  });

  it('puts the badge of a VIN known only from JSON-LD inside the card its link or name points to', async () => {
    const run = await scanFixture('carvana.html');
    stop = () => run.controller.abort();
    const byVin = Object.fromEntries(run.badges().map((b) => [b.dataset.vhlVin, b]));
    expect(
      placeOf(byVin.WAUFFGFF8F1068897 as HTMLElement)
        ?.querySelector('a')
        ?.getAttribute('href'),
    ).toBe('https://www.carvana.com/vehicle/2551001');
    expect(placeOf(byVin['1G4GD5ED5BF334614'] as HTMLElement)?.querySelector('h2')?.textContent).toBe(
      '2011 Buick LaCrosse CXL',
    );
  });

  it('skips text areas, code and editable fields', async () => {
    const run = await scanFixture('dealer.html');
    stop = () => run.controller.abort();
    const proposed = run.classified.flat();
    for (const skipped of ['1G1PG5SC3C7167133', 'JH4DC4340RS003205', 'JM1FE173540134610'])
      expect(proposed).not.toContain(skipped);
  });

  it('keeps the badge in a closed shadow root the page cannot reach', async () => {
    const run = await scanFixture('ebay-motors.html');
    stop = () => run.controller.abort();
    expect(run.badges()).toHaveLength(1);
    expect(run.badges()[0]?.shadowRoot).toBeNull();
  });
});
