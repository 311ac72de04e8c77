// What the e2e fixtures' served pages show now (a price, a mileage), which tests change as their
// story goes on. A worker keeps its imports from one file to the next (vitest.config.ts: isolate
// false), so each such object is registered here and put back to its first values before every
// file (fresh-fixtures.ts, a setup file): a Chromium file's last mileage once reached the Firefox
// file after it in the same worker.
const firstValues = new Map<Record<string, unknown>, Record<string, unknown>>();

/** Registers a served page's state; returns it unchanged. */
export function resettable<T extends object>(state: T): T {
  const record = state as Record<string, unknown>;
  firstValues.set(record, structuredClone(record));
  return state;
}

/** Every registered state back to its first values (the same objects: importers hold them). */
export function resetFixtureState(): void {
  for (const [state, first] of firstValues) {
    for (const key of Object.keys(state)) delete state[key];
    Object.assign(state, structuredClone(first));
  }
}
