// The watched page's table of where a vehicle was seen (entrypoints/library/sightings-table.tsx) after
// an update from the previous release (issue 62 §5): a listing the library's version 4 kept (flat
// [minute, value, …] points, `cur` and `km` per listing, as memory-store.test.ts writes them) keeps
// showing its last price, mileage and "sold", marked as an earlier version's reading; a figure read
// since shows alone.
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { SightingsTable } from '@/entrypoints/library/sightings-table';
import { type ListingMemory, noteSighting, upgradedListing } from '@/lib/memory/listing-memory';

const VIN = '1G1PG5SC3C7167133';
const at = (m: number, d: number) => Math.floor(new Date(2026, m - 1, d, 12).getTime() / 60_000);
const today = at(12, 6);

/** A listing as the library's version 4 stored it, read back through the upgrade. */
const previousRelease = (site: string, figures: object) =>
  upgradedListing({
    k: `${VIN} ${site} https://www.${site}/a`,
    vin: VIN,
    site,
    url: `https://www.${site}/a`,
    first: at(11, 2),
    last: at(11, 9),
    views: 2,
    ...figures,
  }) as ListingMemory;

const rows = (container: Element) =>
  [...container.querySelectorAll('tbody tr')].map((r) =>
    [...r.children].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()),
  );

describe("the watched page's sightings after an update", () => {
  it("shows the previous release's last price, mileage and sold, marked as an earlier version's reading", () => {
    const truecar = previousRelease('truecar.com', {
      prices: [at(11, 2), 14900, at(11, 9), 14200],
      miles: [at(11, 2), 60300],
    });
    const ca = previousRelease('autotrader.ca', {
      prices: [at(11, 2), 19900],
      miles: [at(11, 2), 97000],
      km: 1,
      cur: 'CAD',
      sold: at(11, 9),
    });
    const { container } = render(<SightingsTable listings={[truecar, ca]} today={today} />);
    expect(rows(container)).toEqual([
      [
        'truecar.com',
        'Nov 2 to Nov 9',
        '$14,200 (read by an earlier version, not compared)',
        '60,300 mi (read by an earlier version, not compared)',
        'listed',
      ],
      [
        'autotrader.ca',
        'Nov 2 to Nov 9',
        '19,900 CAD (read by an earlier version, not compared)',
        '97,000 km (read by an earlier version, not compared)',
        'sold (read by an earlier version, not compared)',
      ],
    ]);
  });

  it('a figure read since the update shows alone; a listing with no figure at all says so with a dash', () => {
    const before = previousRelease('truecar.com', { prices: [at(11, 2), 713], miles: [] });
    const seenAgain = noteSighting(
      before,
      {
        vin: VIN,
        site: 'truecar.com',
        url: 'https://www.truecar.com/a',
        price: 14100,
        currency: 'USD',
        firstHand: true,
      },
      at(12, 1),
      [],
    );
    const empty = previousRelease('cars.com', { prices: [], miles: [] });
    const { container } = render(<SightingsTable listings={[seenAgain, empty]} today={today} />);
    expect(rows(container)).toEqual([
      ['truecar.com', 'Nov 2 to Dec 1', '$14,100', '—', 'listed'],
      ['cars.com', 'Nov 2 to Nov 9', '—', '—', 'listed'],
    ]);
  });
});
