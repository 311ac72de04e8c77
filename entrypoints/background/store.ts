// The background's own store: the extension origin's IndexedDB, through idb. Everything the
// background reads to decide or to display lives here, out of reach of content scripts in both
// browsers (a content script's IndexedDB is its page's; Firefox lets content scripts read and write
// storage.local whatever the extension asks). Every value is parsed with its zod schema on read,
// and falls back to a safe default when it does not parse: a corrupted or older value never breaks
// the extension. Read-modify-write happens inside one transaction, so it is atomic.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';

interface StoreSchema extends DBSchema {
  /** One value per name, each parsed with its own schema on read. */
  values: { key: string; value: unknown };
}

/** Tests open it by this name to write garbage into it (test/unit/stored-garbage.test.ts). */
export const STORE_DB_NAME = 'vin-history-store';
const MIGRATED = 'migratedFromStorageLocal';

/**
 * What earlier versions kept in storage.local, moved here once (then removed there). Only once: in
 * Firefox a content script can write storage.local, so anything found there later is not trusted.
 */
const FROM_STORAGE_LOCAL = [
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

let opened: Promise<IDBPDatabase<StoreSchema>> | undefined;

function database(): Promise<IDBPDatabase<StoreSchema>> {
  opened ??= openDB<StoreSchema>(STORE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('values');
    },
  }).then(migrate);
  // A failed open is not cached: the next call tries again.
  opened.catch(() => {
    opened = undefined;
  });
  return opened;
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

export function storedValue<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  fallback: () => z.output<S>,
): StoredValue<z.output<S>> {
  type T = z.output<S>;
  const parse = (raw: unknown): T => {
    if (raw === undefined) return fallback();
    const parsed = schema.safeParse(raw);
    return parsed.success ? (parsed.data as T) : fallback();
  };
  return {
    get: async () => parse(await (await database()).get('values', name)),
    set: async (value) => {
      await (await database()).put('values', value, name);
    },
    update: async (change) => {
      const tx = (await database()).transaction('values', 'readwrite');
      const next = change(parse(await tx.store.get(name)));
      await tx.store.put(next, name);
      await tx.done;
      return next;
    },
    remove: async () => {
      await (await database()).delete('values', name);
    },
  };
}
