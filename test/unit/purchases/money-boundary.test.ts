// @vitest-environment node
// The money rules held at their boundary (issue 35), each finding of the second audit as a test that
// failed on the code before it: a store that refuses writes after the charge, a key changed while a
// purchase is under way, an account read that began before a purchase, a workbench row stalled by a
// clock set back, the ledger after the clock went forward, and the settings saved under a purchase.
import 'fake-indexeddb/auto';
import { IDBObjectStore as FDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { createSimulator } from '@/simulator/app';
import {
  advanceClock,
  fireDueAlarms,
  reconcilerAlarms,
  SIM_URL,
  startBackground,
} from '../support/background-harness';

const QX56 = '5N3ZA0NE1AN908084';
const RAM = '1C6RD6FT1CS310366'; // the dealer holds its providerA report; the demo user does not
type Sim = ReturnType<typeof createSimulator>;
type Bg = Awaited<ReturnType<typeof startBackground>>;
const chargesOf = (sim: Sim, userId: string) =>
  sim.log.filter((e) => e.charged && e.userId === userId).length;
const DEMO = 'u-1001';
const DEALER = 'u-1002';

const originalPut = FDBObjectStore.prototype.put;
afterEach(() => {
  FDBObjectStore.prototype.put = originalPut;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** From now on every IndexedDB write throws `error` (a full disk, Chrome's backing store failing). */
function refuseWrites(error: () => DOMException) {
  FDBObjectStore.prototype.put = function refused() {
    throw error();
  };
}
const acceptWrites = () => {
  FDBObjectStore.prototype.put = originalPut;
};

/** Runs `during` right after the service answers the first request whose URL has `marker`. */
function afterResponse(marker: string, during: () => void | Promise<void>) {
  const network = globalThis.fetch;
  let done = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await network(input, init);
    if (!done && String(input).includes(marker)) {
      done = true;
      await during();
    }
    return response;
  });
}

/** Runs `before` as the first request whose URL has `marker` is sent (before any answer). */
function onRequest(marker: string, before: () => void): () => void {
  const network = globalThis.fetch;
  let done = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!done && String(input).includes(marker)) {
      done = true;
      before();
    }
    return network(input, init);
  });
  // The worker's own network (the harness's route to the simulator) back, the worker going on.
  return () => vi.stubGlobal('fetch', network);
}

const buy = (bg: Bg, vin = QX56) =>
  bg.deliver('purchaseReport', { provider: 'providerA', vin }, bg.senders.page);
const statusOf = (bg: Bg, vin = QX56) =>
  bg.deliver('getPurchaseStatus', { provider: 'providerA', vin }, bg.senders.page);

describe('a store that refuses writes after the charge', () => {
  for (const [name, error] of [
    [
      'the disk is full (QuotaExceededError)',
      () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    ],
    [
      "Chrome's backing store failed (UnknownError)",
      () => new DOMException('Internal error opening backing store', 'UnknownError'),
    ],
  ] as const)
    it(`${name}: never "nothing was sent"; blocked, then settled once the store takes writes again`, async () => {
      const bg = await startBackground({ configured: true });
      // The intent says "sent" (written before the request); everything after the charge is refused.
      afterResponse('/html', () => refuseWrites(error));
      const answer = await buy(bg);
      expect(answer.ok).toBe(false);
      expect(answer.error.kind).toBe('unknown-outcome');
      expect(answer.error.message).toMatch(/A credit may have been spent/);
      expect(answer.error.message).not.toMatch(/Nothing was sent|No credit was spent/);
      expect(chargesOf(bg.sim, DEMO)).toBe(1);
      // Asked again with writes still refused: the report is in the account now, so it is offered as
      // held (free); either way nothing is bought twice.
      const again = await buy(bg);
      expect(again.ok ? again.value.status : again.error.kind).toMatch(/^(held|unknown-outcome)$/);
      expect(chargesOf(bg.sim, DEMO)).toBe(1);
      // The store takes writes again: the reconciler settles it and writes what follows a charge, once.
      acceptWrites();
      vi.unstubAllGlobals();
      const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
      await vi.waitFor(async () => expect((await statusOf(restarted)).value.state).toBe('held'), {
        timeout: 5_000,
      });
      expect((await restarted.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1);
      expect(chargesOf(bg.sim, DEMO)).toBe(1);
    });

  it('an answer lost after the charge, with the store refusing: unknown, never "no credit was spent"', async () => {
    const bg = await startBackground({ configured: true });
    bg.sim.faults.add({ kind: 'drop', endpoint: 'buy', phase: 'after' });
    afterResponse('/user/limits', () => undefined);
    // Refused from the moment the purchase request is on its way (after "sent" was written).
    const network = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/html')) refuseWrites(() => new DOMException('full', 'QuotaExceededError'));
      return network(input, init);
    });
    const answer = await buy(bg);
    expect(answer.error.kind).toBe('unknown-outcome');
    expect(answer.error.message).not.toMatch(/Nothing was sent|No credit was spent/);
    expect(chargesOf(bg.sim, DEMO)).toBe(1);
  });

  it('a held purchase whose ledger write was refused is counted once when the reconciler writes it again', async () => {
    const bg = await startBackground({ configured: true });
    // The report comes back; the write that marks it held lands, the ledger's is refused.
    let writes = 0;
    afterResponse('/html', () => {
      FDBObjectStore.prototype.put = function once(
        this: IDBObjectStore,
        ...args: Parameters<typeof originalPut>
      ) {
        writes++;
        if (writes === 2) throw new DOMException('full', 'QuotaExceededError');
        return originalPut.apply(this, args);
      };
    });
    const answer = await buy(bg);
    expect(answer.error?.kind ?? 'bought').toBe('unknown-outcome');
    acceptWrites();
    vi.unstubAllGlobals();
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    await vi.waitFor(async () => expect((await statusOf(restarted)).value.state).toBe('held'));
    await vi.waitFor(async () =>
      expect((await restarted.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1),
    );
    // Again, later: still one.
    const again = await startBackground({ keepStorage: true, sim: bg.sim });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await again.deliver('getLedger', undefined, bg.senders.page)).value.reports).toBe(1);
  });
});

