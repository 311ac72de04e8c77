// @vitest-environment node
// Every purchase path: exactly one charge per confirmed purchase, none for a report already held,
// none when the service refuses, and lost answers settled through /user/reports.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { STORE_DB_NAME } from '@/entrypoints/background/storage/store';
import type { createSimulator } from '@/simulator/app';
import { addReport } from '@/simulator/state';
import {
  advanceClock,
  fireDueAlarms,
  reconcilerAlarms,
  startBackground,
} from '../support/background-harness';

const QX56 = '5N3ZA0NE1AN908084';
const CRUZE = '1G1PG5SC3C7167133'; // the demo user holds providerA and providerB reports for it
const charges = (sim: ReturnType<typeof createSimulator>) => sim.log.filter((e) => e.charged).length;
const buys = (sim: ReturnType<typeof createSimulator>) => sim.log.filter((e) => e.endpoint === 'buy').length;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Background = Awaited<ReturnType<typeof startBackground>>;

/** A purchase the service charged whose answer was dropped, with /user/reports failing past the retries. */
async function buyWithAnswerLostAndReportsDown(bg: Background) {
  bg.sim.faults.add({ kind: 'drop', endpoint: 'buy', phase: 'after' });
  // The harness's own fetch (the worker's network) is wrapped, then put back: the worker goes on.
  const network = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    // From the purchase on, /user/reports fails beyond the client's retries.
    if (String(input).includes('/html'))
      bg.sim.faults.add({ kind: 'status', status: 503, endpoint: 'reports', times: 8 });
    return network(input, init);
  });
  const answer = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
  expect(answer.error.kind).toBe('unknown-outcome');
  bg.sim.faults.clear();
  vi.stubGlobal('fetch', network);
  return answer;
}

/** What a window polling the providerA purchase of QX56 is told. */
const statusOf = (bg: Background) =>
  bg.deliver('getPurchaseStatus', { provider: 'providerA', vin: QX56 }, bg.senders.page);

/**
 * A purchase the service charges (and lists) only `latencyMs` after the request, long after the
 * client stopped waiting at 25 s; its answer as the page gets it, `waitMs` on.
 */
async function buyChargedLate(latencyMs: number, waitMs: number) {
  const bg = await startBackground({ configured: true });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  bg.sim.faults.add({ kind: 'latency', latencyMs, endpoint: 'buy', times: 1 });
  const pending = bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
  await advanceClock(waitMs, 5_000);
  return { bg, answer: await pending };
}

/** A purchase answered 500 before any charge, left unresolved when its 5 minutes of checks ended. */
async function buyUntilUnresolved(): Promise<Background> {
  const bg = await startBackground({ configured: true });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  bg.sim.faults.add({ kind: 'status', status: 500, endpoint: 'buy', times: 1 });
  await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
  await advanceClock(310_000, 10_000);
  return bg;
}

/** A purchase whose answer was lost while the clock ran a day ahead; then the clock is corrected. */
async function buyLostWithClockADayAheadThenCorrected(): Promise<Background> {
  const bg = await startBackground({ configured: true });
  const dayAhead = Date.now() + 24 * 60 * 60_000;
  vi.useFakeTimers({ toFake: ['Date'], now: dayAhead });
  await buyWithAnswerLostAndReportsDown(bg);
  vi.setSystemTime(dayAhead - 24 * 60 * 60_000);
  return bg;
}

/** The worker starts again: the purchase settles as held, with one request and one charge in all. */
async function expectHeldAfterRestart(bg: Background) {
  const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
  await vi.waitFor(async () => {
    const status = await restarted.deliver(
      'getPurchaseStatus',
      { provider: 'providerA', vin: QX56 },
      bg.senders.page,
    );
    expect(status.value.state).toBe('held');
  });
  expect(buys(bg.sim)).toBe(1);
  expect(charges(bg.sim)).toBe(1);
}

