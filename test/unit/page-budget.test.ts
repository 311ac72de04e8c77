// @vitest-environment node
// What a web page may make the extension do, per tab: a compromised page process sends the content
// script's messages at will, and must not turn that into windows or record checks without bound.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { SEED_VEHICLES } from '@/simulator/seed';
import { startBackground } from './background-harness';

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
});
