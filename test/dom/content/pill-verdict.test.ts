// The pill's one finding (issue 64) in the order of harm, drawn as the content script draws it
// (pill.ts in a shadow root): a vehicle with every finding at once says the worst; take that one away
// and the next shows, down to "No history yet". Each state has its own words and icon shape, and
// the pill's element tree and attributes outside its words, icon and colours are the same in every
// state (what a page could measure stays one size: badge-style.ts; e2e measures the boxes).
import { describe, expect, it } from 'vitest';
import { createPill } from '@/entrypoints/vin.content/badge/pill';
import { cardVerdict, type VerdictInputs } from '@/lib/memory/card-verdict';
import { type ListingMemory, noteSighting } from '@/lib/memory/listing-memory';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import { noFacts } from '@/lib/reports/facts/report-facts';
import { vehicleFacts } from '@/lib/reports/facts/vehicle-facts';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { vinOf } from '../../../samples/vin-of';

const VIN = vinOf('1C6RD6FT1CS310366');
const DAY = 24 * 60;
const NOW = Math.floor(Date.now() / 60_000);
const CARS = { site: 'cars.com', url: 'https://www.cars.com/vehicledetail/abc/' };
const TRUECAR = {
  site: 'truecar.com',
  url: 'https://www.truecar.com/used-cars-for-sale/listing/1C6RD6FT1CS310366/',
};

/** A listing as the memory keeps it after sightings (price in USD, miles), oldest first. */
function seen(visits: Array<[where: typeof CARS, minute: number, price: number, miles: number]>) {
  let listings: ListingMemory[] = [];
  for (const [where, minute, price, mileage] of visits) {
    const key = `${VIN} ${where.site} ${where.url}`;
    const before = listings.find((l) => l.k === key);
    const rest = listings.filter((l) => l !== before);
    const after = noteSighting(
      before,
      { vin: VIN, ...where, firstHand: true, price, currency: 'USD', mileage, unit: 'mi' },
      minute,
      rest,
    );
    listings = [...rest, after];
  }
  return listings;
}

/** The Ram's 2012-2016 comparables rated the listing 'great' (market-answer.ts's shape). */
const market: MarketAnswer = {
  year: 2012,
  make: 'Ram',
  model: '1500',
  currency: 'USD',
  price: 16_495,
  comparables: 27,
  sellers: 10,
  sites: 1,
  days: 1,
  mileageAdjusted: true,
  gauge: { estimate: 18_900, low: 17_600, high: 20_300, comparables: 27, rating: 'great' },
};

/** Every finding at once: each step of the ladder takes the worst away. */
function everything(): VerdictInputs {
  const listings = seen([
    [CARS, NOW - 3 * DAY, 17_495, 112_000],
    [TRUECAR, NOW - 2 * DAY, 15_995, 100_000],
    [CARS, NOW, 16_495, 98_000],
  ]);
  const history = vehicleHistory(listings, `${VIN} ${CARS.site} ${CARS.url}`, NOW);
  const report = {
    ...noFacts('providerA'),
    owners: { value: 2, quote: '2 Owners' },
    accidents: { value: { count: 1, worst: 'moderate' as const }, quote: '1 Accident' },
    titleBrands: { value: ['Salvage'], quote: 'Salvage' },
  };
  return {
    history,
    market,
    held: vehicleFacts([report]),
    owned: true,
    recalls: { count: 3, parkIt: 1, parkOutside: 1 },
    counts: {
      vin: VIN,
      vehicle: { year: 2012, make: 'Ram', model: '1500' },
      records: { providerA: 33, providerB: 37 },
    },
  };
}