describe('a purchase is bound to the account it was confirmed for', () => {
  it('the key changed while the report list was read: bought with the confirmed key, the other account not charged', async () => {
    const bg = await startBackground({ configured: true });
    // The user saves the dealer's key (which holds this report) while the purchase reads the list.
    afterResponse('/user/reports', async () => {
      const saved = await bg.deliver(
        'saveSettings',
        { serviceUrl: SIM_URL, apiKey: 'dealer-api-key' },
        bg.senders.page,
      );
      expect(saved.ok).toBe(true);
    });
    const answer = await buy(bg, RAM);
    expect(answer).toMatchObject({ ok: true, value: { status: 'bought' } });
    expect(answer.value.chargedTimes).toBeUndefined();
    expect(chargesOf(bg.sim, DEMO)).toBe(1);
    expect(chargesOf(bg.sim, DEALER)).toBe(0);
  });

  it('a confirmation window opened for one account buys nothing once another key is saved', async () => {
    const bg = await startBackground({ configured: true });
    const shown = await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    await bg.deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: 'dealer-api-key' }, bg.senders.page);
    const answer = await bg.deliver(
      'purchaseReport',
      { provider: 'providerA', vin: QX56, generation: shown.value.generation },
      bg.senders.page,
    );
    expect(answer.error).toMatchObject({ kind: 'needs-confirmation' });
    expect(answer.error.message).toMatch(/nothing was bought/);
    expect(bg.sim.log.filter((e) => e.endpoint === 'buy')).toHaveLength(0);
  });

  it("an unconfirmed purchase is never checked with another account's key; it stays unresolved, naming its account", async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    // A 503 on the purchase (not charged, which the extension cannot know), then the report list down.
    bg.sim.faults.add({ kind: 'status', status: 503, endpoint: 'buy', times: 1 });
    const restore = onRequest('/html', () =>
      bg.sim.faults.add({ kind: 'status', status: 503, endpoint: 'reports', times: 8 }),
    );
    expect((await buy(bg)).error.kind).toBe('unknown-outcome');
    restore();
    bg.sim.faults.clear();
    // Saving another key asks first: this account has a purchase not confirmed yet.
    const asked = await bg.deliver(
      'saveSettings',
      { serviceUrl: SIM_URL, apiKey: 'dealer-api-key' },
      bg.senders.page,
    );
    expect(asked.error).toMatchObject({ kind: 'needs-confirmation' });
    expect(asked.error.message).toMatch(/1 purchase with the current key is not confirmed yet/);
    const saved = await bg.deliver(
      'saveSettings',
      { serviceUrl: SIM_URL, apiKey: 'dealer-api-key', confirmOpenPurchases: true },
      bg.senders.page,
    );
    expect(saved.error).toBeUndefined();
    const from = bg.sim.log.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await advanceClock(6 * 60_000, 30_000);
    const status = (await statusOf(bg)).value;
    expect(status.state).toBe('unresolved');
    expect(status.message).toMatch(/key of the account of Dana Demo/);
    // Nothing was asked of the service with the dealer's key about it.
    expect(bg.sim.log.slice(from).filter((e) => e.endpoint === 'reports' || e.endpoint === 'buy')).toEqual(
      [],
    );
  });

  it('the settings cannot change while a purchase is being sent', async () => {
    const bg = await startBackground({ configured: true });
    let refusal: { ok: boolean; error?: { kind: string } } | undefined;
    afterResponse('/user/limits', async () => {
      // The purchase has read the balance; its intent is written and its request about to leave.
    });
    const network = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/html') && !refusal)
        refusal = await bg.deliver(
          'saveSettings',
          { serviceUrl: SIM_URL, apiKey: 'dealer-api-key' },
          bg.senders.page,
        );
      return network(input, init);
    });
    expect((await buy(bg)).ok).toBe(true);
    expect(refusal).toMatchObject({ ok: false, error: { kind: 'busy' } });
    // Saving the same settings again is never held back.
    expect((await bg.deliver('saveSettings', { serviceUrl: SIM_URL }, bg.senders.page)).ok).toBe(true);
  });
});

