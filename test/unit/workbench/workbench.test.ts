// @vitest-environment node
// The workbench's batches in the real background (fakeBrowser, the simulator as the network): what
// a purchase plan says before anything is spent, one request at a time and at least a second apart,
// a 429 that pauses the batch for its retry_after, and a worker that stops mid-purchase: the batch
// waits for Resume and nothing is bought twice.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createSimulator } from '@/simulator/app';
import { advanceClock, startBackground } from '../support/background-harness';

const VINS = ['5N3ZA0NE1AN908084', '1C6RD6FT1CS310366', 'KNAE55LC7J6018811', 'WAULFAFR6DA001366'];
const CRUZE = '1G1PG5SC3C7167133'; // the demo user holds providerA and providerB reports for it
type Sim = ReturnType<typeof createSimulator>;
const charged = (sim: Sim) => sim.log.filter((e) => e.charged).map((e) => e.vin);
const sent = (sim: Sim, endpoint: string) => sim.log.filter((e) => e.endpoint === endpoint);

afterEach(() => {
  vi.unstubAllGlobals();
});

type Bg = Awaited<ReturnType<typeof startBackground>>;
async function batchWhen(bg: Bg, done: (state: string) => boolean, timeout = 15_000) {
  let batch: { state: string; rows: Array<{ vin: string; state: string; message?: string }> } | undefined;
  await vi.waitFor(
    async () => {
      batch = (await bg.deliver('getWorkbench', undefined, bg.senders.page)).value.batch;
      expect(batch && done(batch.state)).toBe(true);
    },
    { timeout, interval: 100 },
  );
  return batch as NonNullable<typeof batch>;
}
const ended = (state: string) => ['done', 'stopped', 'cancelled'].includes(state);

async function buy(bg: Bg, items: Array<{ vin: string; provider: 'providerA' | 'providerB' }>) {
  const plan = await bg.deliver('planWorkbenchPurchase', { items }, bg.senders.page);
  expect(plan.ok).toBe(true);
  return {
    plan: plan.value,
    start: () => bg.deliver('startWorkbenchPurchase', { planId: plan.value.id }, bg.senders.page),
  };
}

describe('workbench tables in two tabs', () => {
  it("one tab's change does not overwrite the other's: each adds and removes only its own VINs", async () => {
    const bg = await startBackground({ configured: true });
    const set = (vins: string[], base?: string[]) =>
      bg.deliver('setWorkbenchVins', { vins, ...(base ? { base } : {}) }, bg.senders.page);
    await set([VINS[0] as string]);
    const base = [VINS[0] as string];
    // Both tabs show [A]; one adds B, the other C a moment later (it has not seen B).
    await set([...base, VINS[1] as string], base);
    await set([...base, VINS[2] as string], base);
    const table = async () => (await bg.deliver('getWorkbench', undefined, bg.senders.page)).value.vins;
    expect(await table()).toEqual([VINS[0], VINS[1], VINS[2]]);
    // The second tab removes A (from what it had seen): B, which it never saw, stays.
    await set([VINS[2] as string], [...base, VINS[2] as string]);
    expect(await table()).toEqual([VINS[1], VINS[2]]);
  });
});

