// Recall on every real VIN of samples/data, placed the three ways pages hold them: as text, in a
// data attribute, and in JSON-LD. Through the real scanner and the background's real decision.
import { afterEach, describe, expect, it } from 'vitest';
import { createPageScanner } from '@/entrypoints/vin.content/detect/page-scanner';
import { decodedVins, exceptionVins } from '../../../samples/real-vins';
import { judgeCandidates } from '../support/judge-candidates';

const controller = new AbortController();
afterEach(() => controller.abort());

describe('recall on real VINs', () => {
  it('finds all 396 real VINs, whether shown as text, held in attributes or only in JSON-LD', async () => {
    const real = [...decodedVins(), ...exceptionVins()].map((r) => r.vin);
    const thirds = [
      real.filter((_, i) => i % 3 === 0),
      real.filter((_, i) => i % 3 === 1),
      real.filter((_, i) => i % 3 === 2),
    ];
    const [asText, asAttribute, asJsonLd] = thirds as [string[], string[], string[]];
    document.documentElement.innerHTML = `<head><script type="application/ld+json">${JSON.stringify(
      asJsonLd.map((vin, i) => ({ '@type': 'Car', name: `Car ${i}`, vehicleIdentificationNumber: vin })),
    )}</script></head><body>
      ${asText.map((vin) => `<div class="card"><p>VIN: ${vin} · Stock #12</p></div>`).join('')}
      ${asAttribute.map((vin) => `<div class="card" data-vin="${vin}"><p>Price $9,000</p></div>`).join('')}
    </body>`;
    const scanner = createPageScanner({
      doc: document,
      signal: controller.signal,
      isVisible: () => true,
      classify: async (candidates) => judgeCandidates(candidates),
      mount: () => ({ remove() {} }),
    });
    scanner.start();
    await scanner.idle();
    expect(new Set(scanner.vins())).toEqual(new Set(real));
  });
});
