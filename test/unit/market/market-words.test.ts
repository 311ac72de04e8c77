// The gauge's words (lib/memory/market-words.ts): the rating named, the gap and the range in the
// listing's currency, what it rests on, and what it lacks.
import { describe, expect, it } from 'vitest';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { marketCell, marketLine, marketSources } from '@/lib/memory/market-words';

const base: MarketAnswer = {
  year: 2020,
  make: 'Toyota',
  model: 'Camry',
  currency: 'USD',
  price: 25_500,
  comparables: 31,
  sellers: 24,
  sites: 3,
  days: 12,
  mileageAdjusted: true,
  gauge: { estimate: 22_000, low: 20_500, high: 23_600, comparables: 31, rating: 'overpriced' },
};

describe('fair-price words', () => {
  it("names the listing's price, the typical price and where most ask, as a warning when high", () => {
    expect(marketLine(base)).toEqual({
      text: "Overpriced: $25,500 is $3,500 above the typical $22,000 for 31 similar 2018-2022 Toyota Camrys you've seen (mileage-adjusted); most ask $20,500-$23,600.",
      tone: 'warn',
      finding: true,
    });
    const fair = marketLine({ ...base, price: 22_100, gauge: { ...base.gauge!, rating: 'fair' } });
    expect(fair.text).toMatch(/^Fair price: \$22,100 is about the typical \$22,000 for 31 similar/);
    expect(fair.tone).toBe('neutral');
    // On the extension's pages, which show no listing, the listing judged is named.
    expect(marketLine({ ...base, site: 'cars.com' }).text).toMatch(/^Overpriced: \$25,500 on cars\.com is /);
  });

  it("says the listing's own currency, and when no mileage was stated", () => {
    const cad = marketLine({
      ...base,
      currency: 'CAD',
      mileageAdjusted: false,
      gauge: { ...base.gauge!, rating: 'great' },
      price: 19_000,
    });
    expect(cad.text).toBe(
      "Great price: 19,000 CAD is 3,000 CAD below the typical 22,000 CAD for 31 similar 2018-2022 Toyota Camrys you've seen (at a typical mileage: this listing states none); most ask 20,500 CAD-23,600 CAD.",
    );
    expect(cad.tone).toBe('good');
    // Too few in its currency: the currency is named (US-dollar cars seen do not count for it).
    expect(marketLine({ ...base, currency: 'CAD', comparables: 0, gauge: null }).text).toBe(
      "No fair price yet: 12 similar 2018-2022 Toyota Camrys priced in CAD from several sellers are needed; you've seen 0.",
    );
  });

  it('without a price: what similar cars ask; without enough cars: how many more; no rating: why', () => {
    const { price: _price, ...noPrice } = base;
    expect(
      marketLine({ ...noPrice, unrated: 'no-price', gauge: { ...base.gauge!, rating: null } }).text,
    ).toBe(
      "Similar cars ask about $22,000: 31 similar 2018-2022 Toyota Camrys you've seen (mileage-adjusted); most ask $20,500-$23,600. Not rated: this listing states no price.",
    );
    // 12 or more, but too many of their prices set aside as unusual: never "needed 12; you've seen 14".
    expect(marketLine({ ...base, comparables: 14, gauge: null }).text).toBe(
      "No fair price yet: too few usual prices among the 14 similar 2018-2022 Toyota Camrys you've seen.",
    );
    expect(marketLine({ ...base, comparables: 0, gauge: null })).toEqual({
      text: "No fair price yet: 12 similar 2018-2022 Toyota Camrys from several sellers are needed; you've seen 0.",
      tone: 'neutral',
      finding: false,
    });
    // Each reason in a few words, never a rating.
    const spread = marketLine({ ...base, unrated: 'spread', gauge: { ...base.gauge!, rating: null } });
    expect(spread.text).toMatch(/Not rated: the prices of similar cars vary too much to rate one\.$/);
    expect(spread.tone).toBe('neutral');
    expect(marketLine({ ...base, unrated: 'not-kept', gauge: null }).text).toBe(
      'No fair price: this page is not kept in your memory (a private window or a site you left out).',
    );
    expect(marketSources(base)).toBe('These 31 cars came from 3 sites and 24 sellers over 12 days.');
  });

  it('in a table cell: the rating, estimate, range and count; or how many were seen; or why not rated', () => {
    expect(marketCell(base)).toBe('Overpriced · $22,000 ($20,500-$23,600), 31 cars');
    expect(marketCell({ ...base, gauge: { ...base.gauge!, rating: null } })).toBe(
      'About $22,000 ($20,500-$23,600), 31 cars',
    );
    expect(marketCell({ ...base, unrated: 'unlike', gauge: { ...base.gauge!, rating: null } })).toBe(
      "About $22,000 ($20,500-$23,600), 31 cars; not rated: this car's model year or mileage is unlike those of the cars seen",
    );
    expect(marketCell({ ...base, comparables: 5, gauge: null })).toBe('5 of 12 similar cars seen');
    expect(marketCell({ ...base, comparables: 14, gauge: null })).toBe(
      'too few usual prices among 14 similar cars',
    );
  });
});
