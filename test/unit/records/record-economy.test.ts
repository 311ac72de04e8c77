// @vitest-environment node
// The record-check economy, through the real background listener and the simulator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { createSimulator } from '@/simulator/app';
import { startBackground } from '../support/background-harness';

const CRUZE = '1G1PG5SC3C7167133';
const RAM = '1C6RD6FT1CS310366';
const checks = (sim: ReturnType<typeof createSimulator>) =>
  sim.log.filter((e) => e.endpoint === 'records').length;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('record checks', () => {
  let bg: Awaited<ReturnType<typeof startBackground>>;
  beforeEach(async () => {
    bg = await startBackground({ configured: true });
  });

  it('answers a second tab from the cache without a second check', async () => {
    const first = await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.contentScript);
    const other = { ...bg.senders.contentScript, tab: { id: 8 } };
    const second = await bg.deliver('getRecordCounts', { vin: RAM }, other);
    expect(first.value.records).toEqual({ providerA: 33, providerB: 37 });
    expect(second).toEqual(first);
    expect(checks(bg.sim)).toBe(1);
  });

  it('shares one call between simultaneous requests for a VIN', async () => {
    bg.sim.faults.add({ kind: 'latency', latencyMs: 50 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        bg.deliver('getRecordCounts', { vin: CRUZE }, { ...bg.senders.contentScript, tab: { id: i + 1 } }),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(checks(bg.sim)).toBe(1);
  });

  it('keeps the cache across a restarted service worker', async () => {
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page);
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    const again = await restarted.deliver('getRecordCounts', { vin: RAM }, restarted.senders.page);
    expect(again.ok).toBe(true);
    expect(checks(bg.sim)).toBe(1);
  });

  it('checks again once the cache period is over', async () => {
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page);
    const later = Date.now() + 25 * 60 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page);
    expect(checks(bg.sim)).toBe(2);
  });

  it('caches "no records" too, also when the service answers 404', async () => {
    bg.sim.faults.add({
      kind: 'status',
      status: 404,
      endpoint: 'records',
      times: 1,
      body: { error: 'Not Found', message: 'No records' },
    });
    const none = await bg.deliver('getRecordCounts', { vin: '1B4HS28N51F542134' }, bg.senders.page);
    expect(none.value.records).toEqual({ providerA: 0, providerB: 0 });
    await bg.deliver('getRecordCounts', { vin: '1B4HS28N51F542134' }, bg.senders.page);
    expect(checks(bg.sim)).toBe(1);
  });

  it('refuses a malformed VIN without any request', async () => {
    const answer = await bg.deliver('getRecordCounts', { vin: '1G1PG5SC3C716713' }, bg.senders.contentScript);
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: 'A VIN has 17 characters; this one has 16.' },
    });
    expect(bg.sim.log).toHaveLength(0);
  });

  it('keeps a ledger of checks and reports over 30 days', async () => {
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page);
    await bg.deliver('getRecordCounts', { vin: CRUZE }, bg.senders.page);
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page); // cached: not a check
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value).toEqual({
      checks: 2,
      reports: 0,
      checksPerReport: 2,
      warnRatio: 5,
    });
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.checks).toBe(0);
  });
});

