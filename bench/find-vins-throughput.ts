// findVinCandidates (the content script's hot path; the JSON key keeps its old name, findVinsMBps) against a bare regex pass over the same text, in MB/s (median of several runs).

import { findVinCandidates } from '../lib/vin/vin-syntax';
import { cardHtml, listingPage, rng } from '../samples/listing-page';

const BARE = /\b[A-HJ-NPR-Z0-9]{17}\b/g;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export function measureFindVins(runs = 7) {
  // Listing text as a scanner sees it: card texts joined, decoys included (about 3 MB).
  const random = rng(3);
  const { vins } = listingPage(3000, 11);
  const cards = vins.map((vin, i) =>
    cardHtml(i, vin, random, i % 2 ? 'text' : 'attribute').replace(/<[^>]+>/g, ' '),
  );
  const text = Array.from({ length: 8 }, () => cards.join('\n')).join('\n');
  const mb = text.length / 1e6;
  const time = (fn: () => number) => {
    const samples: number[] = [];
    let sink = 0;
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      sink += fn();
      samples.push(performance.now() - start);
    }
    return { ms: median(samples), sink };
  };
  // Warm both up first: the first pass compiles the regexes.
  findVinCandidates(text);
  text.match(BARE);
  const ours = time(() => findVinCandidates(text).length);
  const bare = time(() => (text.match(BARE) ?? []).length);
  return {
    mb,
    found: ours.sink / runs,
    bareMatches: bare.sink / runs,
    findVinsMBps: mb / (ours.ms / 1000),
    bareRegexMBps: mb / (bare.ms / 1000),
  };
}
