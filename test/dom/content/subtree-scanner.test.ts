// The scanner is resumable: a page is scanned in slices, and a slice may end anywhere, also in the
// middle of a data block's VINs. Scanned in the smallest slices it allows, a page gives exactly
// what one uninterrupted pass gives, in the same order.
import { afterEach, describe, expect, it } from 'vitest';
import type { Occurrence } from '@/entrypoints/vin.content/detect/occurrence';
import { createScanner } from '@/entrypoints/vin.content/detect/subtree-scanner';
import { decodedVins } from '../../../samples/real-vins';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

const seen = (o: Occurrence) => `${o.kind}:${o.vin}:${o.element.localName}`;

function scan(timeUp: () => boolean) {
  const found: string[] = [];
  const scanner = createScanner(document.documentElement, (o) => found.push(seen(o)));
  let slices = 1;
  while (!scanner.step(timeUp)) slices++;
  return { found, slices };
}

describe('subtree scanner in slices', () => {
  it('a large data block is reported across slices, each VIN once, in order, with the page after it', () => {
    const vins = decodedVins().map((v) => v.vin);
    const graph = vins.map((vin, i) => ({
      '@type': 'Car',
      name: `Car ${i}`,
      vehicleIdentificationNumber: vin,
    }));
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify({ '@graph': graph });
    document.body.append(script);
    // After the block: cards the walk must still reach when it resumes.
    for (const vin of vins.slice(0, 5)) {
      const card = document.createElement('article');
      card.textContent = `VIN: ${vin}`;
      document.body.append(card);
    }
    const whole = scan(() => false);
    expect(whole.slices).toBe(1);
    expect(whole.found.filter((f) => f.startsWith('json:'))).toHaveLength(vins.length);
    expect(whole.found.filter((f) => f.startsWith('text:'))).toHaveLength(5);
    // Every check says "time is up": the block alone needs several slices.
    const sliced = scan(() => true);
    expect(sliced.slices).toBeGreaterThan(vins.length / 32);
    expect(sliced.found).toEqual(whole.found);
  });

  it('a data block last in the page ends the scan only when all of it is reported', () => {
    const vins = decodedVins().map((v) => v.vin);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = JSON.stringify({ inventory: vins.map((vin) => ({ vin })) });
    document.body.append(script);
    const sliced = scan(() => true);
    expect(sliced.found).toEqual(scan(() => false).found);
    expect(sliced.found).toHaveLength(vins.length);
  });
});