describe('reads cannot undo newer writes', () => {
  it('an account read that began before a purchase does not put back the credits from before it', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    // A popup's fresh read whose report list is slow: the purchase finishes while it waits.
    const network = globalThis.fetch;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!held && String(input).endsWith('/user/reports')) {
        held = true;
        const response = await network(input, init);
        await gate;
        return response;
      }
      return network(input, init);
    });
    const reading = bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await buy(bg)).value.status).toBe('bought');
    release();
    const read = await reading;
    expect(read.value.limits.credits).toBe(24);
    const cached = await bg.deliver('getAccount', undefined, bg.senders.page);
    expect(cached.value.limits.credits).toBe(24);
    expect(cached.value.reports.some((r: { vin: string }) => r.vin === QX56)).toBe(true);
    await vi.waitFor(async () =>
      expect(
        ((await fakeBrowser.storage.session.get('headline')).headline as { limits: { credits: number } })
          .limits.credits,
      ).toBe(24),
    );
  });
});

describe('the clock', () => {
  it('a workbench row left unsure while the clock ran a day ahead settles once the clock is corrected: its polling pulls the alarm in', async () => {
    const bg = await startBackground({ configured: true });
    const dayAhead = Date.now() + 24 * 60 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: dayAhead });
    // The purchase's answer is dropped after the charge, and the report list is down past retries.
    const plan = await bg.deliver(
      'planWorkbenchPurchase',
      { items: [{ vin: QX56, provider: 'providerA' }] },
      bg.senders.page,
    );
    bg.sim.faults.add({ kind: 'drop', endpoint: 'buy', phase: 'after' });
    onRequest('/html', () =>
      bg.sim.faults.add({ kind: 'status', status: 503, endpoint: 'reports', times: 30 }),
    );
    await bg.deliver('startWorkbenchPurchase', { planId: plan.value.id }, bg.senders.page);
    await vi.waitFor(
      async () =>
        expect((await bg.deliver('getWorkbench', undefined, bg.senders.page)).value.batch.rows[0].state).toBe(
          'unsure',
        ),
      { timeout: 10_000 },
    );
    bg.sim.faults.clear();
    // The clock is corrected: the alarm set before lies a day ahead.
    vi.setSystemTime(dayAhead - 24 * 60 * 60_000);
    const [alarm] = await reconcilerAlarms();
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 60 * 60_000);
    // The workbench page polls, as it does every second or two.
    await bg.deliver('getWorkbench', undefined, bg.senders.page);
    await vi.waitFor(async () => {
      const [pulled] = await reconcilerAlarms();
      expect(pulled?.scheduledTime).toBeLessThan(Date.now() + 60_000);
    });
    vi.setSystemTime(Date.now() + 31_000);
    await fireDueAlarms();
    await vi.waitFor(async () =>
      expect((await bg.deliver('getWorkbench', undefined, bg.senders.page)).value.batch.rows[0].state).toBe(
        'done',
      ),
    );
    expect(chargesOf(bg.sim, DEMO)).toBe(1);
  }, 20_000);

  it('the ledger survives the clock set forward a month and back: the checks the service counted still count', async () => {
    const bg = await startBackground({ configured: true });
    for (const vin of [QX56, RAM, '1G8ZF52801Z322733'])
      await bg.deliver('getRecordCounts', { vin }, bg.senders.page);
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.checks).toBe(3);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: now + 31 * 24 * 60 * 60_000 });
    await bg.deliver('getRecordCounts', { vin: '1N6SD16S6NC347945' }, bg.senders.page);
    vi.setSystemTime(now + 60_000);
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.checks).toBe(4);
  });
});