const LADDER: Array<[words: string, kind: string, icon: string, takeAway: (i: VerdictInputs) => void]> = [
  [
    'Mileage dropped',
    'warn',
    'alert',
    (i) => {
      if (i.history) i.history.mileage = null;
    },
  ],
  [
    '1 accident',
    'warn',
    'alert',
    (i) => {
      if (i.held) i.held.facts.accidents = null;
    },
  ],
  [
    'Salvage title',
    'warn',
    'alert',
    (i) => {
      if (i.held) i.held.facts.titleBrands = null;
    },
  ],
  [
    'Park-it recall',
    'warn',
    'alert',
    (i) => {
      if (i.recalls) i.recalls.parkIt = 0;
    },
  ],
  [
    'Fire-risk recall',
    'warn',
    'alert',
    (i) => {
      i.recalls = null;
    },
  ],
  [
    '$500 less elsewhere',
    'good',
    'down',
    (i) => {
      if (i.history) i.history.cheaper = null;
    },
  ],
  [
    'Price down $1,000',
    'good',
    'down',
    (i) => {
      if (i.history) i.history.change = null;
    },
  ],
  [
    'Great price',
    'good',
    'tag',
    (i) => {
      i.market = null;
    },
  ],
  [
    '2 owners',
    'held',
    'check',
    (i) => {
      i.owned = false;
    },
  ],
  [
    '70 records',
    'known',
    'list',
    (i) => {
      i.counts = null;
    },
  ],
  ['No history yet', 'none', 'dot', () => undefined],
];

/** What a page could tell apart without reading the closed root: the tree's tags and fixed attributes. */
function shape(el: Element): string {
  const attrs = [...el.attributes]
    .filter((a) => !['class', 'aria-label', 'data-w'].includes(a.name))
    .map((a) => `${a.name}=${a.value}`);
  return `<${el.localName} ${attrs.join(' ')}>${[...el.children].map(shape).join('')}</${el.localName}>`;
}

describe('the verdict order', () => {
  it('says the worst finding; with it taken away, the next, down to nothing known', () => {
    const inputs = everything();
    const decode = decodeVin(VIN, 2026);
    const shapes = new Set<string>();
    const said: string[] = [];
    for (const [words, kind, icon, takeAway] of LADDER) {
      const verdict = cardVerdict(inputs);
      const pill = createPill(document, decode);
      pill.show({ counts: undefined, owned: inputs.owned, mismatch: null, verdict });
      const shown = pill.button.querySelector('.words')?.getAttribute('data-w');
      said.push(`${pill.button.className} | ${pill.button.querySelector('.icon')?.className} | ${shown}`);
      expect(said.at(-1)).toBe(`pill ${kind} | icon ${icon} | ${words}`);
      // No text node anywhere: window.find() and selection never reach the words (issue 44).
      const walker = document.createTreeWalker(pill.root, NodeFilter.SHOW_TEXT);
      expect(walker.nextNode()).toBeNull();
      expect(pill.button.getAttribute('aria-label')).toBe(`VIN History Lens: ${verdict.heard}`);
      shapes.add(shape(pill.root));
      takeAway(inputs);
    }
    expect(said).toHaveLength(11);
    // One tree in every state.
    expect(shapes.size).toBe(1);
  });

  it("the listing's own words against the VIN come before any finding", () => {
    const pill = createPill(document, decodeVin(VIN, 2026));
    pill.show({
      counts: undefined,
      owned: false,
      mismatch: { year: 2018, make: 'Honda' },
      verdict: cardVerdict(everything()),
    });
    expect(pill.button.querySelector('.words')?.getAttribute('data-w')).toBe('VIN mismatch');
    expect(pill.button.className).toBe('pill warn');
  });

  it('a finding never exceeds what the pill and the screen reader hold', () => {
    for (const [, , , takeAway] of LADDER) {
      const inputs = everything();
      takeAway(inputs);
      const verdict = cardVerdict(inputs);
      expect(verdict.words.length).toBeLessThanOrEqual(24);
      expect(verdict.words).not.toMatch(/[\u2600-\u27BF\u{1F300}-\u{1FAFF}]/u);
    }
  });
});
