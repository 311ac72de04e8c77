// The background's own store: the extension origin's IndexedDB, through idb. Everything the
// background reads to decide or to display lives here, out of reach of content scripts in both
// browsers (a content script's IndexedDB is its page's; Firefox lets content scripts read and write
// storage.local whatever the extension asks). Every value is parsed with its zod schema on read,
// and falls back to a safe default when it does not parse: a corrupted or older value never breaks
// the extension. Read-modify-write happens inside one transaction, so it is atomic.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { apiError } from '@/lib/api/errors';
import { createSerialQueue } from '@/lib/serial-queue';
import { parserOf } from './session-item';

interface StoreSchema extends DBSchema {
  /** One value per name, each parsed with its own schema on read. */
  values: { key: string; value: unknown };
}

/** Tests open it by this name to write garbage into it (test/unit/storage/stored-garbage.test.ts). */
export const STORE_DB_NAME = 'vin-history-store';
const MIGRATED = 'migratedFromStorageLocal';

/**
 * What earlier versions kept in storage.local, moved here once (then removed there). Only once: in
 * Firefox a content script can write storage.local, so anything found there later is not trusted.
 */
export const FROM_STORAGE_LOCAL = [
  'serviceUrl',
  'apiKey',
  'recordCache',
  'ledger',
  'account',
  'economySettings',
  'userSites',
  'disabledBuiltInSites',
  'pendingPurchases',
];

/** Where the values live: the extension origin's IndexedDB, or (where it cannot open) session storage. */
interface Backend {
  kind: 'indexeddb' | 'session';
  get(name: string): Promise<unknown>;
  put(name: string, value: unknown): Promise<void>;
  /** Read, change and write as one step (one transaction, or one at a time in this worker). */
  update(name: string, change: (raw: unknown) => unknown): Promise<unknown>;
  delete(name: string): Promise<void>;
}

let opened: Promise<Backend> | undefined;

/**
 * Why IndexedDB is refused for good in this browser: Firefox set to "Never remember history" (and
 * private windows) refuses extension IndexedDB with InvalidStateError (or SecurityError). Any other
 * failure to open (Chrome's backing store "UnknownError", a disk momentarily full, an aborted
 * upgrade) may pass, and must not switch this worker to an empty session store for its whole life:
 * the key would look missing, open purchases would vanish and one whose outcome is unknown could be
 * bought again.
 */
const REFUSED_FOR_GOOD = new Set(['InvalidStateError', 'SecurityError']);
const OPEN_ATTEMPTS = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openIndexedDb(): Promise<IDBPDatabase<StoreSchema>> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Opened inside a promise: a browser that refuses IndexedDB may throw at once.
      return await Promise.resolve().then(() =>
        openDB<StoreSchema>(STORE_DB_NAME, 1, {
          upgrade(db) {
            db.createObjectStore('values');
          },
        }),
      );
    } catch (error) {
      const name = error instanceof DOMException || error instanceof Error ? error.name : '';
      if (REFUSED_FOR_GOOD.has(name) || attempt >= OPEN_ATTEMPTS) throw error;
      await pause(100 * attempt);
    }
  }
}

function backend(): Promise<Backend> {
  opened ??= openIndexedDb()
    .then(migrate)
    .then(indexedDbBackend, (error: unknown) => {
      const name = error instanceof DOMException || error instanceof Error ? error.name : '';
      if (!REFUSED_FOR_GOOD.has(name)) {
        // Not for good: the next use tries again, and this one says what is wrong (pages show it;
        // nothing is bought while the key and the purchases cannot be read).
        opened = undefined;
        throw apiError(
          'internal',
          `The extension could not open its storage (${name || 'error'}: ${String((error as Error)?.message ?? error).slice(0, 120)}), so your key and purchases cannot be read right now and nothing can be bought. Try again in a moment; if it persists, restart the browser.`,
        );
      }
      // Firefox set to "Never remember history" (and private windows) refuses extension IndexedDB:
      // values, the key included, then live in session storage (trusted contexts only in both
      // browsers) until the browser closes, and the user is asked for the key once per session.
      console.warn('[store] IndexedDB unavailable, using session storage:', error);
      return sessionBackend();
    });
  return opened;
}

function indexedDbBackend(db: IDBPDatabase<StoreSchema>): Backend {
  return {
    kind: 'indexeddb',
    get: (name) => db.get('values', name),
    put: async (name, value) => {
      await db.put('values', value, name);
    },
    update: async (name, change) => {
      const tx = db.transaction('values', 'readwrite');
      const next = change(await tx.store.get(name));
      await tx.store.put(next, name);
      await tx.done;
      return next;
    },
    delete: (name) => db.delete('values', name),
  };
}

