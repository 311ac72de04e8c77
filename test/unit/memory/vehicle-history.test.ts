// The memory of one vehicle (lib/memory/listing-memory.ts, vehicle-history.ts, history-words.ts): what
// a sighting changes, and the words a shopper reads in the badge's panel. Figures carry the unit their
// page stated (US sites: USD and miles unless written otherwise); comparisons only within one.
import { describe, expect, it } from 'vitest';
import { day, historyWords } from '@/lib/memory/history-words';
import { GONE_AFTER, type ListingMemory, noteSighting } from '@/lib/memory/listing-memory';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import type { Vin } from '@/lib/vin/vin-syntax';

const VIN = '1G1PG5SC3C7167133' as Vin;
const DAY = 24 * 60;
/** Minutes since 1970 of a local date this year (the words leave the year out). */
const at = (month: number, day: number, hour = 12) =>
  Math.floor(new Date(2026, month - 1, day, hour).getTime() / 60_000);
const CARS = { site: 'cars.com', url: 'https://www.cars.com/vehicledetail/abc/' };
const AUTOTRADER = {
  site: 'autotrader.com',
  url: 'https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=568474801',
};

function seen(
  listings: ListingMemory[],
  where: { site: string; url: string },
  minute: number,
  facts: object,
) {
  const key = `${VIN} ${where.site} ${where.url}`;
  const before = listings.find((l) => l.k === key);
  const stated = facts as { price?: number; mileage?: number; km?: boolean };
  const after = noteSighting(
    before,
    {
      vin: VIN,
      ...where,
      firstHand: true,
      ...(stated.price !== undefined ? { currency: 'USD' } : {}),
      ...(stated.mileage !== undefined ? { unit: stated.km ? 'km' : 'mi' } : {}),
      ...facts,
    },
    minute,
    listings.filter((l) => l !== before),
  );
  return [...listings.filter((l) => l !== before), after];
}
const keyOf = (where: { site: string; url: string }) => `${VIN} ${where.site} ${where.url}`;

describe('a sighting', () => {
  it('keeps a price or mileage point only when it changes, and counts visits apart from reloads', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500, mileage: 60000 });
    memory = seen(memory, CARS, at(10, 2) + 5, { price: 12500, mileage: 60000 });
    memory = seen(memory, CARS, at(10, 9), { price: 11800, mileage: 60000 });
    const [listing] = memory;
    expect(listing?.prices).toEqual([
      [at(10, 2), 12500, 'USD'],
      [at(10, 9), 11800, 'USD'],
    ]);
    expect(listing?.miles).toEqual([[at(10, 2), 60000, 'mi']]);
    expect(listing?.views).toBe(2);
    expect(listing?.first).toBe(at(10, 2));
    expect(listing?.last).toBe(at(10, 9));
  });

  it('sold, then for sale again with a price: relisted', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500 });
    memory = seen(memory, CARS, at(10, 5), { sold: true });
    expect(memory[0]?.sold).toBe(at(10, 5));
    memory = seen(memory, CARS, at(10, 20), { price: 11900 });
    expect(memory[0]?.sold).toBeUndefined();
    expect(memory[0]?.relist).toEqual([at(10, 20)]);
  });

  it('a new listing on a site where the last one was gone two weeks: relisted; on another site: not', () => {
    let memory = seen([], CARS, at(9, 1), { price: 12500 });
    const later = at(9, 1) + GONE_AFTER + DAY;
    memory = seen(memory, AUTOTRADER, later, { price: 12000 });
    memory = seen(memory, { site: 'cars.com', url: 'https://www.cars.com/vehicledetail/new/' }, later, {
      price: 11900,
    });
    expect(memory.find((l) => l.site === 'autotrader.com')?.after).toBeUndefined();
    expect(memory.find((l) => l.url.endsWith('/new/'))?.after).toBe(at(9, 1));
    const words = historyWords(
      vehicleHistory(memory, `${VIN} cars.com https://www.cars.com/vehicledetail/new/`, later),
      later,
    );
    expect(words.map((l) => l.text)).toContain(
      `Relisted: a new listing on ${day(later, later)}; its earlier listing on cars.com was last seen Sep 1.`,
    );
  });
});

