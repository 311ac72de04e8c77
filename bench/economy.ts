// `npm run bench:economy`: a scripted month of browsing against the simulator, counting the record
// checks the service sees per report pulled, under the default settings and under a naive policy
// that checks every VIN it sees. Ends with one line of JSON.

import { createClient } from '../lib/api/client';
import { EconomySettings } from '../lib/records/economy';
import type { Vin } from '../lib/vin/vin-syntax';
import { makeVin, rng } from '../samples/listing-page';
import { createSimulator } from '../simulator/app';

const DAYS = 30;
const LISTING_PAGES_PER_DAY = 12; // 360 listing pages in the month
const DETAIL_PAGES_PER_DAY = 2; // 60 detail pages
const CARDS_PER_PAGE = 25;
const HOUR = 60 * 60 * 1000;

// The same shopper behaviour for both policies: what they look at and what they decide to buy.
interface Visit {
  day: number;
  vins: Vin[];
  /** VINs the user clicks "Check records" on (default policy only acts on these). */
  asked: Vin[];
  /** VINs the user buys a report for after seeing the counts. */
  bought: Vin[];
}

function scriptMonth(seed = 2026): Visit[] {
  const random = rng(seed);
  // Listings repeat: a shopper sees the same inventory again and again over a month.
  const pool = Array.from({ length: 900 }, () => makeVin(random));
  const visits: Visit[] = [];
  for (let day = 0; day < DAYS; day++) {
    for (let p = 0; p < LISTING_PAGES_PER_DAY; p++) {
      const vins = Array.from(
        { length: CARDS_PER_PAGE },
        () => pool[Math.floor(random() ** 1.5 * pool.length)] as Vin,
      );
      // Most listing pages get no click; some get one or two.
      const clicks = random() < 0.25 ? (random() < 0.3 ? 2 : 1) : 0;
      const asked = vins.slice(0, clicks);
      visits.push({ day, vins, asked, bought: asked.filter(() => random() < 0.15) });
    }
    for (let d = 0; d < DETAIL_PAGES_PER_DAY; d++) {
      const vin = pool[Math.floor(random() * pool.length)] as Vin;
      const asked = random() < 0.6 ? [vin] : [];
      visits.push({ day, vins: [vin], asked, bought: asked.filter(() => random() < 0.35) });
    }
  }
  return visits;
}

async function run(policy: 'default' | 'naive', visits: Visit[]) {
  let now = Date.parse('2026-11-01T09:00:00Z');
  const sim = createSimulator({ now: () => new Date(now) });
  const client = createClient({ baseUrl: 'https://sim.test/v1', apiKey: 'dealer-api-key', fetch: sim.fetch });
  sim.state.users[1]!.credits = 10_000;
  const settings = EconomySettings.parse({});
  const cache = new Map<string, number>();
  let purchases = 0;
  for (const visit of visits) {
    now =
      Date.parse('2026-11-01T09:00:00Z') +
      visit.day * 24 * HOUR +
      (visits.indexOf(visit) % 30) * 10 * 60 * 1000;
    // Default: only what the user asked for, each VIN once per cache period. Naive: every VIN seen.
    const toCheck = policy === 'default' ? visit.asked : visit.vins;
    for (const vin of new Set(toCheck)) {
      const at = cache.get(vin);
      if (policy === 'default' && at !== undefined && now - at < settings.cacheHours * HOUR) continue;
      await client.getRecordCounts(vin);
      cache.set(vin, now);
    }
    for (const vin of visit.bought) {
      await client.buyReport(purchases % 2 ? 'providerA' : 'providerB', vin);
      purchases++;
    }
  }
  const checks = sim.log.filter((e) => e.endpoint === 'records').length;
  const reports = sim.log.filter((e) => e.charged).length;
  return { checks, reports, checksPerReport: Math.round((checks / Math.max(reports, 1)) * 100) / 100 };
}

const visits = scriptMonth();
const listing = visits.filter((v) => v.vins.length > 1).length;
const detail = visits.length - listing;
const result = { default: await run('default', visits), naive: await run('naive', visits) };
console.log(
  `a month: ${listing} listing pages of ${CARDS_PER_PAGE} VINs, ${detail} detail pages, ` +
    `${visits.reduce((n, v) => n + v.asked.length, 0)} "check records" clicks, ${visits.reduce((n, v) => n + v.bought.length, 0)} reports bought`,
);
console.log(
  `default settings: ${result.default.checks} record checks for ${result.default.reports} reports = ${result.default.checksPerReport} per report (service expects 3 to 5)`,
);
console.log(
  `naive (check every VIN seen): ${result.naive.checks} record checks for ${result.naive.reports} reports = ${result.naive.checksPerReport} per report`,
);
console.log(JSON.stringify(result));
