// @vitest-environment node
// Whatever the stores hold (wrong types, truncated JSON, shapes of older versions), the background
// answers with safe defaults and never throws: every value is parsed on read.
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { FROM_STORAGE_LOCAL, STORE_DB_NAME } from '@/entrypoints/background/storage/store';
import { startBackground } from '../support/background-harness';

afterEach(() => vi.unstubAllGlobals());

// Everything the store holds: what it took over from storage.local, plus what it began with.
const STORE_KEYS = [...FROM_STORAGE_LOCAL, 'keyOrigin', 'purchaseIntents'];
const LOCAL_KEYS = ['serviceUrl', 'apiKey', 'pendingPurchases'];

const GARBAGE: Array<[string, unknown]> = [
  ['a number', 42],
  ['a string', 'x'],
  ['truncated JSON', '{"counts": {"vin": "1G1PG5SC3C7167133", "records": {'],
  ['null', null],
  ['an array of junk', [1, 'two', { three: 3 }]],
  ['a wrong shape', { version: 9, entries: 'no', at: 'yesterday', checks: -1, hardLimit: 'many' }],
  ['nested wrong types', { '1G1PG5SC3C7167133': { counts: { records: { providerA: 'many' } }, at: 'now' } }],
];

// What the pages read, and what the content script asks: each must answer, from defaults.
const READS: Array<[string, unknown, 'page' | 'contentScript']> = [
  ['getSettings', undefined, 'page'],
  ['getLedger', undefined, 'page'],
  ['getEconomySettings', undefined, 'page'],
  ['getUserSites', undefined, 'page'],
  ['getDisabledBuiltInSites', undefined, 'page'],
  ['getTabVins', { tabId: 7 }, 'page'],
  ['planCheckAll', { tabId: 7 }, 'page'],
  ['isSiteEnabled', undefined, 'contentScript'],
  [
    'reportPageVins',
    { candidates: [{ vin: '1G1PG5SC3C7167133', labelled: true }], reset: true },
    'contentScript',
  ],
];

describe('garbage in every stored key', () => {
  it.each(GARBAGE)('%s: every read answers with defaults, none throws', async (_, garbage) => {
    const bg = await startBackground({ configured: true });
    const db = await openDB(STORE_DB_NAME);
    for (const key of STORE_KEYS) await db.put('values', garbage, key);
    db.close();
    await fakeBrowser.storage.local.set(Object.fromEntries(LOCAL_KEYS.map((k) => [k, garbage])));
    await fakeBrowser.storage.session.set({ 'tabVins:7': garbage });
    for (const [type, data, from] of READS) {
      const answer = await bg.deliver(type, data, bg.senders[from]);
      expect(answer.ok, `${type}: ${JSON.stringify(answer)}`).toBe(true);
    }
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value).toEqual({
      checks: 0,
      reports: 0,
      checksPerReport: 0,
      warnRatio: 5,
    });
    expect((await bg.deliver('getEconomySettings', undefined, bg.senders.page)).value).toMatchObject({
      hardLimit: 25,
      cacheHours: 24,
    });
    // A key or URL that does not read as one: a clear refusal (no key, bad URL), not a crash.
    const account = await bg.deliver('getAccount', undefined, bg.senders.page);
    expect(account.ok || ['no-key', 'invalid-input'].includes(account.error.kind)).toBe(true);
    // A worker start over the same garbage settles nothing and throws nothing.
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    expect((await restarted.deliver('getLedger', undefined, bg.senders.page)).ok).toBe(true);
  });

  it("moves what 0.1 kept in storage.local into the store once, today's cache shape included", async () => {
    const now = Date.now();
    const counts = {
      vin: '1G1PG5SC3C7167133',
      vehicle: { year: 2012, make: 'Chevrolet', model: 'Cruze' },
      records: { providerA: 4, providerB: 2 },
    };
    fakeBrowser.reset();
    globalThis.indexedDB = new IDBFactory();
    await fakeBrowser.storage.local.set({
      recordCache: { '1G1PG5SC3C7167133': { counts, at: now - 60_000 } },
      ledger: [{ kind: 'check', vin: '1G1PG5SC3C7167133', at: now - 60_000 }],
      economySettings: { hardLimit: 3 },
      serviceUrl: 'http://127.0.0.1:8787/v1',
      apiKey: 'demo-api-key',
    });
    const bg = await startBackground({ keepStorage: true });
    await fakeBrowser.storage.session.set({ 'tabVins:7': ['1G1PG5SC3C7167133'] });
    const tab = await bg.deliver('getTabVins', { tabId: 7 }, bg.senders.page);
    expect(tab.value.known).toEqual({ '1G1PG5SC3C7167133': counts });
    expect((await bg.deliver('getLedger', undefined, bg.senders.page)).value.checks).toBe(1);
    expect((await bg.deliver('getEconomySettings', undefined, bg.senders.page)).value.hardLimit).toBe(3);
    expect(await fakeBrowser.storage.local.get(['recordCache', 'ledger', 'economySettings'])).toEqual({});
    // Written there again later (in Firefox a content script can), it is not taken.
    await fakeBrowser.storage.local.set({ economySettings: { hardLimit: 999 } });
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    expect((await restarted.deliver('getEconomySettings', undefined, bg.senders.page)).value.hardLimit).toBe(
      3,
    );
    expect(bg.sim.log).toHaveLength(0);
  });
});
