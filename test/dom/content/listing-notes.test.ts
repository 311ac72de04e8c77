// What the content script tells the memory of vehicles seen (entrypoints/vin.content/detect/
// listing-notes.ts), on the cars.com results shape (test/fixtures/sites/cars-com.html: fuse-card
// elements with a data-vehicle-details record, the price and mileage as card text): each badged
// vehicle's card texts and its record's figures, read by the background as cars.com's; the first
// message at once, the next ones a second apart; the cards read when their message goes, not while
// badges are placed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListingNotes } from '@/entrypoints/vin.content/detect/listing-notes';
import type { Occurrence } from '@/entrypoints/vin.content/detect/occurrence';
import type { Placement } from '@/entrypoints/vin.content/detect/place-strategies';
import type { Sighting } from '@/lib/memory/listing-memory';
import { readCard } from '@/lib/memory/read-card';
import { siteMoney } from '@/lib/memory/site-money';
import { noActions, scanFixture } from '../support/scan-fixture';

afterEach(() => {
  vi.useRealTimers();
});

describe('listing notes', () => {
  it("send each badged vehicle's price and mileage, the first message at once and the next a second later", async () => {
    const sent: Array<{ at: number; sightings: Sighting[] }> = [];
    const notes = createListingNotes(document, (sightings) => sent.push({ at: Date.now(), sightings }));
    const mounted: Array<[Placement, Occurrence[]]> = [];
    await scanFixture('cars-com.html', noActions, (placement, _, found) => mounted.push([placement, found]));
    vi.useFakeTimers();
    const notedAt = Date.now();
    for (const [placement, found] of mounted) notes.note(placement, found);
    // Read when sent: a mileage the page changes before then is the one remembered.
    (document.querySelector('.mileage') as HTMLElement).textContent = '98,900 mi.';
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    // Stamped when noted, not when sent: a clear clicked in between wins (issue 55).
    expect(sent[0]?.sightings.every((s) => s.noted === notedAt)).toBe(true);
    const cars = siteMoney('www.cars.com');
    const byVin = new Map(
      sent[0]?.sightings.map((s) => [s.vin as string, readCard(s.card ?? [], s.data ?? {}, cars)]),
    );
    // The Cruze's price as its card shows it (its record agrees), the mileage its page shows when the
    // message goes; the Infiniti's card shows no mileage.
    expect(byVin.get('1G1PG5SC3C7167133')).toEqual({
      price: 7450,
      currency: 'USD',
      mileage: 98900,
      unit: 'mi',
    });
    expect(byVin.get('5N3ZA0NE1AN908084')).toEqual({ price: 14990, currency: 'USD' });

    // 450 more (a long feed): 200 a message, a second apart.
    const [first] = mounted;
    if (!first) throw new Error('nothing mounted');
    for (let i = 0; i < 450; i++) notes.note(...first);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((m) => m.sightings.length)).toEqual([mounted.length, 200, 200, 50]);
  });

  it('send what waits at once when the page goes away, and no empty message after', async () => {
    const sent: Sighting[][] = [];
    const notes = createListingNotes(document, (sightings) => sent.push(sightings));
    const mounted: Array<[Placement, Occurrence[]]> = [];
    await scanFixture('cars-com.html', noActions, (placement, _, found) => mounted.push([placement, found]));
    const [first, second] = mounted;
    if (!first || !second) throw new Error('nothing mounted');
    vi.useFakeTimers();
    notes.note(...first);
    await vi.advanceTimersByTimeAsync(0);
    // The last cards scrolled to, then a click away within the second: 201 notes wait for it.
    for (let i = 0; i < 200; i++) notes.note(...first);
    notes.note(...second);
    expect(sent).toHaveLength(1);
    notes.sendAll();
    expect(sent.map((m) => m.length)).toEqual([1, 200, 1]);
    expect(sent[2]?.[0]?.vin).toBe(second[0].vin);
    // The second's timer finds nothing left to send.
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(3);
  });
});