function sessionBackend(): Backend {
  const key = (name: string) => `store:${name}`;
  const serial = createSerialQueue();
  const get = async (name: string) => (await browser.storage.session.get(key(name)))[key(name)];
  const put = (name: string, value: unknown) => browser.storage.session.set({ [key(name)]: value });
  return {
    kind: 'session',
    get,
    put,
    update: (name, change) =>
      serial(async () => {
        const next = change(await get(name));
        await put(name, next);
        return next;
      }),
    delete: (name) => browser.storage.session.remove(key(name)),
  };
}

/** 'session' when values last only until the browser closes (the options page says so). */
export async function storePersistence(): Promise<Backend['kind']> {
  return (await backend()).kind;
}

async function migrate(db: IDBPDatabase<StoreSchema>): Promise<IDBPDatabase<StoreSchema>> {
  if (await db.get('values', MIGRATED)) return db;
  const old = await browser.storage.local.get(FROM_STORAGE_LOCAL);
  const tx = db.transaction('values', 'readwrite');
  for (const [name, value] of Object.entries(old)) {
    // A value the store already has is newer than the leftover.
    if ((await tx.store.get(name)) === undefined) await tx.store.put(value, name);
  }
  await tx.store.put(true, MIGRATED);
  await tx.done;
  await browser.storage.local.remove(FROM_STORAGE_LOCAL);
  return db;
}

/** A named value of the store, with its schema and the default used when absent or invalid. */
export interface StoredValue<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
  /** Reads, changes and writes in one transaction: `change` must not await anything else. */
  update(change: (current: T) => T): Promise<T>;
  remove(): Promise<void>;
}

/** The value `raw` stands for: parsed with `schema`, else the fallback (absent, older or corrupted). */

export function storedValue<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  fallback: () => z.output<S>,
): StoredValue<z.output<S>> {
  type T = z.output<S>;
  const parse = parserOf(schema, fallback);
  return {
    get: async () => parse(await (await backend()).get(name)),
    set: async (value) => (await backend()).put(name, value),
    update: async (change) => (await (await backend()).update(name, (raw) => change(parse(raw)))) as T,
    remove: async () => (await backend()).delete(name),
  };
}

/**
 * A list kept element by element: each element is parsed with its own schema, and one that fails it
 * (damaged, or written by another version) is kept exactly as it is, never dropped by a write, and
 * handed to `update` as `damaged`. One bad element never erases the others: a list of purchase
 * intents read as "nothing" would let a purchase whose outcome is unknown be bought again.
 */
export interface StoredList<T> {
  /** The elements that parse. */
  get(): Promise<T[]>;
  /** The elements that do not, as stored. */
  damaged(): Promise<unknown[]>;
  /** Reads, changes and writes in one transaction; the damaged elements are written back untouched. */
  update(change: (current: T[], damaged: readonly unknown[]) => T[]): Promise<T[]>;
}

export function storedList<S extends z.ZodMiniType>(name: string, element: S): StoredList<z.output<S>> {
  type T = z.output<S>;
  const split = (raw: unknown): { good: T[]; bad: unknown[] } => {
    if (raw === undefined) return { good: [], bad: [] };
    // Not a list at all: kept whole, as one damaged element.
    if (!Array.isArray(raw)) return { good: [], bad: [raw] };
    const good: T[] = [];
    const bad: unknown[] = [];
    for (const item of raw) {
      const parsed = element.safeParse(item);
      if (parsed.success) good.push(parsed.data as T);
      else bad.push(item);
    }
    return { good, bad };
  };
  return {
    get: async () => split(await (await backend()).get(name)).good,
    damaged: async () => split(await (await backend()).get(name)).bad,
    update: async (change) => {
      let next: T[] = [];
      await (await backend()).update(name, (raw) => {
        const { good, bad } = split(raw);
        next = change(good, bad);
        return bad.length ? [...next, ...bad] : next;
      });
      return next;
    },
  };
}

// The rest of what the background keeps, reached through this module: the library of purchased
// reports (its own IndexedDB database) and the session items (in memory, trusted contexts only: what
// a restarted worker must still know until the browser closes).
export { copiesSummary, copyOf, dropCopy, keepCopy } from './copy-store';
export {
  clearLibrary,
  factsOf,
  findReport,
  isKept,
  isStorageRefusal,
  keepFacts,
  keepReport,
  keptFacts,
  keptReportHtml,
  keptReportKeys,
  keptReportSummary,
  type StoredReport,
} from './report-store';
export { type SessionItem, sessionItem } from './session-item';