describe('purchases', () => {
  it('buys once, keeps the report, updates credits and the ledger', async () => {
    const bg = await startBackground({ configured: true });
    const bought = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(bought).toMatchObject({ ok: true, value: { status: 'bought', provider: 'providerA', vin: QX56 } });
    expect(charges(bg.sim)).toBe(1);
    const account = await bg.deliver('getAccount', undefined, bg.senders.page);
    expect(account.value.limits.credits).toBe(24);
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1);
    // Kept in the library: opens without asking the service.
    const before = bg.sim.log.length;
    const opened = await bg.deliver(
      'openReport',
      { provider: 'providerA', id: bought.value.id },
      bg.senders.page,
    );
    expect(opened.value).toMatchObject({ fromLibrary: true, vin: QX56 });
    expect(opened.value.html).toContain('Vehicle History Report');
    expect(bg.sim.log.length).toBe(before);
  });

  it('offers a report already held instead, free, and buys again only when asked', async () => {
    const bg = await startBackground({ configured: true });
    const held = await bg.deliver('purchaseReport', { provider: 'providerA', vin: CRUZE }, bg.senders.page);
    expect(held.value).toMatchObject({ status: 'held', id: '1' });
    expect(charges(bg.sim)).toBe(0);
    const again = await bg.deliver(
      'purchaseReport',
      { provider: 'providerA', vin: CRUZE, buyAgain: true },
      bg.senders.page,
    );
    expect(again.value.status).toBe('bought');
    expect(charges(bg.sim)).toBe(1);
  });

  it('a report the service lists with its VIN in lower case is the same vehicle: held, then bought again once, charged once', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.addHeldReport({
      apiKey: 'demo-api-key',
      provider: 'providerB',
      vin: QX56.toLowerCase(),
      html: '<p>old</p>',
    });
    const held = await bg.deliver('purchaseReport', { provider: 'providerB', vin: QX56 }, bg.senders.page);
    expect(held.value).toMatchObject({ status: 'held', vin: QX56 });
    const again = await bg.deliver(
      'purchaseReport',
      { provider: 'providerB', vin: QX56, buyAgain: true },
      bg.senders.page,
    );
    expect(again.value).toMatchObject({ status: 'bought', message: 'Bought. One credit was spent.' });
    expect(again.value.chargedTimes).toBeUndefined();
    expect(charges(bg.sim)).toBe(1);
  });

  it('runs one purchase per (provider, VIN) at a time: a second click is refused, not queued', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({ kind: 'latency', latencyMs: 80, endpoint: 'buy' });
    const [first, second] = await Promise.all([
      bg.deliver('purchaseReport', { provider: 'providerB', vin: QX56 }, bg.senders.page),
      bg.deliver('purchaseReport', { provider: 'providerB', vin: QX56 }, bg.senders.page),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false });
    expect(second.error).toMatchObject({ kind: 'busy' });
    expect(charges(bg.sim)).toBe(1);
  });

  it('a window that read the report list before another window bought the report does not buy it again', async () => {
    const bg = await startBackground({ configured: true });
    // Window B's look at /user/reports is slow; window A buys meanwhile.
    bg.sim.faults.add({ kind: 'latency', latencyMs: 300, endpoint: 'reports', phase: 'after', times: 1 });
    const b = bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const a = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(a.value.status).toBe('bought');
    const late = await b;
    expect(late.value).toMatchObject({ status: 'held', id: a.value.id });
    expect(late.value.message).toMatch(/bought a moment ago/);
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(1);
  });

  it('refuses up front when no credits are left, sending no purchase', async () => {
    const bg = await startBackground();
    await bg.deliver(
      'saveSettings',
      { serviceUrl: 'http://127.0.0.1:8787/v1', apiKey: 'empty-api-key' },
      bg.senders.page,
    );
    const refused = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'exhausted' } });
    expect(refused.error.message).toMatch(/no credits left, so nothing was bought/);
    expect(buys(bg.sim)).toBe(0);
  });

  it("refuses up front when today's allowance for that provider is used up", async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.state.users[0]!.leftToday.providerB = 0;
    const refused = await bg.deliver('purchaseReport', { provider: 'providerB', vin: QX56 }, bg.senders.page);
    expect(refused.error.message).toMatch(/providerB allowance is used up/);
    expect(buys(bg.sim)).toBe(0);
  });

  it.each([
    [402, 'exhausted'],
    [429, 'rate-limited'],
    [400, 'bad-request'],
  ])('a %i from the service is not retried and charges nothing', async (status, kind) => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({
      kind: 'status',
      status,
      endpoint: 'buy',
      body: { error: 'Refused', message: 'refused', retry_after: 1 },
    });
    const answer = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(answer).toMatchObject({ ok: false, error: { kind } });
    expect(answer.error.message).toMatch(/No credit was spent/);
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(0);
  });

  it('a 500 before charging: sent once, never "no credit was spent", unresolved after the checks, then only by override', async () => {
    const bg = await startBackground({ configured: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    bg.sim.faults.add({ kind: 'status', status: 500, endpoint: 'buy', times: 1 });
    const answer = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(answer.error).toMatchObject({ kind: 'unknown-outcome' });
    expect(answer.error.message).toMatch(/could not confirm whether this purchase went through; checking/);
    expect(answer.error.message).not.toMatch(/no credit was spent/i);
    // Clicked again meanwhile: refused without a request.
    const again = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(again.error.kind).toBe('unknown-outcome');
    expect(buys(bg.sim)).toBe(1);
    // The alarms check /user/reports and /user/limits for 5 minutes; no report appears.
    await advanceClock(310_000, 10_000);
    const status = await bg.deliver(
      'getPurchaseStatus',
      { provider: 'providerA', vin: QX56 },
      bg.senders.page,
    );
    expect(status.value).toMatchObject({ state: 'unresolved' });
    expect(status.value.message).toMatch(
      /No report appeared within 5 minutes of the purchase. Your credits went from 25 to 25/,
    );
    expect(status.value.message).not.toMatch(/no credit was spent/i);
    // A window polling every 2 s only reads: nothing goes to the service (a dealer's list is 1.5 MB).
    const requests = bg.sim.log.length;
    for (let poll = 0; poll < 15; poll++) {
      await bg.deliver('getPurchaseStatus', { provider: 'providerA', vin: QX56 }, bg.senders.page);
      await advanceClock(2_000, 2_000);
    }
    expect(bg.sim.log.length).toBe(requests);
    const blocked = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(blocked.error.kind).toBe('unknown-outcome');
    expect(buys(bg.sim)).toBe(1);
    // Only the explicit override buys again.
    const overridden = await bg.deliver(
      'purchaseReport',
      { provider: 'providerA', vin: QX56, overrideUnresolved: true },
      bg.senders.page,
    );
    expect(overridden.value.status).toBe('bought');
    expect(buys(bg.sim)).toBe(2);
    expect(charges(bg.sim)).toBe(1);
  });

  it('a report the service lists after the checks ended settles the purchase as held, by the reconciler alone, with no window open', async () => {
    const bg = await buyUntilUnresolved();
    const status = () => statusOf(bg);
    expect((await status()).value.state).toBe('unresolved');
    // The service did charge, and lists the report only now.
    const user = bg.sim.state.users.find((u) => u.apiKey === 'demo-api-key');
    if (!user) throw new Error('no demo user');
    const report = addReport(bg.sim.state, user, 'providerA', QX56, new Date());
    // Polls read; they settle nothing.
    for (let poll = 0; poll < 5; poll++) {
      expect((await status()).value.state).toBe('unresolved');
      await advanceClock(2_000, 2_000);
    }
    // The reconciler's late look (10 minutes after it became unresolved) finds it.
    await advanceClock(10 * 60_000, 30_000);
    expect((await status()).value).toMatchObject({ state: 'held', reportId: report.id });
    const opened = await bg.deliver('openReport', { provider: 'providerA', id: report.id }, bg.senders.page);
    expect(opened.value).toMatchObject({ vin: QX56, fromLibrary: true });
    expect(buys(bg.sim)).toBe(1);
  });

  it('unresolved with no report: looked for four more times (10 minutes, an hour, 6 hours, a day), then no more', async () => {
    const bg = await buyUntilUnresolved();
    // The account's own refresh reads the list every 6 hours too (account-freshness.ts): this test
    // counts the reconciler's looks alone.
    await fakeBrowser.alarms.clear('account-refresh');
    const reads = () => bg.sim.log.filter((e) => e.endpoint === 'reports').length;
    const before = reads();
    await advanceClock(26 * 60 * 60_000, 10 * 60_000);
    expect(reads() - before).toBe(4);
    await advanceClock(7 * 24 * 60 * 60_000, 60 * 60_000);
    expect(reads() - before).toBe(4);
    expect(await reconcilerAlarms()).toEqual([]);
  });

  it.each([
    ['a dropped connection', { kind: 'drop' as const }],
    ['a 500', { kind: 'status' as const, status: 500 }],
    ['an answer that is not JSON', { kind: 'malformed-json' as const }],
  ])('charged, then %s: sent once, the report found through /user/reports and kept', async (_, fault) => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({ ...fault, endpoint: 'buy', phase: 'after' });
    const answer = await bg.deliver('purchaseReport', { provider: 'providerB', vin: QX56 }, bg.senders.page);
    expect(answer.value).toMatchObject({ status: 'recovered', vin: QX56 });
    expect(answer.value.message).toMatch(/One credit was spent/);
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(1);
    const opened = await bg.deliver(
      'openReport',
      { provider: 'providerB', id: answer.value.id },
      bg.senders.page,
    );
    expect(opened.value.fromLibrary).toBe(true);
  });

  it('a purchase answered with a redirect (after the charge) is found, never "nothing was bought", never followed', async () => {
    const bg = await startBackground({ configured: true });
    // The service charged, then a proxy in front of it answered 302 to another host.
    bg.sim.faults.add({
      kind: 'status',
      status: 302,
      endpoint: 'buy',
      phase: 'after',
      headers: { location: 'https://elsewhere.example/v1/collect' },
      times: 1,
    });
    const answer = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(answer).toMatchObject({ ok: true, value: { status: 'recovered' } });
    expect(answer.value.message).toMatch(/One credit was spent/);
    expect(charges(bg.sim)).toBe(1);
    expect(buys(bg.sim)).toBe(1);
  });

  it('charged, then the answer never arrives (timeout): sent once and reconciled', async () => {
    const bg = await startBackground({ configured: true });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const response = await bg.sim.fetch(input, init);
      if (!String(input).includes('/html')) return response;
      // Charged and answered, but the answer is lost on the way: only the client's timeout ends the wait.
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pending = bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    await advanceClock(30_000);
    const answer = await pending;
    expect(answer.value).toMatchObject({ status: 'recovered', vin: QX56 });
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(1);
  });

  it('the service charges after we stopped waiting: never "no credit spent", no second purchase, the report arrives', async () => {
    // The service takes 100 s and then charges; the client gives up after 25 s.
    const { bg, answer } = await buyChargedLate(100_000, 30_000);
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatchObject({ kind: 'unknown-outcome' });
    expect(answer.error.message).not.toMatch(/no credit was spent/i);
    // The user clicks Buy again 20 s later: refused without a request.
    await advanceClock(20_000);
    const second = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(second.error.message).toMatch(/could not confirm whether this purchase went through/);
    expect(buys(bg.sim)).toBe(1);
    // The service finishes (charged), and an alarm settles the purchase: held, its report kept.
    await advanceClock(90_000, 5_000);
    const status = await bg.deliver(
      'getPurchaseStatus',
      { provider: 'providerA', vin: QX56 },
      bg.senders.page,
    );
    expect(status.value).toMatchObject({ state: 'held' });
    expect(charges(bg.sim)).toBe(1);
    expect(buys(bg.sim)).toBe(1);
    const opened = await bg.deliver(
      'openReport',
      { provider: 'providerA', id: status.value.reportId },
      bg.senders.page,
    );
    expect(opened.value.fromLibrary).toBe(true);
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1);
  });

  it('a lost answer that cannot be checked yet says a credit may be spent, and settles on the next start', async () => {
    const bg = await startBackground({ configured: true });
    const answer = await buyWithAnswerLostAndReportsDown(bg);
    expect(answer.error.message).toMatch(/could not confirm whether this purchase went through/);
    // The worker starts again: the purchase is settled without buying anything.
    await expectHeldAfterRestart(bg);
  });

  it('a clock that ran a day ahead and was set back does not leave a lost purchase "checking…" for a day', async () => {
    const bg = await buyLostWithClockADayAheadThenCorrected();
    // The worker starts again: the next check is not a day away.
    await expectHeldAfterRestart(bg);
  });

  it("a clock set back a day with the worker running: a window that asks pulls the reconciler's alarm in, and the purchase settles", async () => {
    const bg = await buyLostWithClockADayAheadThenCorrected();
    // The alarm set before the correction lies a day ahead; the window's poll sets it again (and
    // only reads: the state is still what it was).
    const [alarm] = await reconcilerAlarms();
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 60 * 60_000);
    const status = () => statusOf(bg);
    expect((await status()).value.state).toBe('unknown');
    const [pulled] = await reconcilerAlarms();
    expect(pulled?.scheduledTime).toBeLessThan(Date.now() + 60_000);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await fireDueAlarms()).toBe(1);
    await vi.waitFor(async () => expect((await status()).value.state).toBe('held'));
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(1);
  });

  it('a clock moved forward a day while the service is slow to charge: never bought again, and the report it lists minutes later is found by the late look', async () => {
    // The service charges and lists the report 200 s after the request (we stop waiting at 25 s).
    const { bg, answer } = await buyChargedLate(200_000, 60_000);
    expect(answer.error.kind).toBe('unknown-outcome');
    // The clock jumps a day ahead: every check of the 5-minute schedule lies in the past, and the
    // schedule runs out before the service has charged (wall-clock deadlines cannot tell a jump
    // from time passing).
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
    await advanceClock(60_000, 5_000);
    const status = () => statusOf(bg);
    expect((await status()).value.state).toBe('unresolved');
    const again = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(again.error.kind).toBe('unknown-outcome');
    // The service charged at 200 s; the reconciler's late look, 10 minutes on, finds the report.
    await advanceClock(11 * 60_000, 30_000);
    expect((await status()).value.state).toBe('held');
    expect(buys(bg.sim)).toBe(1);
    expect(charges(bg.sim)).toBe(1);
  });

  it('one damaged intent in the store erases nothing: open ones still block, damaged ones stay and block their report', async () => {
    let bg = await startBackground({ configured: true });
    const RAM = '1C6RD6FT1CS310366';
    // A lost purchase of the QX56 (answer dropped after the charge; reports down): an open intent.
    await buyWithAnswerLostAndReportsDown(bg);
    const db = await openDB(STORE_DB_NAME);
    const stored = (await db.get('values', 'purchaseIntents')) as unknown[];
    // Beside it: an intent an earlier version wrote with a cause no schema takes (a Retry-After of
    // 1e306 became Infinity, stored as null), and junk.
    const damaged = {
      id: 'old-1',
      provider: 'providerB',
      vin: RAM,
      state: 'unknown',
      createdAt: Date.now(),
      heldBefore: [],
      checks: 0,
      cause: { kind: 'rate-limited', message: 'x', retryAfterMs: null },
    };
    await db.put('values', [...stored, damaged, 'junk'], 'purchaseIntents');
    db.close();
    // The worker starts again (the lost purchase's helper took the network away from this one).
    bg = await startBackground({ keepStorage: true, sim: bg.sim });
    const before = charges(bg.sim);
    // The open QX56 intent is still read (read as an empty list, it would be bought again): it is
    // settled from /user/reports, and no second request for it is sent.
    const again = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(again.ok && again.value.status).not.toBe('bought');
    expect(buys(bg.sim)).toBe(1);
    // The damaged one still names its report: no purchase of it without the explicit override.
    const blocked = await bg.deliver('purchaseReport', { provider: 'providerB', vin: RAM }, bg.senders.page);
    expect(blocked.error.kind).toBe('unknown-outcome');
    expect(charges(bg.sim)).toBe(before);
    // Another purchase writes the list: the damaged elements are still there, as they were.
    const other = await bg.deliver('purchaseReport', { provider: 'providerA', vin: RAM }, bg.senders.page);
    expect(other.ok).toBe(true);
    const after = (await (await openDB(STORE_DB_NAME)).get('values', 'purchaseIntents')) as unknown[];
    expect(after).toContainEqual(damaged);
    expect(after).toContain('junk');
    // Bought past it only when the user says so.
    const forced = await bg.deliver(
      'purchaseReport',
      { provider: 'providerB', vin: RAM, overrideUnresolved: true },
      bg.senders.page,
    );
    expect(forced.ok).toBe(true);
    expect(charges(bg.sim)).toBe(before + 2);
  });

  it.each([
    ['refused (Firefox set to never remember history)', 'InvalidStateError'],
    ['over its quota', 'QuotaExceededError'],
  ])(
    'the report library %s after the charge: "bought", counted, listed and opened from the service',
    async (_, name) => {
      const bg = await startBackground({ configured: true });
      // The offline library (its own IndexedDB database) cannot be opened or written; the store can.
      const factory = globalThis.indexedDB;
      const realOpen = factory.open.bind(factory);
      vi.spyOn(factory, 'open').mockImplementation((db: string, version?: number) => {
        if (db === 'vin-history-library') throw new DOMException('refused by the browser', name);
        return realOpen(db, version);
      });
      const bought = await bg.deliver(
        'purchaseReport',
        { provider: 'providerA', vin: QX56 },
        bg.senders.page,
      );
      expect(bought.ok).toBe(true);
      expect(bought.value.status).toBe('bought');
      expect(bought.value.message).toBe(
        'Bought. One credit was spent. The browser refused to store it for reading offline, so it opens from the service instead.',
      );
      expect(charges(bg.sim)).toBe(1);
      // Counted like any purchase, listed, and it opens (from the service, by its id: free).
      expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1);
      const list = await bg.deliver('listReports', { fresh: true }, bg.senders.page);
      expect(list.value.reports.some((r: { id: string }) => r.id === bought.value.id)).toBe(true);
      expect(list.value.offline).toEqual([]);
      const opened = await bg.deliver(
        'openReport',
        { provider: 'providerA', id: bought.value.id },
        bg.senders.page,
      );
      expect(opened.ok).toBe(true);
      expect(opened.value).toMatchObject({ vin: QX56, fromLibrary: false });
      expect(charges(bg.sim)).toBe(1);
    },
  );

  it("a dealer's purchase reads the report list once: limits, reports, buy, limits from Buy to the report", async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page); // the window opened
    const from = bg.sim.log.length;
    const bought = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(bought.value.status).toBe('bought');
    expect(bg.sim.log.slice(from).map((e) => e.endpoint)).toEqual(['limits', 'reports', 'buy', 'limits']);
    // The report page after it reads the account as the purchase left it: the new report, the balance.
    const account = await bg.deliver('getAccount', undefined, bg.senders.page);
    expect(account.value.limits.credits).toBe(24);
    expect(account.value.reports[0]).toMatchObject({ provider: 'providerA', id: bought.value.id, vin: QX56 });
    expect(bg.sim.log.slice(from)).toHaveLength(4);
  });

  it('more than one credit gone during a purchase: the report list is read once more, and a second charge is said', async () => {
    const bg = await startBackground({ configured: true });
    const user = bg.sim.state.users[0] as { credits: number };
    const fetchOf = bg.sim.fetch;
    // The service charges this purchase twice (a request its network stack took as two): a second
    // new report of the same VIN and a second credit gone.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fetchOf(input, init);
      if (/\/providerA\/vin\//.test(String(input))) await fetchOf(input, init);
      return answer;
    });
    const from = bg.sim.log.length;
    const bought = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    vi.unstubAllGlobals();
    expect(bought.value.chargedTimes).toBe(2);
    expect(bought.value.message).toMatch(/charged 2 times/);
    expect(user.credits).toBe(23);
    expect(bg.sim.log.slice(from).filter((e) => e.endpoint === 'reports')).toHaveLength(2);
  });

  it('is refused to content scripts, whatever they send', async () => {
    const bg = await startBackground({ configured: true });
    const answer = await bg.deliver(
      'purchaseReport',
      { provider: 'providerA', vin: QX56 },
      bg.senders.contentScript,
    );
    expect(answer.ok).toBe(false);
    expect(bg.sim.log).toHaveLength(0);
  });

  it('exports the report list as CSV', async () => {
    const bg = await startBackground({ configured: true });
    const csv = await bg.exportCsv(bg.senders.page);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"provider","report_id","vin","year_make_model","bought_at","note","owners","accidents","worst_accident","title_brands","last_odometer_mi","last_odometer_date","odometer_problem","use","open_recalls","provider_score","service_records","vehicle_owners","vehicle_accidents","vehicle_worst_accident","vehicle_title_brands","vehicle_last_odometer_mi","vehicle_last_odometer_date","vehicle_odometer_problem","vehicle_use","vehicle_open_recalls","vehicle_service_records","vehicle_reports_differ_on"',
    );
    expect(lines).toHaveLength(7);
    // No report of the demo account is kept offline here: its key facts are not read, their cells empty.
    expect(lines[1]).toBe(
      `"providerB","2","WBSPM9C52BE209978","2011 BMW M3","2026-11-15T08:01:30.000Z",""${',""'.repeat(22)}`,
    );
  });
});
