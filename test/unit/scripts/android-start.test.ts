// @vitest-environment node
// Firefox for Android has no windows, menus or commands API (MDN's compatibility data for
// firefox_android). The background must still start whole there: the reconciler's alarm listener,
// the adoption of purchases left pending, onboarding; and the purchase confirmation must open.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { fireDueAlarms, reconcilerAlarms, startBackground } from '../support/background-harness';

const QX56 = '5N3ZA0NE1AN908084';
const ANDROID: Array<'windows' | 'contextMenus' | 'commands'> = ['windows', 'contextMenus', 'commands'];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the background on a browser without windows, menus and commands', () => {
  it('starts whole: purchases left pending are adopted and reconciled by alarm, onboarding opens', async () => {
    // A purchase 0.1 left pending (what an upgrade brings), in storage.local before the start.
    await fakeBrowser.storage.local.set({
      serviceUrl: 'http://127.0.0.1:8787/v1',
      apiKey: 'demo-api-key',
      pendingPurchases: {
        a: { provider: 'providerA', vin: QX56, heldBefore: [], startedAt: Date.now() - 1_000 },
      },
    });
    const bg = await startBackground({ keepStorage: true, missingApis: ANDROID });
    expect((fakeBrowser as unknown as Record<string, unknown>).windows).toBeUndefined();
    // Adopted as an intent and checked at once (the start-up's reconcile), its next check by alarm.
    await vi.waitFor(async () => {
      const open = await bg.deliver('getOpenPurchases', undefined, bg.senders.page);
      expect(open.value.map((s: { vin: string }) => s.vin)).toEqual([QX56]);
      expect(await reconcilerAlarms()).toHaveLength(1);
    });
    const reads = () => bg.sim.log.filter((e) => e.endpoint === 'reports').length;
    const before = reads();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    expect(await fireDueAlarms()).toBe(1);
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
    // First run: the onboarding tab (and the user's sites registered, not implemented by fakeBrowser).
    Object.assign(fakeBrowser.scripting, {
      getRegisteredContentScripts: async () => [],
      registerContentScripts: async () => undefined,
      unregisterContentScripts: async () => undefined,
    });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(created.mock.calls.map(([info]) => info.url)).toContainEqual(
      expect.stringMatching(/options\.html\?welcome=1$/),
    );
  });

  it('opens the purchase confirmation in a tab of its own, and the purchase path is unchanged', async () => {
    const bg = await startBackground({ configured: true, missingApis: ANDROID });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    const opened = await bg.deliver('openPurchase', { vin: QX56 }, bg.senders.page);
    expect(opened.ok).toBe(true);
    expect(created).toHaveBeenCalledTimes(1);
    expect(created.mock.calls[0]?.[0].url).toMatch(new RegExp(`/confirm\\.html\\?vin=${QX56}$`));
    // What the confirmation then asks is the same as in a window: one purchase, one charge.
    const bought = await bg.deliver('purchaseReport', { provider: 'providerA', vin: QX56 }, bg.senders.page);
    expect(bought.value.status).toBe('bought');
    expect(bg.sim.log.filter((e) => e.charged)).toHaveLength(1);
  });

  it('a desktop browser still gets its own confirmation window', async () => {
    const bg = await startBackground({ configured: true });
    const windows = vi.fn(async () => ({}) as never);
    fakeBrowser.windows.create = windows;
    const tabs = vi.spyOn(fakeBrowser.tabs, 'create');
    await bg.deliver('openPurchase', { vin: QX56 }, bg.senders.page);
    expect(windows).toHaveBeenCalledWith(expect.objectContaining({ type: 'popup' }));
    expect(tabs).not.toHaveBeenCalled();
  });
});
