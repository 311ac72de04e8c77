// The memory of vehicles seen (lib/memory/): listings and watched vehicles, in the library's database
// (version 4 added them beside the reports). Sightings come in batches, one transaction a batch (at
// most one a second: memory/sightings.ts). Every listing read is parsed with its schema; one that does
// not parse is left out. Where the browser refuses the storage, the memory is simply empty.
import {
  type ListingMemory,
  ListingMemory as ListingSchema,
  noteSighting,
  restoredListing,
  type SeenListing,
  storedListing,
} from '@/lib/memory/listing-memory';
import { WatchedVehicle as WatchedSchema, type WatchedVehicle } from '@/lib/memory/memory-messages';
import { openLibrary, orNothing } from './report-store';

/** All of a VIN's listings: their keys (`${vin} ${site} ${url}`, the rest of a listing stored beside them) start with the VIN and a space. */
const ofVin = (vin: string) => IDBKeyRange.bound(`${vin} `, `${vin} \uffff`);

function parsed<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  values: unknown[],
): T[] {
  return values.flatMap((value) => {
    const result = schema.safeParse(value);
    return result.success ? [result.data as T] : [];
  });
}

/** Stored listings read back, each with its VIN, site and address from its key. */
const listingsFrom = (values: unknown[]) => parsed<ListingMemory>(ListingSchema, values.map(restoredListing));

/** A listing changed by a batch: how it was before (undefined: new) and after. */
export interface ListingChange {
  before: ListingMemory | undefined;
  after: ListingMemory;
}

/** Writes a batch of sightings seen at minute `at`, in one transaction; the listings it changed. */
export async function writeSightings(batch: SeenListing[], at: number): Promise<ListingChange[]> {
  const database = await openLibrary();
  const tx = database.transaction('listings', 'readwrite');
  // Every read asked at once, then every write: a transaction runs its requests in order either way,
  // and awaiting each one cost the worker a turn per request (a page of 300 vehicles, 600 turns;
  // bench:feed's account by process: the worker's CPU right after such a page loaded).
  const vins = [...new Set(batch.map((seen) => seen.vin))];
  const read = await Promise.all(vins.map((vin) => tx.store.getAll(ofVin(vin))));
  const byVin = new Map(vins.map((vin, i) => [vin, listingsFrom(read[i] ?? [])]));
  const changes: ListingChange[] = [];
  const writes: Array<Promise<unknown>> = [];
  try {
    for (const seen of batch) {
      const listings = byVin.get(seen.vin) ?? [];
      const key = `${seen.vin} ${seen.site} ${seen.url}`;
      const index = listings.findIndex((l) => l.k === key);
      const before = index >= 0 ? listings[index] : undefined;
      const after = noteSighting(before, seen, at, listings);
      if (index >= 0) listings[index] = after;
      else listings.push(after);
      changes.push({ before, after });
      writes.push(tx.store.put(storedListing(after) as ListingMemory));
    }
  } catch (error) {
    // A write refused as it is asked (a full store): the batch is all or nothing, so the writes
    // asked before it go too. Their rejections are this one.
    for (const write of [...writes, tx.done]) write.catch(() => undefined);
    tx.abort();
    throw error;
  }
  // Handled here: a refused write rejects the transaction below, which is what the caller hears.
  const written = Promise.all(writes);
  written.catch(() => undefined);
  await Promise.all([written, tx.done]);
  return changes;
}

/** Forgets every listing last seen before minute `before` (the retention: memory/retention.ts). */
export async function sweepListings(before: number): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction('listings', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const last = (cursor.value as { last?: unknown }).last;
    if (typeof last !== 'number' || last < before) await cursor.delete();
  }
  await tx.done;
}

export async function listingsOf(vin: string): Promise<ListingMemory[]> {
  return openLibrary()
    .then(async (database) => listingsFrom(await database.getAll('listings', ofVin(vin))))
    .catch(orNothing([]));
}

/** The stored listings of one make and model (`mm`, as listing-memory.ts writes it), unparsed: the
 * fair-price gauge reads what it needs of each (lib/memory/market-answer.ts). */
export async function listingsOfModel(mm: string): Promise<unknown[]> {
  return openLibrary()
    .then((database) => database.getAllFromIndex('listings', 'mm', mm))
    .catch(orNothing([]));
}

/** Forgets one vehicle: its listings and its place among the watched. */
export async function forgetVehicle(vin: string): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction(['listings', 'watched'], 'readwrite');
  await Promise.all([
    tx.objectStore('listings').delete(ofVin(vin)),
    tx.objectStore('watched').delete(vin),
    tx.done,
  ]);
}

/** Forgets every vehicle seen and watched. */
export async function clearMemory(): Promise<void> {
  const database = await openLibrary();
  await Promise.all([database.clear('listings'), database.clear('watched')]);
}

export async function watchedVehicles(): Promise<WatchedVehicle[]> {
  return openLibrary()
    .then(async (database) => parsed<WatchedVehicle>(WatchedSchema, await database.getAll('watched')))
    .catch(orNothing([]));
}

/** Whether one vehicle is watched (one key read, not the whole list). */
export async function isWatched(vin: string): Promise<boolean> {
  return openLibrary()
    .then(async (database) => (await database.getKey('watched', vin)) !== undefined)
    .catch(orNothing(false));
}

/** Every watched vehicle looked at, at minute `at`, in one transaction. */
export async function markAllLooked(at: number): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction('watched', 'readwrite');
  for (const vehicle of parsed<WatchedVehicle>(WatchedSchema, await tx.store.getAll()))
    await tx.store.put({ ...vehicle, looked: at });
  await tx.done;
}

export async function setWatched(vehicle: WatchedVehicle | { vin: string; off: true }): Promise<void> {
  const database = await openLibrary();
  if ('off' in vehicle) await database.delete('watched', vehicle.vin);
  else await database.put('watched', vehicle);
}
