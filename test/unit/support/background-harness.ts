// Starts the real background entry on fakeBrowser, with the simulator standing in for the network,
// and delivers messages to it with a chosen sender, as the browser would.

import { AsyncLocalStorage } from 'node:async_hooks';
import { IDBFactory } from 'fake-indexeddb';
import { reportsCsv } from '@/lib/reports/csv';
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMessageSender } from '@/lib/messaging/message-sender';
import { removeAllListeners } from '@/lib/messaging/messaging';
import type { MessageType } from '@/lib/messaging/protocol';
import { createSimulator } from '@/simulator/app';
import { DROP_HEADER } from '@/simulator/faults';
import { createNhtsaStandIn } from '@/simulator/nhtsa/nhtsa-app';
import { STOPPED_WORKER } from '../../support/stopped-worker';

export const SIM_URL = 'http://127.0.0.1:8787/v1';
/** The hosts a store build asks NHTSA's facts of (entrypoints/background/nhtsa/nhtsa-hosts.ts). */
export const NHTSA_HOSTS = ['vpic.nhtsa.dot.gov', 'api.nhtsa.gov'];
export const NHTSA_ORIGINS = ['https://vpic.nhtsa.dot.gov/*', 'https://api.nhtsa.gov/*'];

export type Sender = { id?: string; url?: string; tab?: { id: number } };

export interface StartOptions {
  /** Keep storage from a previous start: a service worker that restarted. */
  keepStorage?: boolean;
  /** Store the demo key and the simulator's URL first, as the options page would. */
  configured?: boolean;
  sim?: ReturnType<typeof createSimulator>;
  /** Browser APIs this browser lacks (Firefox for Android has no windows, menus or commands). */
  missingApis?: Array<'windows' | 'contextMenus' | 'commands'>;
}

// fakeBrowser's own objects for the APIs a start removed, put back by the next start.
const removedApis = new Map<string, unknown>();
function setApis(missing: string[] = []) {
  const fake = fakeBrowser as unknown as Record<string, unknown>;
  for (const [name, api] of removedApis) fake[name] = api;
  removedApis.clear();
  for (const name of missing) {
    removedApis.set(name, fake[name]);
    delete fake[name];
  }
}

let workerGeneration = 0;
/**
 * Which worker a piece of background code runs for: a stopped worker is dead in the browser, so here
 * whatever it still had under way neither sends requests nor receives answers (it can only be frozen:
 * its modules stay loaded in the test process).
 */
const workerOf = new AsyncLocalStorage<number>();
const stopped = () => {
  const mine = workerOf.getStore();
  return mine !== undefined && mine !== workerGeneration;
};
const never = () => new Promise<never>(() => undefined);

// The IndexedDB connections each worker opened: cut when it stops, so that nothing it still had
// under way writes after its successor started (a stopped worker runs nothing in the browser; here
// its promises would otherwise go on writing, which no browser allows). Its next transaction throws
// STOPPED_WORKER, which vitest.config.ts does not report as an unhandled error.
const connections: Array<{ generation: number; db: IDBDatabase }> = [];
const tracked = new WeakSet<IDBFactory>();
function trackConnections(factory: IDBFactory) {
  if (tracked.has(factory)) return;
  tracked.add(factory);
  const open = factory.open.bind(factory);
  factory.open = (name: string, version?: number) => {
    const request = open(name, version);
    const generation = workerOf.getStore();
    if (generation !== undefined)
      request.addEventListener('success', () => connections.push({ generation, db: request.result }));
    return request;
  };
}
function cutConnectionsBefore(generation: number) {
  for (const c of connections.splice(0)) {
    if (c.generation >= generation) connections.push(c);
    else
      c.db.transaction = () => {
        throw new DOMException(STOPPED_WORKER, 'InvalidStateError');
      };
  }
}

/** The purchase reconciler's alarms (the memory's retention and the account's refresh have their own). */
export const reconcilerAlarms = async () =>
  (await fakeBrowser.alarms.getAll()).filter((alarm) => alarm.name === 'reconcile-purchases');

/** Fires the alarms that are due by the (possibly fake) clock, as the browser would. */
export async function fireDueAlarms(): Promise<number> {
  const due = (await fakeBrowser.alarms.getAll()).filter((a) => a.scheduledTime <= Date.now());
  for (const alarm of due) {
    await fakeBrowser.alarms.clear(alarm.name);
    await workerOf.run(workerGeneration, () => fakeBrowser.alarms.onAlarm.trigger(alarm));
  }
  return due.length;
}

