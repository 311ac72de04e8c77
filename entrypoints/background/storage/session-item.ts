// Values kept in storage.session: in memory, trusted contexts only in both browsers, forgotten when
// the browser closes. Apart from store.ts (which re-exports it) so that a page that reads one (the
// popup's headline) does not load the IndexedDB store with it.
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';

/** A stored value parsed with its schema: `fallback` when absent or when it does not parse. */
export function parserOf<S extends z.ZodMiniType>(schema: S, fallback: () => z.output<S>) {
  return (raw: unknown): z.output<S> => {
    if (raw === undefined) return fallback();
    const parsed = schema.safeParse(raw);
    return parsed.success ? (parsed.data as z.output<S>) : fallback();
  };
}

export interface SessionItem<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A value in `storage.session` (trusted contexts only in both browsers), parsed on read like the
 * store's: tab VIN lists, check plans, page budgets. Read-modify-write callers serialise themselves.
 */
export function sessionItem<S extends z.ZodMiniType>(
  key: string,
  schema: S,
  fallback: () => z.output<S>,
): SessionItem<z.output<S>> {
  const parse = parserOf(schema, fallback);
  return {
    get: async () => parse((await browser.storage.session.get(key))[key]),
    set: (value) => browser.storage.session.set({ [key]: value }),
    remove: () => browser.storage.session.remove(key),
  };
}
