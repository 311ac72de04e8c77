// The fair-price gauge's rules (lib/market/fair-price.ts): which cars compare, never under 12, robust
// to what real listing pages show as a price (a "$1" placeholder, a monthly payment, a salvage car),
// the rating bands. The prices here follow the real sales in bench/data (2012-2014 Camrys: about
// $14,000 at 40,000 miles, 8 % a model year, 4 % per 10,000 miles); accuracy is bench:price's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairPrice, MIN_COMPARABLES, ratingOf, type SeenVehicle } from '@/lib/market/fair-price';
import { rng } from '../../../samples/listing-page';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;

/** A market of `n` Camrys: price from year and mileage, with a few percent of noise. */
function market(n: number, seed = 1, over: Partial<SeenVehicle> = {}): SeenVehicle[] {
  const random = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const year = 2012 + Math.floor(random() * 3);
    const miles = 20_000 + Math.floor(random() * 60_000);
    const price =
      14_000 * Math.exp(0.08 * (year - 2013) - 0.04 * ((miles - 40_000) / 10_000) + (random() - 0.5) * 0.08);
    return {
      vin: `4T1BF1FK${String(i).padStart(9, '0')}`,
      year,
      make: 'Toyota',
      model: 'Camry',
      trim: i % 2 ? 'LE' : 'SE',
      miles,
      price: Math.round(price),
      currency: 'USD',
      seenAt: NOW - Math.floor(random() * 30) * DAY,
      ...over,
    };
  });
}

const target = { year: 2013, make: 'Toyota', model: 'Camry', miles: 40_000, currency: 'USD' };