describe('workbench batches', () => {
  it('buys one report at a time, at least a second apart, never the one held', async () => {
    const bg = await startBackground({ configured: true });
    const { plan, start } = await buy(bg, [
      { vin: VINS[0] as string, provider: 'providerA' },
      { vin: CRUZE, provider: 'providerA' },
      { vin: VINS[1] as string, provider: 'providerA' },
    ]);
    expect(plan.rows.map((r: { fate: string }) => r.fate)).toEqual(['buy', 'held', 'buy']);
    expect((await start()).ok).toBe(true);
    // A plan runs once.
    expect((await start()).error.kind).toBe('busy');
    const batch = await batchWhen(bg, ended);
    expect(batch.state).toBe('done');
    expect(charged(bg.sim)).toEqual([VINS[0], VINS[1]]);
    const times = sent(bg.sim, 'buy').map((e) => Date.parse(e.at));
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(1_000);
    expect(sent(bg.sim, 'buy').some((e) => e.vin === CRUZE)).toBe(false);
  }, 15_000);

  it("a dealer's purchase batch reads the report list once at its start, and still buys nothing held or bought twice", async () => {
    const bg = await startBackground({ configured: true });
    const items = [
      ...VINS.map((vin) => ({ vin, provider: 'providerA' as const })),
      { vin: CRUZE, provider: 'providerA' as const }, // held
      { vin: VINS[0] as string, provider: 'providerB' as const },
    ];
    const from = bg.sim.log.length;
    const { start } = await buy(bg, items);
    await start();
    const batch = await batchWhen(bg, ended);
    expect(batch.state).toBe('done');
    // Five bought, one held, in under a minute: one read of the list, the plan's (it was 6 more,
    // one per purchase).
    expect(charged(bg.sim)).toEqual([...VINS, VINS[0]]);
    expect(sent(bg.sim, 'reports').filter((e) => bg.sim.log.indexOf(e) >= from)).toHaveLength(1);
  }, 15_000);

  it('a record check answered 429 pauses the batch for its retry_after, then carries on', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'records',
      path: VINS[1],
      headers: { 'retry-after': '2' },
      times: 1,
    });
    const plan = await bg.deliver('planWorkbenchChecks', { vins: VINS.slice(0, 3) }, bg.senders.page);
    await bg.deliver('startWorkbenchChecks', { planId: plan.value.id, override: false }, bg.senders.page);
    const paused = await batchWhen(bg, (s) => s === 'paused');
    expect(paused.rows.map((r) => r.state)).toEqual(['done', 'queued', 'queued']);
    const batch = await batchWhen(bg, ended);
    expect(batch.state).toBe('done');
    const checks = sent(bg.sim, 'records');
    expect(checks.map((e) => e.vin)).toEqual([VINS[0], VINS[1], VINS[1], VINS[2]]);
    // The retry waited for the 2 s asked.
    expect(Date.parse(checks[2]?.at as string) - Date.parse(checks[1]?.at as string)).toBeGreaterThanOrEqual(
      1_900,
    );
  });

  it('a 429 whose Retry-After is negative waits 30 s, not 0; the third 429 in a row stops the batch', async () => {
    const bg = await startBackground({ configured: true });
    // "-1" was read as a date in 2001: no wait, and the batch sent the check again every second.
    bg.sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'records',
      path: VINS[1],
      headers: { 'retry-after': '-1' },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const plan = await bg.deliver('planWorkbenchChecks', { vins: VINS.slice(0, 3) }, bg.senders.page);
      await bg.deliver('startWorkbenchChecks', { planId: plan.value.id, override: false }, bg.senders.page);
      await advanceClock(3 * 60_000, 1_000);
      const batch = (await bg.deliver('getWorkbench', undefined, bg.senders.page)).value.batch;
      expect(batch.state).toBe('stopped');
      expect(batch.message).toMatch(/429\) 3 times in a row/);
      expect(batch.rows.map((r: { state: string }) => r.state)).toEqual(['done', 'skipped', 'skipped']);
      const checks = sent(bg.sim, 'records').filter((e) => e.vin === VINS[1]);
      expect(checks).toHaveLength(3);
      const at = checks.map((e) => Date.parse(e.at));
      expect((at[1] as number) - (at[0] as number)).toBeGreaterThanOrEqual(30_000);
      expect((at[2] as number) - (at[1] as number)).toBeGreaterThanOrEqual(30_000);
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('a record check answered 429 worded as a spent allowance stops the batch: no check is sent into it', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'records',
      path: VINS[1],
      body: { error: 'Too Many Requests', message: 'Daily request limit reached' },
    });
    const plan = await bg.deliver('planWorkbenchChecks', { vins: VINS.slice(0, 4) }, bg.senders.page);
    await bg.deliver('startWorkbenchChecks', { planId: plan.value.id, override: false }, bg.senders.page);
    const batch = await batchWhen(bg, ended);
    expect(batch.state).toBe('stopped');
    expect(batch.rows.map((r) => r.state)).toEqual(['done', 'failed', 'skipped', 'skipped']);
    expect(sent(bg.sim, 'records').map((e) => e.vin)).toEqual([VINS[0], VINS[1]]);
  });

  it('checks above the hard limit only with the explicit override', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { hardLimit: 2 }, bg.senders.page);
    const plan = await bg.deliver('planWorkbenchChecks', { vins: VINS.slice(0, 3) }, bg.senders.page);
    expect(plan.value.needsOverride).toBe(true);
    const refused = await bg.deliver(
      'startWorkbenchChecks',
      { planId: plan.value.id, override: false },
      bg.senders.page,
    );
    expect(refused.error.kind).toBe('needs-override');
    expect(sent(bg.sim, 'records')).toHaveLength(0);
    await bg.deliver('startWorkbenchChecks', { planId: plan.value.id, override: true }, bg.senders.page);
    await batchWhen(bg, ended);
    expect(sent(bg.sim, 'records')).toHaveLength(3);
  });

  it('a worker stopped mid-purchase: the batch waits for Resume, the purchase is settled from its intent, nothing is bought twice', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({ kind: 'latency', latencyMs: 300, endpoint: 'buy', times: 1 });
    const { start } = await buy(
      bg,
      VINS.slice(0, 3).map((vin) => ({ vin, provider: 'providerA' as const })),
    );
    await start();
    await vi.waitFor(() => expect(sent(bg.sim, 'buy')).toHaveLength(1));
    // The worker stops while the service is still answering: the service charges, the answer never
    // reaches the stopped worker (the harness drops it).
    await vi.waitFor(() => expect(charged(bg.sim)).toHaveLength(1));
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    const interrupted = await batchWhen(restarted, (s) => s === 'interrupted');
    expect(interrupted.rows[1]?.state).toBe('queued');
    await vi.waitFor(
      async () => {
        const batch = (await restarted.deliver('getWorkbench', undefined, bg.senders.page)).value.batch;
        expect(batch.rows[0].state).toBe('done');
      },
      { timeout: 15_000, interval: 200 },
    );
    // Nothing more is sent while it waits.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sent(bg.sim, 'buy')).toHaveLength(1);
    await restarted.deliver('resumeWorkbenchBatch', undefined, bg.senders.page);
    const batch = await batchWhen(restarted, ended);
    expect(batch.state).toBe('done');
    expect(charged(bg.sim)).toEqual(VINS.slice(0, 3));
  }, 30_000);

  it('Cancel: nothing after the row under way runs', async () => {
    const bg = await startBackground({ configured: true });
    const plan = await bg.deliver('planWorkbenchChecks', { vins: VINS }, bg.senders.page);
    await bg.deliver('startWorkbenchChecks', { planId: plan.value.id, override: false }, bg.senders.page);
    await vi.waitFor(() => expect(sent(bg.sim, 'records')).toHaveLength(1));
    const cancelled = await bg.deliver('cancelWorkbenchBatch', undefined, bg.senders.page);
    expect(cancelled.value.state).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(sent(bg.sim, 'records')).toHaveLength(1);
    expect(cancelled.value.rows.filter((r: { state: string }) => r.state === 'skipped')).toHaveLength(3);
  });

  it('two pages confirming at the same moment start one batch; the other is told a batch is under way', async () => {
    const bg = await startBackground({ configured: true });
    const [first, second] = await Promise.all([
      buy(bg, [{ vin: VINS[0] as string, provider: 'providerA' }]),
      buy(bg, [{ vin: VINS[1] as string, provider: 'providerA' }]),
    ]);
    const answers = await Promise.all([first.start(), second.start()]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)?.error.kind).toBe('busy');
    await batchWhen(bg, ended);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(charged(bg.sim)).toHaveLength(1);
  });

  it('is refused to content scripts', async () => {
    const bg = await startBackground({ configured: true });
    for (const [type, data] of [
      ['planWorkbenchPurchase', { items: [{ vin: VINS[0], provider: 'providerA' }] }],
      ['startWorkbenchPurchase', { planId: 'x' }],
      ['setWorkbenchVins', { vins: [VINS[0]] }],
      ['getWorkbench', undefined],
    ] as const) {
      const answer = await bg.deliver(type, data, bg.senders.contentScript);
      expect(answer.error.kind).toBe('forbidden');
    }
    expect(bg.sim.log).toHaveLength(0);
  });
});
