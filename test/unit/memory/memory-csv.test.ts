// The watched vehicles as CSV (lib/memory/memory-csv.ts): a row per listing, each cell quoted by the
// report list's rules (a listing's title comes from a third party's page: a formula never starts a
// cell), the price and mileage histories as day:value with each value's own unit, both kinds of
// relist, the previous release's unverified figures in columns of their own, and the fair-price gauge.
import { describe, expect, it } from 'vitest';
import { GONE_AFTER, type ListingMemory, minutesOf, noteSighting } from '@/lib/memory/listing-memory';
import { watchedCsv } from '@/lib/memory/memory-csv';
import type { Vin } from '@/lib/vin/vin-syntax';

const VIN = '1G1PG5SC3C7167133' as Vin;
const at = (iso: string) => minutesOf(Date.parse(`${iso}T12:00:00Z`));
const US = { firstHand: true, currency: 'USD', unit: 'mi' as const };

describe('watched vehicles as CSV', () => {
  it('a row per listing, quoted safely, with its histories and relists', () => {
    const cars = { site: 'cars.com', url: 'https://www.cars.com/vehicledetail/a/' };
    let listing = noteSighting(
      undefined,
      { vin: VIN, ...cars, ...US, price: 12500, mileage: 60000 },
      at('2026-10-02'),
      [],
    );
    listing = noteSighting(
      listing,
      { vin: VIN, ...cars, ...US, price: 11800, sold: true },
      at('2026-10-20'),
      [],
    );
    listing = noteSighting(listing, { vin: VIN, ...cars, ...US, price: 11500 }, at('2026-11-01'), []);
    // A new listing on Autotrader after its earlier one there ended.
    const ended: ListingMemory = noteSighting(
      undefined,
      { vin: VIN, site: 'autotrader.com', url: 'https://www.autotrader.com/old', ...US, price: 12900 },
      at('2026-09-01'),
      [],
    );
    const again = noteSighting(
      undefined,
      { vin: VIN, site: 'autotrader.com', url: 'https://www.autotrader.com/new', ...US, price: 11900 },
      at('2026-09-01') + GONE_AFTER + 60,
      [ended],
    );
    const csv = watchedCsv([
      {
        watched: { vin: VIN, at: at('2026-10-02'), looked: 0, title: '=HYPERLINK("evil")' },
        listings: [listing, again],
        market: {
          year: 2012,
          make: 'Chevrolet',
          model: 'Cruze',
          currency: 'USD',
          price: 11500,
          comparables: 23,
          mileageAdjusted: true,
          sellers: 23,
          sites: 2,
          days: 4,
          gauge: { estimate: 12400, low: 11300, high: 13600, comparables: 23, rating: 'good' },
        },
      },
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"price_history"');
    // Oldest listing first: the new Autotrader listing (relisted on its first day), then cars.com.
    expect(lines[1]).toContain(`"${VIN}","'=HYPERLINK(""evil"")","2026-10-02","autotrader.com"`);
    expect(lines[0]).toMatch(
      /"fair_price_estimate","fair_range_low","fair_range_high","fair_price_rating","fair_price_not_rated_because","comparables_seen"$/,
    );
    expect(lines[1]).toMatch(
      /"2026-09-15:11900 USD",.*"2026-09-15","","","12400","11300","13600","good","","23"$/,
    );
    expect(lines[2]).toContain(
      '"cars.com","https://www.cars.com/vehicledetail/a/","2026-10-02","2026-11-01"',
    );
    expect(lines[2]).toContain(
      '"11500","USD","2026-10-02:12500 USD; 2026-10-20:11800 USD; 2026-11-01:11500 USD","60000","mi","2026-10-02:60000 mi"',
    );
    // Shown as sold Oct 20, for sale again Nov 1: relisted then, no longer sold.
    expect(lines[2]).toMatch(/"","2026-11-01","","","12400","11300","13600","good","","23"$/);
  });

  it("a value whose page left its unit unsaid has a blank unit; the previous release's figures are columns of their own", () => {
    const listing = noteSighting(
      undefined,
      {
        vin: VIN,
        site: 'dealer.example',
        url: 'https://dealer.example/a',
        firstHand: true,
        price: 9000,
        currency: null,
        mileage: 85000,
        unit: null,
      },
      at('2026-10-02'),
      [],
    );
    const kept = { ...listing, old: { prices: [at('2026-09-01'), 713], miles: [at('2026-09-01'), 7] } };
    const [, row] = watchedCsv([{ watched: { vin: VIN, at: at('2026-10-02'), looked: 0 }, listings: [kept] }])
      .trimEnd()
      .split('\r\n');
    expect(row).toContain('"9000","","2026-10-02:9000","85000","","2026-10-02:85000"');
    // No gauge for it (no listing named the vehicle): its columns blank.
    expect(row).toMatch(/"2026-09-01:713 USD","2026-09-01:7 mi","","","","","",""$/);
  });
});
