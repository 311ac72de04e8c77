// The content script's path (the real scanner over a page) and the background's verdict
// (lib/vin/vin-verdict.ts) must agree: a VIN the content script proposes under a "vin" label is one the
// background accepts, and one it drops is one the background would refuse. Before, a labelled
// 1G1PG5SC1U7167133 (no model-year character in position 10) was proposed and then refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createPageScanner } from '@/entrypoints/vin.content/detect/page-scanner';
import { isVin } from '@/lib/vin/vin-verdict';
import { decodedVins, exceptionVins } from '../../../samples/real-vins';

let controller = new AbortController();
afterEach(() => {
  controller.abort();
  controller = new AbortController();
});

const PLACEMENTS: Record<string, (vin: string) => string> = {
  text: (vin) => `<div class="card"><p>VIN: ${vin}</p></div>`,
  'data-vin': (vin) => `<div class="card" data-vin="${vin}"><p>Price $9,000</p></div>`,
  'JSON-LD': (vin) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'Car', vehicleIdentificationNumber: vin })}</script>`,
  'embedded state': (vin) =>
    `<script>window.__STATE__ = ${JSON.stringify({ listings: { a1: { vin: vin.toLowerCase() } } })};</script>`,
};

/** What the content script proposes: strings that passed its own check, parsed by the background. */
type Candidate = { vin: string; labelled: boolean };

async function proposals(html: string): Promise<Candidate[]> {
  document.documentElement.innerHTML = `<body>${html}</body>`;
  const seen: Candidate[] = [];
  const scanner = createPageScanner({
    doc: document,
    signal: controller.signal,
    isVisible: () => true,
    classify: async (candidates) => {
      seen.push(...candidates);
      return [];
    },
    mount: () => ({ remove() {} }),
  });
  scanner.start();
  await scanner.idle();
  return seen;
}

describe('one verdict for a VIN, whichever bundle judges it', () => {
  const real = [...decodedVins(), ...exceptionVins()].map((r) => r.vin);

  it.each(Object.keys(PLACEMENTS))('%s: every real VIN is proposed and accepted', async (placement) => {
    const render = PLACEMENTS[placement] as (vin: string) => string;
    const seen = await proposals(real.map(render).join(''));
    expect(new Set(seen.map((c) => c.vin))).toEqual(new Set(real));
    expect(seen.filter((c) => !isVin(c.vin, c.labelled)).map((c) => c.vin)).toEqual([]);
  });

  it.each(Object.keys(PLACEMENTS))(
    '%s: 1G1PG5SC1U7167133 (no year code) is proposed by neither and accepted by neither',
    async (placement) => {
      const render = PLACEMENTS[placement] as (vin: string) => string;
      expect(await proposals(render('1G1PG5SC1U7167133'))).toEqual([]);
      expect(isVin('1G1PG5SC1U7167133', true)).toBe(false);
      expect(isVin('1G1PG5SC1U7167133', false)).toBe(false);
    },
  );
});
