// A generated listing page like the one measured in docs/site-evidence.md: 2,000 cards with VINs
// in text, attributes and JSON-LD, and the usual decoys (17-digit order numbers, hashes, buttons).
import { expectedCheckDigit, YEAR_CODES } from '../lib/vin/vin-syntax';

const WMIS = [
  '1G1',
  '1FA',
  'JH4',
  'WBA',
  '5N1',
  'KNA',
  '1C6',
  '4T1',
  '2T1',
  '3VW',
  'WAU',
  '1HG',
  'JTD',
  '5YJ',
];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

export function rng(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

/** A VIN with a real manufacturer code, a model-year code and a correct check digit. */
export function makeVin(random: () => number): string {
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)] as string;
  let vin = WMIS[Math.floor(random() * WMIS.length)] as string;
  for (let i = 0; i < 5; i++) vin += pick(VIN_CHARS);
  vin += `0${pick(YEAR_CODES)}${pick('ABCDEFGHJKLMNPRSTUVWXYZ')}`;
  for (let i = 0; i < 6; i++) vin += pick('0123456789');
  return vin.slice(0, 8) + expectedCheckDigit(vin) + vin.slice(9);
}

export type CardKind = 'text' | 'attribute' | 'json-ld';

export function cardHtml(i: number, vin: string, random: () => number, kind = kindOf(i)): string {
  const order = String(10_000_000_000_000_000 + Math.floor(random() * 8_999_999_999_999_999)).slice(0, 17);
  const hash = Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(random() * 16)]).join('');
  const title = `<h2 class="title">Vehicle ${i}</h2><span class="price">$${(5000 + i * 13).toLocaleString('en-US')}</span>`;
  const decoys = `<div class="meta">Order ${order} · ref ${hash}</div><button>Save</button><button>Compare</button>`;
  switch (kind) {
    case 'text':
      return `<article class="card" data-listing-id="L${i}">${title}<div class="sub">VIN: ${vin} / Stock #S${i}</div>${decoys}</article>`;
    case 'attribute':
      return `<article class="card" data-listing-id="L${i}" data-vin="${vin}">${title}${decoys}</article>`;
    default:
      return `<article class="card" data-listing-id="L${i}">${title}${decoys}</article>`;
  }
}

/** A third of the cards each: VIN in text, in a data-vin attribute, only in the page's JSON-LD. */
export const kindOf = (i: number): CardKind => (['text', 'attribute', 'json-ld'] as const)[i % 3] as CardKind;

export function listingPage(cards: number, seed = 7): { html: string; vins: string[] } {
  const random = rng(seed);
  const vins = new Set<string>();
  while (vins.size < cards) vins.add(makeVin(random));
  const list = [...vins];
  const jsonLd = list
    .map((vin, i) => ({ vin, i }))
    .filter(({ i }) => kindOf(i) === 'json-ld')
    .map(({ vin, i }) => ({ '@type': 'Car', name: `Vehicle ${i}`, vehicleIdentificationNumber: vin }));
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Bench listing</title>
<style>main{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}.card{border:1px solid #ddd;padding:6px}</style>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': jsonLd })}</script>
</head><body><main id="list">${list.map((vin, i) => cardHtml(i, vin, random)).join('\n')}</main></body></html>`;
  return { html, vins: list };
}
