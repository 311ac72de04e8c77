// @vitest-environment node
// What a web page may make the extension do, per tab: a compromised page process sends the content
// script's messages at will, and must not turn that into windows or record checks without bound.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { spendFrom } from '@/lib/records/budget';
import { SEED_VEHICLES } from '@/simulator/seed';
import { startBackground } from '../support/background-harness';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const VINS = SEED_VEHICLES.map((v) => v.vin);
const checks = (bg: Awaited<ReturnType<typeof startBackground>>) =>
  bg.sim.log.filter((e) => e.endpoint === 'records').length;

describe('page budgets', () => {
  it('the 4th confirmation window a page asks for within a minute is refused; a minute later it opens', async () => {
    const bg = await startBackground({ configured: true });
    const opened: unknown[] = [];
    fakeBrowser.windows.create = async (info) => {
      opened.push(info);
      return {} as never;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 3; i++)
      expect((await bg.deliver('openPurchase', { vin: VINS[i] }, bg.senders.contentScript)).ok).toBe(true);
    const fourth = await bg.deliver('openPurchase', { vin: VINS[3] }, bg.senders.contentScript);
    expect(fourth).toMatchObject({ ok: false, error: { kind: 'over-budget' } });
    expect(fourth.error.message).toMatch(/opened 3 report windows in the last minute/);
    expect(opened).toHaveLength(3);
    // The user's own popup is not counted.
    expect((await bg.deliver('openPurchase', { vin: VINS[3] }, bg.senders.page)).ok).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await bg.deliver('openPurchase', { vin: VINS[4] }, bg.senders.contentScript)).ok).toBe(true);
    expect(opened).toHaveLength(5);
  });

  it('the 11th record check a page asks for within a minute is refused; cached answers stay free', async () => {
    const bg = await startBackground({ configured: true });
    for (let i = 0; i < 10; i++)
      expect((await bg.deliver('getRecordCounts', { vin: VINS[i] }, bg.senders.contentScript)).ok).toBe(true);
    const eleventh = await bg.deliver('getRecordCounts', { vin: VINS[10] }, bg.senders.contentScript);
    expect(eleventh).toMatchObject({ ok: false, error: { kind: 'over-budget' } });
    expect(checks(bg)).toBe(10);
    // Already known: answered from the cache, within or beyond the budget.
    expect((await bg.deliver('getRecordCounts', { vin: VINS[0] }, bg.senders.contentScript)).ok).toBe(true);
    // Another tab has its own budget; the popup none.
    const otherTab = { ...bg.senders.contentScript, tab: { id: 8 } };
    expect((await bg.deliver('getRecordCounts', { vin: VINS[10] }, otherTab)).ok).toBe(true);
    expect((await bg.deliver('getRecordCounts', { vin: VINS[11] }, bg.senders.page)).ok).toBe(true);
    expect(checks(bg)).toBe(12);
  });

  it('automatic checks: once per page, whatever VIN it swaps in, and 20 a day', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { autoCheckDetailPages: true }, bg.senders.page);
    const page = (tab: number, url: string) => ({ ...bg.senders.contentScript, tab: { id: tab }, url });
    const show = (vin: string, sender: ReturnType<typeof page>) =>
      bg.deliver('reportPageVins', { candidates: [{ vin, labelled: true }], reset: true }, sender);
    // One page that keeps replacing its VIN: 40 VINs, one check.
    for (const vin of VINS.slice(0, 40)) await show(vin, page(7, 'https://www.cars.com/vehicledetail/1/'));
    expect(checks(bg)).toBe(1);
    // Thirty other detail pages: 20 checks a day in all.
    for (let i = 0; i < 30; i++)
      await show(VINS[i] as string, page(100 + i, `https://www.cars.com/vehicledetail/${i + 2}/`));
    expect(checks(bg)).toBe(20);
  });

  it("the day's 20 automatic checks are still spent after the browser restarts, and after the clock is set back", async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('saveEconomySettings', { autoCheckDetailPages: true }, bg.senders.page);
    const show = async (i: number) =>
      (await startedBg()).deliver(
        'reportPageVins',
        { candidates: [{ vin: VINS[i] as string, labelled: true }], reset: true },
        {
          ...bg.senders.contentScript,
          tab: { id: 100 + i },
          url: `https://www.cars.com/vehicledetail/${i}/`,
        },
      );
    let current = bg;
    const startedBg = async () => current;
    for (let i = 0; i < 20; i++) await show(i);
    expect(checks(bg)).toBe(20);
    // The browser closes and opens again: storage.session is gone, the background's store is not.
    await fakeBrowser.storage.session.clear();
    current = await startBackground({ keepStorage: true, sim: bg.sim });
    for (let i = 20; i < 30; i++) await show(i);
    expect(checks(bg)).toBe(20);
    // The clock set back two hours: the checks it now sees as "in the future" still count.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2 * 60 * 60_000 });
    for (let i = 30; i < 35; i++) await show(i);
    expect(checks(bg)).toBe(20);
    // A day later (by the clock, from the latest check), the budget is back.
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000 + 24 * 60 * 60_000 + 1_000);
    await show(35);
    expect(checks(bg)).toBe(21);
  });
});

describe('spendFrom (a sliding-window budget)', () => {
  it('counts a use stamped in the future as now, and lets uses older than the window go', () => {
    const now = 1_000_000;
    expect(spendFrom([now + 5_000, now + 10_000], 2, 60_000, now)).toEqual({
      spent: false,
      times: [now, now],
    });
    expect(spendFrom([now - 61_000, now - 1_000], 2, 60_000, now)).toEqual({
      spent: true,
      times: [now - 1_000, now],
    });
  });
});
