// `npm run bench:dealer`: what a purchase costs a dealer's account in requests, in Chromium against
// the simulator as a real HTTP server, with 5,000 reports held per provider (the service's report
// list is then about 1.5 MB, and each read of it is that much downloaded and parsed in the worker).
// Counted from the simulator's own log, not timed: one purchase from the confirmation window (from
// the click on Buy to the report on screen, and the second after it), and one 10-row purchase batch
// in the workbench (from the confirmation to the batch's end). Targets (issue 25): at most 4
// requests and 1 read of the report list from Buy to the report (limits, reports, buy, limits); at
// most 3 reads of the list for the 10-row batch (at its start, then at most once a minute). The
// popup's headline with the worker warm and stopped beside the demo account is in bench:popup.
// Ends with one line of JSON; keys: reportListMB, purchaseRequests, purchaseReportListReads,
// purchaseEndpoints, batchRows, batchRequests, batchReportListReads, batchReportListMB, batchCharges.
// BENCH_SMOKE=1 (npm test): 500 reports per provider and a 3-row batch; it only has to complete.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { makeVin, rng } from '../samples/listing-page';
import { launchExtension } from '../scripts/chromium';
import type { LogEntry } from '../simulator/app';
import { startSimulatorServer } from '../simulator/server';
import { holdManyReports } from './dealer-history';

const SMOKE = process.env.BENCH_SMOKE === '1';
const PER_PROVIDER = SMOKE ? 500 : 5000;
const BATCH_ROWS = SMOKE ? 3 : 10;
const KEY = 'demo-api-key';
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const server = await startSimulatorServer({ port: 0 });
const { sim } = server;
holdManyReports(sim, KEY, PER_PROVIDER * 2, (i) => (i % 2 ? 'providerA' : 'providerB'));
const user = sim.state.users.find((u) => u.apiKey === KEY);
if (!user) throw new Error('no demo user');
user.credits = 1000;
// Vehicles with records that the dealer does not hold yet: what gets bought.
const random = rng(4242);
const fresh = Array.from({ length: BATCH_ROWS + 1 }, (_, i) => {
  const vin = makeVin(random);
  sim.state.vehicles.set(vin, {
    vin,
    year: 2015 + i,
    make: 'Ford',
    model: 'F-150',
    providerA: 12,
    providerB: 7,
  });
  return vin;
});
const listBytes = (
  await (await fetch(`${server.baseUrl}/user/reports`, { headers: { 'x-api-key': KEY } })).text()
).length;

const browser = await launchExtension();
await browser.configure(server.baseUrl, KEY);
// The account as a returning dealer has it: read once, before anything is measured.
const popup = await browser.openPage('popup.html');
await popup.getByTestId('credits').waitFor({ timeout: 60_000 });
await popup.close();

const since = (seq: number) => sim.log.filter((e) => e.seq > seq);
const lastSeq = () => sim.log.at(-1)?.seq ?? 0;
const byEndpoint = (entries: LogEntry[]) =>
  entries.reduce<Record<string, number>>((counts, e) => {
    counts[e.endpoint] = (counts[e.endpoint] ?? 0) + 1;
    return counts;
  }, {});
const waitUntil = async (page: Page, done: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out');
    await page.waitForTimeout(100);
  }
};

// One purchase from the confirmation window, as a shopper or dealer makes it from a badge.
const single = fresh[0] as string;
const confirm = await browser.openPage(`confirm.html?vin=${single}`);
const buy = confirm.getByRole('button', { name: 'Buy the providerA report (1 credit)' });
await waitUntil(confirm, () => buy.isEnabled(), 60_000);
await confirm.waitForTimeout(1000); // whatever the window read when it opened is behind us
const beforeBuy = lastSeq();
await buy.click();
await confirm.waitForURL(/report\.html\?provider=providerA&id=/, { timeout: 60_000 });
await confirm.waitForTimeout(1000); // and whatever follows the report on screen
const purchase = since(beforeBuy);
// BENCH_DEBUG=1 prints what the purchase asked, in order.
if (process.env.BENCH_DEBUG) console.log(purchase.map((e) => `${e.at} ${e.endpoint}`).join('\n'));
await confirm.close();

// A batch of rows bought in the workbench, one confirmation for all of them.
const rows = fresh.slice(1);
const bench = await browser.openPage('workbench.html');
await bench.getByTestId('table-count').waitFor();
await bench.getByLabel('VINs', { exact: true }).fill(rows.join('\n'));
await bench.getByRole('button', { name: 'Add to the table' }).click();
await bench.getByLabel('Select every row').check();
await bench.getByRole('button', { name: 'Buy selected…' }).click();
const dialog = bench.getByRole('region', { name: 'Confirm the purchase' });
await dialog.getByTestId('buy-summary').waitFor({ timeout: 60_000 });
const beforeBatch = lastSeq();
await dialog.getByRole('button', { name: new RegExp(`^Buy ${rows.length} reports`) }).click();
await waitUntil(
  bench,
  async () =>
    /^(done|stopped|cancelled)$/.test(
      (await bench.locator('section.batch').getAttribute('data-state')) ?? '',
    ),
  120_000,
);
const batchState = await bench.locator('section.batch').getAttribute('data-state');
const batch = since(beforeBatch);
await bench.close();
await browser.close();
await server.close();

const reads = (entries: LogEntry[]) => entries.filter((e) => e.endpoint === 'reports').length;
const result = {
  reportListMB: round(listBytes / 1e6),
  purchaseRequests: purchase.length,
  purchaseReportListReads: reads(purchase),
  purchaseEndpoints: byEndpoint(purchase),
  batchRows: rows.length,
  batchRequests: batch.length,
  batchReportListReads: reads(batch),
  batchReportListMB: round((reads(batch) * listBytes) / 1e6),
  batchCharges: batch.filter((e) => e.endpoint === 'buy' && e.charged).length,
};
console.log(
  `${PER_PROVIDER} reports held per provider: the report list is ${result.reportListMB} MB per read`,
);
console.log(
  `one purchase from the confirmation window, Buy to the report: ${result.purchaseRequests} requests (${Object.entries(
    result.purchaseEndpoints,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}), ${result.purchaseReportListReads} read(s) of the report list`,
);
console.log(
  `a ${rows.length}-row purchase batch (${batchState}, ${result.batchCharges} charges): ${result.batchRequests} requests, ${result.batchReportListReads} read(s) of the report list (${result.batchReportListMB} MB)`,
);
const targets: Array<[string, boolean]> = [
  [`purchase: ${result.purchaseRequests} requests <= 4`, result.purchaseRequests <= 4],
  [`purchase: ${result.purchaseReportListReads} report-list reads <= 1`, result.purchaseReportListReads <= 1],
  [
    `batch of ${rows.length}: ${result.batchReportListReads} report-list reads <= 3`,
    result.batchReportListReads <= 3,
  ],
  [
    `batch of ${rows.length}: ${result.batchCharges} charges = ${rows.length}`,
    result.batchCharges === rows.length,
  ],
];
for (const [what, held] of targets) console.log(`${held ? 'held  ' : 'MISSED'} ${what}`);
console.log(JSON.stringify(result));
if (!SMOKE && targets.some(([, held]) => !held)) process.exitCode = 1;
// The smoke still fails when the batch did not buy every row: the flow itself is broken then.
if (SMOKE && result.batchCharges !== rows.length) process.exitCode = 1;