describe('check all VINs on a page', () => {
  const tabWith = async (bg: Awaited<ReturnType<typeof startBackground>>, vins: string[]) => {
    await bg.deliver(
      'reportPageVins',
      { candidates: vins.map((vin) => ({ vin, labelled: true })), reset: true },
      bg.senders.contentScript,
    );
  };
  const PAGE = [
    '1FMDU34X7PUD75574',
    CRUZE,
    RAM,
    'JH4DC4340RS003205',
    '5N3ZA0NE1AN908084',
    'WP0CB29874U669313',
    'WBSPM9C52BE209978',
  ];

  it('says what it will spend before spending, and what the ratio becomes', async () => {
    const bg = await startBackground({ configured: true });
    await tabWith(bg, PAGE);
    await bg.deliver('getRecordCounts', { vin: RAM }, bg.senders.page);
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    expect(plan.value).toMatchObject({
      cached: [RAM],
      ratioNow: 1,
      ratioAfter: 7,
      warn: true,
      needsOverride: false,
    });
    expect(plan.value.toCheck).toHaveLength(6);
    expect(checks(bg.sim)).toBe(1);
    const done = await bg.deliver('checkAll', { planId: plan.value.id, override: false }, bg.senders.page);
    expect(Object.keys(done.value.results)).toHaveLength(7);
    expect(checks(bg.sim)).toBe(7);
  });

  it('runs exactly the plan the user saw: VINs the page adds afterwards are not checked', async () => {
    const bg = await startBackground({ configured: true });
    await tabWith(bg, PAGE.slice(0, 2));
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    expect(plan.value.toCheck).toHaveLength(2);
    // The page grows before the user clicks.
    await tabWith(bg, PAGE);
    const done = await bg.deliver('checkAll', { planId: plan.value.id, override: false }, bg.senders.page);
    expect(Object.keys(done.value.results).sort()).toEqual(PAGE.slice(0, 2).sort());
    expect(checks(bg.sim)).toBe(2);
    // A plan runs once.
    const again = await bg.deliver('checkAll', { planId: plan.value.id, override: false }, bg.senders.page);
    expect(again.error.message).toMatch(/plan has expired/);
    expect(checks(bg.sim)).toBe(2);
  });

  it('an overridden plan of 3 runs 3 checks even after the page grows to 7', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { hardLimit: 2 }, bg.senders.page);
    await tabWith(bg, PAGE.slice(0, 3));
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    expect(plan.value).toMatchObject({ needsOverride: true });
    await tabWith(bg, PAGE);
    const done = await bg.deliver('checkAll', { planId: plan.value.id, override: true }, bg.senders.page);
    expect(Object.keys(done.value.results)).toHaveLength(3);
    expect(checks(bg.sim)).toBe(3);
  });

  it('needs an explicit override above the hard limit', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { hardLimit: 3 }, bg.senders.page);
    await tabWith(bg, PAGE);
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    const refused = await bg.deliver('checkAll', { planId: plan.value.id, override: false }, bg.senders.page);
    expect(refused.error).toMatchObject({ kind: 'needs-override' });
    expect(refused.error.message).toMatch(/7 record checks, above your limit/);
    expect(checks(bg.sim)).toBe(0);
    const forced = await bg.deliver('checkAll', { planId: plan.value.id, override: true }, bg.senders.page);
    expect(forced.ok).toBe(true);
    expect(checks(bg.sim)).toBe(7);
  });

  it.each([
    ['with retry_after', { retry_after: 60 }],
    ['worded "Rate limit exceeded", no retry_after', { error: 'Rate limit exceeded' }],
    ['worded as a daily limit', { error: 'Too Many Requests', message: 'Daily request limit reached' }],
    ['with no body', undefined],
  ])('stops asking once the service answers 429 (%s)', async (_, body) => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'records',
      body,
      headers: { 'retry-after': '60' },
    });
    await tabWith(bg, PAGE);
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    const done = await bg.deliver('checkAll', { planId: plan.value.id, override: false }, bg.senders.page);
    const failed = Object.values(done.value.results) as Array<{ ok: boolean }>;
    expect(failed.every((r) => !r.ok)).toBe(true);
    // Two workers each met the 429 once: 2 requests, not 7.
    expect(checks(bg.sim)).toBe(2);
  });

  it('cannot be started by a content script', async () => {
    const bg = await startBackground({ configured: true });
    await tabWith(bg, PAGE);
    const plan = await bg.deliver('planCheckAll', { tabId: 7 }, bg.senders.page);
    expect(
      (await bg.deliver('checkAll', { planId: plan.value.id, override: true }, bg.senders.contentScript)).ok,
    ).toBe(false);
    expect(checks(bg.sim)).toBe(0);
  });
});

describe('automatic checks', () => {
  it('never check without a click under default settings', async () => {
    const bg = await startBackground({ configured: true });
    const answer = await bg.deliver(
      'reportPageVins',
      { candidates: [{ vin: RAM, labelled: true }], reset: true },
      bg.senders.contentScript,
    );
    expect(answer.value.known).toEqual({});
    expect(bg.sim.log).toHaveLength(0);
  });

  it("check a detail page's single VIN when the user opted in", async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { autoCheckDetailPages: true }, bg.senders.page);
    const answer = await bg.deliver(
      'reportPageVins',
      { candidates: [{ vin: RAM, labelled: true }], reset: true },
      bg.senders.contentScript,
    );
    expect(answer.value.known[RAM].records.providerA).toBe(33);
    const listing = await bg.deliver(
      'reportPageVins',
      { candidates: PAGE_TWO.map((vin) => ({ vin, labelled: true })), reset: true },
      { ...bg.senders.contentScript, tab: { id: 9 } },
    );
    expect(listing.value.known).toEqual({});
    expect(checks(bg.sim)).toBe(1);
  });
});

const PAGE_TWO = [CRUZE, 'JH4DC4340RS003205'];
