// The fair-price gauge on the extension's pages (entrypoints/library/fair-price-gauge.tsx): the watched
// page's vehicle with its comparables listed and linked, the library's vehicle with the line alone.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FairPriceGauge } from '@/entrypoints/library/fair-price-gauge';
import type { MarketAnswer } from '@/lib/memory/market-answer';

afterEach(cleanup);

const TODAY = Math.floor(Date.parse('2026-11-28T12:00:00Z') / 60_000);
const market: MarketAnswer = {
  year: 2013,
  make: 'Toyota',
  model: 'Camry',
  currency: 'USD',
  price: 14_900,
  comparables: 14,
  mileageAdjusted: true,
  sellers: 11,
  sites: 2,
  days: 4,
  gauge: { estimate: 13_400, low: 12_500, high: 14_500, comparables: 14, rating: 'overpriced' },
};

describe('fair-price gauge on a page', () => {
  it('says the rating, how it is judged, and lists the cars it rests on, cheapest first, each linked', () => {
    render(
      <FairPriceGauge
        market={{
          ...market,
          cars: [
            {
              site: 'cars.com',
              vin: 'A',
              url: 'https://www.cars.com/vehicledetail/a/',
              year: 2013,
              trim: 'LE',
              price: 11_400,
              adjusted: 12_262,
              miles: 50_540,
              seen: TODAY - 60,
            },
            {
              site: 'autotrader.com',
              vin: 'B',
              year: 2012,
              price: 12_100,
              adjusted: 13_640,
              miles: 61_002,
              seen: TODAY - 3 * 1440,
            },
          ],
        }}
        today={TODAY}
      />,
    );
    const gauge = screen.getByRole('region', { name: 'Fair price' });
    expect(gauge.textContent).toContain(
      "Overpriced: $14,900 is $1,500 above the typical $13,400 for 14 similar 2011-2015 Toyota Camrys you've seen (mileage-adjusted); most ask $12,500-$14,500.",
    );
    expect(gauge.classList.contains('warn')).toBe(true);
    fireEvent.click(screen.getByText('How is the price judged?'));
    expect(gauge.textContent).toMatch(/Not an appraisal/);
    // Where the cars came from, so a verdict resting on one page of one site says so.
    expect(gauge.textContent).toContain('These 14 cars came from 2 sites and 11 sellers over 4 days.');
    const rows = within(gauge).getAllByRole('row');
    // Each site named once, over its cars (issue 65: not a bold link of the site on every row).
    expect(rows.map((r) => r.textContent)).toEqual([
      'CarPriceMileageSeen',
      'cars.com · 1 car',
      '2013 LE on cars.com$11,400adjusted $12,30050,540 miNov 28',
      'autotrader.com · 1 car',
      '2012$12,100adjusted $13,60061,002 miNov 25',
    ]);
    expect(gauge.textContent).toContain(
      "Adjusted: what each car would ask at this one's model year, mileage and trim",
    );
    const link = within(gauge).getByRole('link', { name: '2013 LE on cars.com' });
    expect(link.getAttribute('href')).toBe('https://www.cars.com/vehicledetail/a/');
    expect(link.getAttribute('rel')).toContain('noopener');
    // A car whose listing address is not known is named, not linked.
    expect(within(gauge).getAllByRole('link')).toHaveLength(1);
  });

  it('without enough cars: what it lacks, neither good nor bad news, no table', () => {
    render(<FairPriceGauge market={{ ...market, comparables: 5, gauge: null }} today={TODAY} />);
    const gauge = screen.getByRole('region', { name: 'Fair price' });
    expect(gauge.textContent).toContain(
      "No fair price yet: 12 similar 2011-2015 Toyota Camrys from several sellers are needed; you've seen 5.",
    );
    expect(gauge.classList.contains('plain')).toBe(true);
    expect(within(gauge).queryByRole('table')).toBeNull();
  });
});
