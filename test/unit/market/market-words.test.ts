// The gauge's words (lib/memory/market-words.ts): the rating named, the gap and the range in the
// listing's currency, what it rests on, and what it lacks.
import { describe, expect, it } from 'vitest';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { marketCell, marketLine } from '@/lib/memory/market-words';

const base: MarketAnswer = {
  year: 2020,
  make: 'Toyota',
  model: 'Camry',
  currency: 'USD',
  price: 25_500,
  comparables: 31,
  mileageAdjusted: true,
  gauge: { estimate: 22_000, low: 20_500, high: 23_600, comparables: 31, rating: 'overpriced' },
};

describe('fair-price words', () => {
  it('names the rating with its figures, as a warning when high', () => {
    expect(marketLine(base)).toEqual({
      text: "Overpriced: about $3,500 above 31 similar 2018-2022 Toyota Camrys you've seen, mileage-adjusted; fair range $20,500-$23,600.",
      tone: 'warn',
      finding: true,
    });
    const fair = marketLine({ ...base, price: 22_100, gauge: { ...base.gauge!, rating: 'fair' } });
    expect(fair.text).toMatch(/^Fair price: about the price of 31 similar/);
    expect(fair.tone).toBe('neutral');
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
      "Great price: about 3,000 CAD below 31 similar 2018-2022 Toyota Camrys you've seen, at a typical mileage (this listing states none); fair range 20,500 CAD-23,600 CAD.",
    );
    expect(cad.tone).toBe('good');
    // Too few in its currency: the currency is named (US-dollar cars seen do not count for it).
    expect(marketLine({ ...base, currency: 'CAD', comparables: 0, gauge: null }).text).toBe(
      "12 similar 2018-2022 Toyota Camrys priced in CAD needed to judge the price; you've seen 0.",
    );
  });

  it('without a price: what similar cars ask; without enough cars: how many more', () => {
    const { price: _price, ...noPrice } = base;
    expect(marketLine({ ...noPrice, gauge: { ...base.gauge!, rating: null } }).text).toBe(
      "Similar cars ask about $22,000 (fair range $20,500-$23,600), from 31 similar 2018-2022 Toyota Camrys you've seen, mileage-adjusted.",
    );
    // 12 or more, but too many of their prices set aside as unusual: never "needed 12; you've seen 14".
    expect(marketLine({ ...base, comparables: 14, gauge: null }).text).toBe(
      "Too few usual prices among the 14 similar 2018-2022 Toyota Camrys you've seen to judge the price.",
    );
    expect(marketLine({ ...base, comparables: 0, gauge: null })).toEqual({
      text: "12 similar 2018-2022 Toyota Camrys needed to judge the price; you've seen 0.",
      tone: 'neutral',
      finding: false,
    });
  });

  it('in a table cell: the rating, estimate, range and count; or how many were seen', () => {
    expect(marketCell(base)).toBe('Overpriced · $22,000 ($20,500-$23,600), 31 cars');
    expect(marketCell({ ...base, gauge: { ...base.gauge!, rating: null } })).toBe(
      'About $22,000 ($20,500-$23,600), 31 cars',
    );
    expect(marketCell({ ...base, comparables: 5, gauge: null })).toBe('5 of 12 similar cars seen');
    expect(marketCell({ ...base, comparables: 14, gauge: null })).toBe(
      'too few usual prices among 14 similar cars',
    );
  });
});