describe("what the panel says of a vehicle's history", () => {
  const today = at(10, 20);

  it('seen before elsewhere, a price drop on this listing, listed for less elsewhere', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500, mileage: 60000 });
    memory = seen(memory, AUTOTRADER, at(10, 5), { price: 11900, mileage: 60200 });
    memory = seen(memory, CARS, today, { price: 11800, mileage: 60400 });
    const words = historyWords(vehicleHistory(memory, keyOf(AUTOTRADER), today), today).map((l) => l.text);
    // With the gap, and the listing to open (issue 64).
    expect(words).toContain('Listed for less on cars.com: $11,800, $100 less (Oct 20)');
    const lines = historyWords(vehicleHistory(memory, keyOf(AUTOTRADER), today), today);
    expect(lines.find((l) => l.text.startsWith('Listed for less'))?.url).toBe(CARS.url);
    // Where it was seen, with each listing's last price (issue 56); the cheaper one not said twice.
    expect(words).toContain('Seen before: autotrader.com at $11,900 (Oct 5)');
    const onCars = historyWords(vehicleHistory(memory, keyOf(CARS), today), today).map((l) => l.text);
    expect(onCars).toContain('▼ $700 since Oct 2 (was $12,500)');
    expect(onCars.some((t) => t.startsWith('Listed for less'))).toBe(false);
  });

  it('a listing stating fewer miles than an earlier sighting: a mileage warning, first', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500, mileage: 60000 });
    memory = seen(memory, AUTOTRADER, today, { price: 11900, mileage: 45000 });
    const lines = historyWords(vehicleHistory(memory, keyOf(AUTOTRADER), today), today);
    expect(lines[0]).toEqual({
      warn: true,
      tone: 'warn',
      finding: true,
      text: 'Mileage warning: This listing has said 45,000 mi since Oct 20; cars.com showed 60,000 mi on Oct 2.',
    });
  });

  it('the same listing lowering its miles; another site in kilometres, converted exactly', () => {
    let memory = seen([], CARS, at(10, 2), { mileage: 99000, km: true });
    memory = seen(memory, AUTOTRADER, at(10, 5), { mileage: 60300 });
    memory = seen(memory, AUTOTRADER, today, { mileage: 45000 });
    // 99,000 km is 61,515 mi: the highest earlier reading.
    expect(historyWords(vehicleHistory(memory, keyOf(AUTOTRADER), today), today)[0]?.text).toBe(
      'Mileage warning: This listing has said 45,000 mi since Oct 20; cars.com showed 99,000 km on Oct 2.',
    );
    const own = seen(seen([], AUTOTRADER, at(10, 2), { mileage: 60300 }), AUTOTRADER, today, {
      mileage: 45000,
    });
    expect(historyWords(vehicleHistory(own, keyOf(AUTOTRADER), today), today)[0]?.text).toBe(
      'Mileage warning: This listing has said 45,000 mi since Oct 20; it said 60,300 mi on Oct 2.',
    );
  });

  it('an older listing seen again is not a rolled-back odometer: readings compared in the order first stated', () => {
    // The case: cars.com has said 48,100 since Oct 2; autotrader said 48,260 on Oct 5;
    // revisiting cars.com on Oct 20 raised a red warning when compared as last seen.
    let memory = seen([], CARS, at(10, 2), { mileage: 48100 });
    memory = seen(memory, AUTOTRADER, at(10, 5), { mileage: 48260 });
    memory = seen(memory, CARS, today, { mileage: 48100 });
    expect(vehicleHistory(memory, keyOf(CARS), today).mileage).toBeNull();
    // The same readings the other way round are a true warning: autotrader stated fewer, later.
    let rolled = seen([], CARS, at(10, 2), { mileage: 48260 });
    rolled = seen(rolled, AUTOTRADER, at(10, 5), { mileage: 47100 });
    expect(vehicleHistory(rolled, keyOf(AUTOTRADER), today).mileage).toMatchObject({
      stated: { value: 47100, unit: 'mi', at: at(10, 5) },
      earlier: { value: 48260, unit: 'mi', where: 'cars.com', at: at(10, 2) },
    });
  });

  it('two sites read in the same minute: no order between them, so no mileage warning either way', () => {
    // The shopper opens the car on cars.com, then on autotrader within the minute; the dealer's two
    // feeds differ by 250 mi, as they often do. Times are kept in minutes: neither is the older.
    const minute = at(12, 6, 15);
    let memory = seen([], CARS, minute, { price: 18900, mileage: 51200 });
    memory = seen(memory, AUTOTRADER, minute, { price: 18900, mileage: 51450 });
    expect(vehicleHistory(memory, keyOf(CARS), minute).mileage).toBeNull();
    expect(vehicleHistory(memory, keyOf(AUTOTRADER), minute).mileage).toBeNull();
    // Far apart in the same minute (112,000 and 98,000): said as a difference, never as a warning.
    let far = seen([], CARS, minute, { mileage: 112000 });
    far = seen(far, AUTOTRADER, minute, { mileage: 98000 });
    const words = historyWords(vehicleHistory(far, keyOf(AUTOTRADER), minute), minute);
    expect(words.filter((l) => l.warn)).toEqual([]);
    expect(words[0]).toMatchObject({
      tone: 'neutral',
      finding: true,
      text: `Mileage differs: cars.com showed 112,000 mi at the same time (${day(minute, minute)}); this listing says 98,000 mi.`,
    });
    // A minute later the order is known: autotrader's lower reading, stated after cars.com's, warns.
    let later = seen([], CARS, minute, { mileage: 51450 });
    later = seen(later, AUTOTRADER, minute + 1, { mileage: 51200 });
    expect(vehicleHistory(later, keyOf(AUTOTRADER), minute + 1).mileage).toMatchObject({
      earlier: { value: 51450, where: 'cars.com', at: minute },
    });
  });

  it('figures whose page left the unit or currency unsaid are kept and never compared', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500, mileage: 60000 });
    memory = seen(memory, AUTOTRADER, at(10, 5), { price: 9000, currency: null, mileage: 30000, unit: null });
    const history = vehicleHistory(memory, keyOf(AUTOTRADER), today);
    expect(history.mileage).toBeNull();
    expect(vehicleHistory(memory, keyOf(CARS), today).cheaper).toBeNull();
    expect(history.current).toMatchObject({ price: 9000, currency: null, mileage: 30000, unit: null });
  });

  it("prices in two currencies are never compared, nor a listing's move from one to the other", () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500 });
    memory = seen(memory, AUTOTRADER, at(10, 5), { price: 11900, currency: 'CAD' });
    expect(vehicleHistory(memory, keyOf(CARS), today).cheaper).toBeNull();
    memory = seen(memory, CARS, today, { price: 16000, currency: 'CAD' });
    expect(vehicleHistory(memory, keyOf(CARS), today).change).toBeNull();
  });

  it("an aggregator's card adds no figure to a listing seen on its own site", () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500, mileage: 60000 });
    memory = seen(memory, CARS, at(10, 5), { price: 13900, mileage: 58000, firstHand: false });
    const [listing] = memory;
    expect(listing?.prices).toEqual([[at(10, 2), 12500, 'USD']]);
    expect(listing?.miles).toEqual([[at(10, 2), 60000, 'mi']]);
    expect(listing?.last).toBe(at(10, 5));
  });

  it('findings in order of harm, each marked as what it is: a lower price elsewhere and a drop are good news, a relist neither, where it was seen no finding', () => {
    let memory = seen([], CARS, at(10, 2), { price: 12500 });
    memory = seen(memory, CARS, at(10, 5), { sold: true });
    memory = seen(memory, AUTOTRADER, at(10, 6), { price: 11000, mileage: 70000 });
    memory = seen(memory, CARS, today, { price: 11900, mileage: 60000 });
    const lines = historyWords(vehicleHistory(memory, keyOf(CARS), today), today);
    expect(lines.map((l) => [l.tone, l.finding, l.text.split(':')[0]])).toEqual([
      ['warn', true, 'Mileage warning'],
      ['good', true, 'Listed for less on autotrader.com'],
      ['good', true, '▼ $600 since Oct 2 (was $12,500)'],
      ['neutral', true, 'Relisted'],
      ['neutral', false, 'Seen before'],
    ]);
  });

  it('the first visit today says nothing; a relist is said', () => {
    expect(
      historyWords(vehicleHistory(seen([], CARS, today, { price: 9000 }), keyOf(CARS), today), today),
    ).toEqual([]);
    let memory = seen([], CARS, at(10, 2), { price: 12500 });
    memory = seen(memory, CARS, at(10, 5), { sold: true });
    memory = seen(memory, CARS, today, { price: 11900 });
    expect(historyWords(vehicleHistory(memory, keyOf(CARS), today), today).map((l) => l.text)).toContain(
      'Relisted: for sale again on Oct 20 after it was shown as sold.',
    );
  });
});