describe('fair price', () => {
  it('never answers from fewer than 12 comparable vehicles; answers from 12', () => {
    expect(fairPrice(target, market(MIN_COMPARABLES - 1), NOW)).toBeNull();
    const answer = fairPrice(target, market(MIN_COMPARABLES), NOW);
    expect(answer?.comparables).toBe(12);
    expect(answer?.estimate).toBeGreaterThan(12_500);
    expect(answer?.estimate).toBeLessThan(15_500);
  });

  it('one vehicle seen many times counts once, at its latest price; the target itself never', () => {
    const one = { ...(market(1)[0] as SeenVehicle), vin: '4T1BF1FK5DU000001' };
    const again = Array.from({ length: 30 }, (_, i) => ({ ...one, seenAt: NOW - i * DAY }));
    expect(fairPrice(target, [...market(10, 2), ...again], NOW)).toBeNull();
    expect(fairPrice(target, [...market(11, 2), ...again], NOW)?.comparables).toBe(12);
    // Its latest price is the one that counts: an old higher price changes nothing.
    const latest = fairPrice(target, [...market(11, 2), ...again], NOW);
    const stale = fairPrice(
      target,
      [...market(11, 2), ...again, { ...one, price: 40_000, seenAt: NOW - 60 * DAY }],
      NOW,
    );
    expect(stale).toEqual(latest);
    const withSelf = market(12, 3);
    expect(fairPrice({ ...target, vin: withSelf[0]?.vin as string }, withSelf, NOW)).toBeNull();
    // Sightings without a VIN (a page that shows none) each count once.
    const anonymous = market(12, 4).map(({ vin: _vin, ...car }) => car);
    expect(fairPrice(target, anonymous, NOW)?.comparables).toBe(12);
  });

  it('compares the same make and model only, names normalised, never a neighbour (F-150 is not F-250)', () => {
    const f150 = market(12, 5, { make: 'FORD', model: 'F 150' });
    const f250 = market(30, 6, { make: 'Ford', model: 'F-250', price: 60_000 });
    const truck = { ...target, make: 'Ford', model: 'F-150' };
    const answer = fairPrice(truck, [...f150, ...f250], NOW);
    expect(answer?.comparables).toBe(12);
    expect(answer?.estimate).toBeLessThan(20_000);
    expect(fairPrice({ ...truck, model: 'F150' }, f150, NOW)?.comparables).toBe(12);
    expect(fairPrice({ ...truck, model: 'F1500' }, f150, NOW)).toBeNull();
    // A maker's short name is the maker: "Chevy" is a Chevrolet, "VW" a Volkswagen.
    const chevy = market(12, 17, { make: 'Chevy', model: 'Malibu' });
    expect(fairPrice({ ...target, make: 'Chevrolet', model: 'Malibu' }, chevy, NOW)?.comparables).toBe(12);
  });

  it('leaves out another currency and model years beyond 2 either side; how old a sighting is, the memory decides', () => {
    expect(fairPrice(target, market(40, 7, { currency: 'CAD' }), NOW)).toBeNull();
    expect(fairPrice({ ...target, currency: 'CAD' }, market(40, 7, { currency: 'CAD' }), NOW)).not.toBeNull();
    expect(fairPrice(target, market(40, 8, { year: 2016 }), NOW)).toBeNull();
    expect(fairPrice(target, market(40, 8, { year: 2015 }), NOW)).not.toBeNull();
    // A data set of 2015's sales judged today: its age is no filter here (the retention is the memory's).
    expect(fairPrice(target, market(40, 9, { seenAt: Date.parse('2015-01-09') }), NOW)?.comparables).toBe(40);
    // Currencies compared as ISO codes, in any case.
    expect(fairPrice(target, market(20, 10, { currency: 'usd' }), NOW)?.comparables).toBe(20);
  });

  it('never mixes title-branded cars with clean ones', () => {
    const salvage = market(30, 10, { titleBrand: 'salvage' }).map((car) => ({
      ...car,
      price: car.price / 2,
    }));
    expect(fairPrice(target, salvage, NOW)).toBeNull();
    const clean = fairPrice(target, [...market(12, 11), ...salvage], NOW);
    expect(clean?.comparables).toBe(12);
    expect(clean?.estimate).toBeGreaterThan(12_500);
    expect(fairPrice({ ...target, titleBrand: 'salvage' }, salvage, NOW)?.estimate).toBeLessThan(8_000);
    // "clean" (or nothing) is no brand.
    expect(
      fairPrice({ ...target, titleBrand: 'clean' }, market(12, 18, { titleBrand: 'Clean' }), NOW)
        ?.comparables,
    ).toBe(12);
  });

  it("is not moved by what pages show as a price: '$1', a monthly payment, a salvage car listed clean", () => {
    const honest = market(16, 12);
    const clean = fairPrice(target, honest, NOW);
    const junk: SeenVehicle[] = [
      { ...(honest[0] as SeenVehicle), vin: 'J1', price: 1 },
      { ...(honest[1] as SeenVehicle), vin: 'J2', price: 239 },
      { ...(honest[2] as SeenVehicle), vin: 'J3', price: 1_499 },
      { ...(honest[3] as SeenVehicle), vin: 'J4', price: 6_200 },
      { ...(honest[4] as SeenVehicle), vin: 'J5', price: 999_999 },
    ];
    const noisy = fairPrice(target, [...honest, ...junk], NOW);
    expect(Math.abs((noisy?.estimate ?? 0) - (clean?.estimate ?? 0)) / (clean?.estimate ?? 1)).toBeLessThan(
      0.03,
    );
  });

  it('a target without a mileage is judged at the typical one, never NaN', () => {
    const cars = market(30, 19);
    const gauge = fairPrice({ ...target, miles: Number.NaN }, cars, NOW);
    expect(Number.isFinite(gauge?.estimate)).toBe(true);
    expect(gauge?.estimate).toBeGreaterThan(12_000);
    expect(fairPrice({ ...target, year: Number.NaN }, cars, NOW)).toBeNull();
    // A car seen without a model year is no comparable (and breaks nothing).
    const noYear = [
      ...market(11, 20),
      { ...(market(1, 21)[0] as SeenVehicle), vin: 'NOYEAR', year: Number.NaN },
    ];
    expect(fairPrice(target, noYear, NOW)).toBeNull();
  });

  it('adjusts for mileage and model year', () => {
    const cars = market(40, 13);
    const low = fairPrice({ ...target, miles: 20_000 }, cars, NOW)?.estimate ?? 0;
    const high = fairPrice({ ...target, miles: 90_000 }, cars, NOW)?.estimate ?? 0;
    expect(low / high).toBeGreaterThan(1.2);
    const newer = fairPrice({ ...target, year: 2014 }, cars, NOW)?.estimate ?? 0;
    const older = fairPrice({ ...target, year: 2012 }, cars, NOW)?.estimate ?? 0;
    expect(newer / older).toBeGreaterThan(1.1);
  });

  it('a trim seen once moves the estimate only a little (shrunk), a trim seen often fully', () => {
    const cars = market(30, 14, { trim: 'LE' });
    const base = fairPrice({ ...target, trim: 'LE' }, cars, NOW)?.estimate ?? 0;
    const one = { ...(cars[0] as SeenVehicle), vin: 'XLE1', trim: 'XLE', price: (cars[0]?.price ?? 0) * 1.3 };
    const rare = fairPrice({ ...target, trim: 'XLE' }, [...cars, one], NOW)?.estimate ?? 0;
    expect(rare / base).toBeLessThan(1.1);
    const many = market(20, 15, { trim: 'XLE' }).map((car, i) => ({
      ...car,
      vin: `X${i}`,
      price: car.price * 1.3,
    }));
    const common = fairPrice({ ...target, trim: 'XLE' }, [...cars, ...many], NOW)?.estimate ?? 0;
    expect(common / base).toBeGreaterThan(1.2);
  });

  it('rates a price by where it falls in the spread: bands at the 10th, 30th, 70th and 90th percentiles', () => {
    expect([-2, -1, 0, 1, 2].map(ratingOf)).toEqual(['great', 'good', 'fair', 'high', 'overpriced']);
    expect([-1.29, -1.28, -0.53, -0.52, 0.52, 0.53, 1.28, 1.29].map(ratingOf)).toEqual([
      'great',
      'good',
      'good',
      'fair',
      'fair',
      'high',
      'high',
      'overpriced',
    ]);
    const cars = market(40, 16);
    const gauge = fairPrice(target, cars, NOW);
    if (!gauge) throw new Error('no estimate');
    expect(gauge.rating).toBeNull();
    expect(fairPrice({ ...target, price: gauge.estimate }, cars, NOW)?.rating).toBe('fair');
    expect(fairPrice({ ...target, price: gauge.low - 100 }, cars, NOW)?.rating).toBe('great');
    expect(fairPrice({ ...target, price: gauge.high + 100 }, cars, NOW)?.rating).toBe('overpriced');
  });

  it('for any market: low ≤ estimate ≤ high, and prices scaled by k scale the estimate by k', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 60 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        (n, seed, k) => {
          const cars = market(n, seed);
          const gauge = fairPrice(target, cars, NOW);
          if (!gauge) return false;
          const scaled = fairPrice(
            target,
            cars.map((car) => ({ ...car, price: car.price * k })),
            NOW,
          );
          return (
            gauge.low <= gauge.estimate &&
            gauge.estimate <= gauge.high &&
            Math.abs((scaled?.estimate ?? 0) / (gauge.estimate * k) - 1) < 0.002
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
