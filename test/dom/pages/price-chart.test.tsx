// The watched vehicles' price chart (entrypoints/library/price-chart.tsx; issue 56): axes whose words
// are text (dates and prices), a mark for every price a page stated with its site, price and day, a
// listing seen on one day drawn as a mark, the lines told apart by their dash as well as colour, the
// same figures in a table, only US dollars on the axis.
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PriceChart } from '@/entrypoints/library/price-chart';
import { type ListingMemory, noteSighting } from '@/lib/memory/listing-memory';

const at = (m: number, d: number) => Math.floor(new Date(2026, m - 1, d, 12).getTime() / 60_000);
const listing = (site: string, seen: Array<[number, number, string?]>): ListingMemory =>
  seen.reduce<ListingMemory | undefined>(
    (before, [minute, price, currency = 'USD']) =>
      noteSighting(
        before,
        { vin: '1G1PG5SC3C7167133', site, url: `https://www.${site}/a`, price, currency, firstHand: true },
        minute,
        [],
      ),
    undefined,
  ) as ListingMemory;

describe('the price chart', () => {
  it('dates and prices as text on its axes, a mark per price stated, lines told apart by dash', () => {
    const cars = listing('cars.com', [
      [at(10, 2), 12500],
      [at(10, 9), 11800],
    ]);
    // Seen on one day only: a mark, though the chart spans weeks.
    const truecar = listing('truecar.com', [[at(10, 20), 11900]]);
    const { container } = render(<PriceChart listings={[cars, truecar]} today={at(11, 28)} />);
    const axis = (name: string) =>
      [...container.querySelectorAll(`text[data-axis="${name}"]`)].map((t) => t.textContent);
    expect(axis('date')[0]).toBe('Oct 2');
    expect(axis('date').at(-1)).toBe('Oct 20');
    expect(axis('price').every((p) => /^\$\d{1,2},\d{3}$/.test(p ?? ''))).toBe(true);
    expect(axis('price').length).toBeGreaterThanOrEqual(3);
    const marks = [...container.querySelectorAll('circle.mark')].map((m) => m.getAttribute('aria-label'));
    expect(marks).toEqual([
      'cars.com: $12,500 on Oct 2',
      'cars.com: $11,800 on Oct 9',
      'truecar.com: $11,900 on Oct 20',
    ]);
    expect(container.querySelectorAll('circle.mark[tabindex="0"]')).toHaveLength(3);
    const dashes = [...container.querySelectorAll('polyline')].map(
      (l) => l.getAttribute('stroke-dasharray') ?? '',
    );
    expect(new Set(dashes).size).toBe(2);
    const rows = [...container.querySelectorAll('table tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['cars.comOct 2$12,500', 'cars.comOct 9$11,800', 'truecar.comOct 20$11,900']);
  });

  it('a price stated in another currency is left off the dollar axis; under two prices, no chart', () => {
    const cad = listing('autotrader.ca', [[at(10, 2), 16000, 'CAD']]);
    const one = listing('cars.com', [[at(10, 2), 12500]]);
    const { container } = render(<PriceChart listings={[cad, one]} today={at(11, 28)} />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