/** Lets real I/O (fake-indexeddb runs on setImmediate) make progress while the clock is fake. */
export async function flushIo(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Advances a fake clock by `ms` in steps, letting I/O run and alarms fire between steps, until the
 * given promises have settled (or the time is up).
 */
export async function advanceClock(ms: number, stepMs = 1_000): Promise<void> {
  for (let passed = 0; passed < ms; passed += stepMs) {
    await flushIo();
    await vi.advanceTimersByTimeAsync(Math.min(stepMs, ms - passed));
    await fireDueAlarms();
  }
  await flushIo();
}

export async function startBackground(options: StartOptions = {}) {
  if (!options.keepStorage) {
    fakeBrowser.reset();
    // A new profile: the extension origin's IndexedDB starts empty too (a restart keeps it).
    globalThis.indexedDB = new IDBFactory();
  }
  removeAllListeners();
  const sim = options.sim ?? createSimulator();
  if (options.configured)
    await fakeBrowser.storage.local.set({ serviceUrl: SIM_URL, apiKey: 'demo-api-key' });
  // A restarted worker starts with empty memory: its modules are loaded afresh, and the stopped one's
  // listeners are gone (alarms themselves survive, as in the browser).
  vi.resetModules();
  // One worker at a time, as in the browser: the stopped one no longer hears messages or alarms.
  fakeBrowser.runtime.onMessage.removeAllListeners();
  fakeBrowser.alarms.onAlarm.removeAllListeners();
  const { default: background } = await import('@/entrypoints/background/index');
  const { removeAllListeners: removeFresh } = await import('@/lib/messaging/messaging');
  removeFresh();
  // A stopped worker sends nothing more, and answers to what it had sent never reach it.
  const generation = ++workerGeneration;
  cutConnectionsBefore(generation);
  trackConnections(globalThis.indexedDB);
  // NHTSA's two hosts reach its stand-in (simulator/nhtsa/), the rest the service's simulator.
  const nhtsa = createNhtsaStandIn();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (stopped()) return never();
    const url = new URL(input instanceof Request ? input.url : String(input));
    let response: Response;
    if (NHTSA_HOSTS.includes(url.host)) {
      response = await nhtsa.app.request(url.href, init);
      // A "drop" fault: the connection closed without an answer, as fetch tells it (sim.fetch does so itself).
      if (response.headers.has(DROP_HEADER)) throw new TypeError('Failed to fetch');
    } else response = await sim.fetch(input, init);
    return stopped() ? never() : response;
  });
  // fakeBrowser leaves permissions unimplemented; the simulator's origin is granted, others not.
  const granted = new Set(['http://127.0.0.1/*']);
  fakeBrowser.permissions.contains = async ({ origins = [] }) =>
    origins.every((o) => granted.has(o) || granted.has(o.replace(/:\d+\//, '/')));
  // Not implemented by fakeBrowser: the menu is only wired, never clicked, in these tests.
  setApis();
  const menus: unknown[] = [];
  Object.assign(fakeBrowser.contextMenus, {
    create: (item: unknown) => menus.push(item),
    onClicked: { addListener: () => undefined },
  });
  setApis(options.missingApis);
  workerOf.run(generation, () => background.main());
  const origin = `chrome-extension://${fakeBrowser.runtime.id}`;
  fakeBrowser.action.setBadgeText = async () => undefined;
  fakeBrowser.action.setBadgeBackgroundColor = async () => undefined;
  const senders = {
    page: { id: fakeBrowser.runtime.id, url: `${origin}/options.html` } as Sender,
    contentScript: {
      id: fakeBrowser.runtime.id,
      url: 'https://www.cars.com/vehicledetail/abc/',
      tab: { id: 7 },
    } as Sender,
    otherExtension: { id: 'someone-else', url: 'chrome-extension://someone-else/page.html' } as Sender,
  };
  // The content script's real sender (same wire format as the pages' library), with the browser's
  // part played here: the message reaches the background's listeners with the chosen sender.
  const senderFor = (sender: Sender) =>
    createMessageSender(async (message) =>
      (
        await workerOf.run(generation, () => fakeBrowser.runtime.onMessage.trigger(message, sender as never))
      ).find(Boolean),
    );
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field in the tests
  async function deliver(type: string, data: unknown, sender: Sender): Promise<any> {
    return senderFor(sender)(type as MessageType, data as never);
  }
  /** The report list's CSV as the pages make it (components/reports-csv.ts) from the background's data. */
  async function exportCsv(sender: Sender): Promise<string> {
    const data = (await deliver('getExportData', undefined, sender)).value;
    return reportsCsv(data.reports, data.notes, data.facts);
  }
  return { sim, nhtsa, senders, deliver, granted, exportCsv };
}
