// What one page or site can add to a model's record (lib/memory/model-cars.ts, issue 63): a page
// minting thousands of VINs under one model's title ("2019 Honda Accord" on every card) would make
// the record thousands of rows, each later batch rewriting it whole. At most MAX_ROWS_PER_SITE rows
// a site, MAX_ROWS in all, the newest kept; another site's rows stay.
import { describe, expect, it } from 'vitest';
import type { VehicleTitle } from '@/lib/market/vehicle-title';
import type { ListingMemory } from '@/lib/memory/listing-memory';
import { MAX_ROWS, MAX_ROWS_PER_SITE, updatedModel } from '@/lib/memory/model-cars';

const ACCORD: VehicleTitle = { year: 2019, make: 'Honda', model: 'Accord' };

function listings(site: string, count: number, from: number): ListingMemory[] {
  return Array.from({ length: count }, (_, i) => {
    const vin = `1HGCV1F3${String(from + i).padStart(9, '0')}`;
    const url = `https://www.${site}/v/${vin}`;
    return {
      k: `${vin} ${site} ${url}`,
      vin,
      site,
      url,
      first: from + i,
      last: from + i,
      views: 1,
      prices: [[from + i, 21_000, 'USD']],
      miles: [[from + i, 40_000, 'mi']],
      mm: 'honda accord',
    };
  });
}

const titles = (all: ListingMemory[]) => new Map(all.map((l) => [l.k, ACCORD]));

describe("a model's record, bounded", () => {
  it("a page minting 5,000 cars of one model on one site: the newest 400 kept; a real site's 30 untouched", () => {
    const real = listings('cars.com', 30, 1_000_000);
    let record = updatedModel(undefined, 'honda accord', real, titles(real));
    const minted = listings('hostile.example', 5000, 2_000_000);
    for (let i = 0; i < minted.length; i += 50) {
      const batch = minted.slice(i, i + 50);
      record = updatedModel(record, 'honda accord', batch, titles(batch));
    }
    const bySite = (site: string) => record?.cars.filter((row) => row[1] === site) ?? [];
    expect(bySite('hostile.example')).toHaveLength(MAX_ROWS_PER_SITE);
    expect(Math.min(...bySite('hostile.example').map((row) => row[8]))).toBe(
      2_000_000 + 5000 - MAX_ROWS_PER_SITE,
    );
    expect(bySite('cars.com')).toHaveLength(30);
  });

  it('many sites: at most MAX_ROWS rows in all, the newest', () => {
    let record: ReturnType<typeof updatedModel>;
    for (let s = 0; s < 12; s++) {
      const batch = listings(`site${s}.example`, 300, 3_000_000 + s * 1000);
      record = updatedModel(record, 'honda accord', batch, titles(batch));
    }
    expect(record?.cars).toHaveLength(MAX_ROWS);
    expect(Math.max(...(record?.cars ?? []).map((row) => row[8]))).toBe(3_000_000 + 11 * 1000 + 299);
  });
});
