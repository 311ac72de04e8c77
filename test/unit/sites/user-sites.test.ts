// @vitest-environment node
// Sites the user adds: registered only under a granted permission, removed with it.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { originMatchPattern } from '@/lib/sites/sites';

type Registered = { id: string; matches?: string[]; js?: string[] };
let registered: Registered[];
let granted: Set<string>;
let injected: number[];

type Sites = typeof import('@/entrypoints/background/sites/user-sites');
let disableSite: Sites['disableSite'];
let enableSite: Sites['enableSite'];
let getUserSites: Sites['getUserSites'];

beforeEach(async () => {
  fakeBrowser.reset();
  // Each test a new profile: an empty store, and modules loaded afresh.
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  ({ disableSite, enableSite, getUserSites } = await import('@/entrypoints/background/sites/user-sites'));
  registered = [];
  injected = [];
  granted = new Set();
  // fakeBrowser leaves scripting and permissions unimplemented: small stand-ins that keep state.
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    remove: async ({ origins = [] }: { origins?: string[] }) => {
      for (const o of origins) granted.delete(o);
      return true;
    },
  });
  Object.assign(fakeBrowser, {
    scripting: {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
        registered.filter((r) => ids.includes(r.id)),
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        registered = registered.filter((r) => !ids.includes(r.id));
      },
      registerContentScripts: async (scripts: Registered[]) => {
        registered.push(...scripts);
      },
      executeScript: async ({ target }: { target: { tabId: number } }) => {
        injected.push(target.tabId);
        return [];
      },
    },
  });
});

describe('user sites', () => {
  it('refuses a site whose permission the user has not granted', async () => {
    const result = await enableSite({ origin: 'https://dealer.example' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'needs-permission' } });
    expect(result.ok ? '' : result.error.message).toMatch(/Allow the extension on dealer.example/);
    expect(registered).toEqual([]);
  });

  it('registers the detector for a granted site and starts it in the tab at once', async () => {
    granted.add('https://dealer.example/*');
    expect(await enableSite({ origin: 'https://dealer.example', tabId: 12 })).toEqual({
      ok: true,
      value: ['https://dealer.example'],
    });
    expect(registered).toEqual([
      {
        id: 'vin-user-sites',
        matches: ['https://dealer.example/*'],
        js: ['/content-scripts/vin.js'],
        runAt: 'document_idle',
      },
    ]);
    expect(injected).toEqual([12]);
    expect(await getUserSites()).toEqual({ ok: true, value: ['https://dealer.example'] });
  });

  it('switching a site off unregisters it and gives the permission back', async () => {
    granted.add('https://dealer.example/*');
    granted.add('https://other.example/*');
    await enableSite({ origin: 'https://dealer.example' });
    await enableSite({ origin: 'https://other.example' });
    await disableSite({ origin: 'https://dealer.example' });
    expect(registered.map((r) => r.matches)).toEqual([['https://other.example/*']]);
    expect(granted.has('https://dealer.example/*')).toBe(false);
  });
});

describe('curated sites', () => {
  it('a site switched off stops the detector there, and only there', async () => {
    const { setBuiltInSite, isSiteEnabled } = await import('@/entrypoints/background/sites/user-sites');
    const on = (url: string) => isSiteEnabled(undefined, { url, kind: 'content-script' });
    expect(await on('https://www.cars.com/shopping/')).toEqual({ ok: true, value: true });
    await setBuiltInSite({ site: 'cars.com', enabled: false });
    expect(await on('https://www.cars.com/shopping/')).toEqual({ ok: true, value: false });
    expect(await on('https://cars.com/')).toEqual({ ok: true, value: false });
    expect(await on('https://www.cargurus.com/')).toEqual({ ok: true, value: true });
    expect(await on('https://notcars.com/')).toEqual({ ok: true, value: true });
    await setBuiltInSite({ site: 'cars.com', enabled: true });
    expect(await on('https://www.cars.com/shopping/')).toEqual({ ok: true, value: true });
  });
});

describe('originMatchPattern', () => {
  it('leaves the port out, which Firefox refuses in match patterns and both browsers ignore', () => {
    expect(originMatchPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
    expect(originMatchPattern('https://dealer.example:8443')).toBe('https://dealer.example/*');
    expect(originMatchPattern('https://dealer.example')).toBe('https://dealer.example/*');
  });

  it('registers a dealer site on a port under its portless pattern', async () => {
    granted.add('https://dealer.example/*');
    await enableSite({ origin: 'https://dealer.example:8443' });
    expect(registered.map((r) => r.matches)).toEqual([['https://dealer.example/*']]);
  });
});
