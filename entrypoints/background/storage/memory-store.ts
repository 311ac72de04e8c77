// The memory of vehicles seen (lib/memory/): listings, watched vehicles and the cars of each model
// seen, in the library's database (version 4 added the first two beside the reports, version 6 the
// third). Sightings come in batches, one transaction a batch (at
// most one a second: memory/sightings.ts). Every listing read is parsed with its schema; one that does
// not parse is left out. Where the browser refuses the storage, the memory is simply empty.

import type { IDBPObjectStore } from 'idb';
import type { VehicleTitle } from '@/lib/market/vehicle-title';
import {
  type ListingMemory,
  ListingMemory as ListingSchema,
  listingKey,
  noteSighting,
  restoredListing,
  type SeenListing,
  storedListing,
} from '@/lib/memory/listing-memory';
import { WatchedVehicle as WatchedSchema, type WatchedVehicle } from '@/lib/memory/memory-messages';
import { type ModelCars, modelRecord, prunedModel, updatedModel } from '@/lib/memory/model-cars';
import { type LibrarySchema, openLibrary, orNothing } from './report-store';

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
  const tx = database.transaction(['listings', 'models'], 'readwrite');
  const listingStore = tx.objectStore('listings');
  // Every read asked at once, then every write: a transaction runs its requests in order either way,
  // and awaiting each one cost the worker a turn per request (a page of 300 vehicles, 600 turns;
  // bench:feed's account by process: the worker's CPU right after such a page loaded).
  const vins = [...new Set(batch.map((seen) => seen.vin))];
  const read = await Promise.all(vins.map((vin) => listingStore.getAll(ofVin(vin))));
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
      writes.push(listingStore.put(storedListing(after) as ListingMemory));
    }
    writes.push(writeModels(tx.objectStore('models'), batch, changes));
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

type ModelStore = IDBPObjectStore<LibrarySchema, ['listings', 'models'], 'models', 'readwrite'>;

/** The models' records after a batch: each model its listings changed read, its rows updated. */
async function writeModels(store: ModelStore, batch: SeenListing[], changes: ListingChange[]) {
  const titles = new Map<string, VehicleTitle>();
  const sellers = new Map<string, string>();
  for (const seen of batch) {
    const key = listingKey(seen.vin, seen.site, seen.url);
    if (seen.car) titles.set(key, seen.car);
    if (seen.seller) sellers.set(key, seen.seller);
  }
  const byModel = new Map<string, ListingMemory[]>();
  // A listing whose title now names another model leaves its row under the name it had (issue 61:
  // else it stays a comparable there, and survives a forget).
  const moved = new Map<string, Set<string>>();
  for (const { before, after } of changes) {
    if (after.mm) byModel.set(after.mm, [...(byModel.get(after.mm) ?? []), after]);
    if (before?.mm && before.mm !== after.mm)
      moved.set(before.mm, (moved.get(before.mm) ?? new Set()).add(`${after.vin} ${after.site}`));
  }
  await Promise.all([
    ...[...byModel].map(async ([mm, changed]) => {
      const record = updatedModel(modelRecord(await store.get(mm)), mm, changed, titles, sellers);
      if (record) await store.put(record);
    }),
    ...[...moved].map(async ([mm, gone]) => {
      if (byModel.has(mm)) return;
      const record = modelRecord(await store.get(mm));
      const kept = record && prunedModel(record, (row) => !gone.has(`${row[0]} ${row[1]}`));
      if (kept) await store.put(kept);
      else if (record) await store.delete(mm);
    }),
  ]);
}

/** The cars of one make and model seen (the fair-price gauge's comparables); undefined when none. */
export async function modelCars(mm: string): Promise<ModelCars | undefined> {
  return openLibrary()
    .then(async (database) => modelRecord(await database.get('models', mm)))
    .catch(orNothing(undefined));
}

/** Forgets every listing last seen before minute `before` (the retention: memory/retention.ts), and its model rows. */
export async function sweepListings(before: number): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction(['listings', 'models'], 'readwrite');
  const listings = tx.objectStore('listings');
  for (let cursor = await listings.openCursor(); cursor; cursor = await cursor.continue()) {
    const last = (cursor.value as { last?: unknown }).last;
    if (typeof last !== 'number' || last < before) await cursor.delete();
  }
  const models = tx.objectStore('models');
  for (let cursor = await models.openCursor(); cursor; cursor = await cursor.continue()) {
    const record = modelRecord(cursor.value);
    const kept = record && prunedModel(record, (row) => row[8] >= before);
    if (kept) await cursor.update(kept);
    else await cursor.delete();
  }
  await tx.done;
}

export async function listingsOf(vin: string): Promise<ListingMemory[]> {
  return openLibrary()
    .then(async (database) => listingsFrom(await database.getAll('listings', ofVin(vin))))
    .catch(orNothing([]));
}

/**
 * Forgets one vehicle: its listings, its rows among every model's cars (under every name its titles
 * ever gave it: each record is read, since a listing keeps only its latest) and its place among the
 * watched.
 */
export async function forgetVehicle(vin: string): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction(['listings', 'watched', 'models'], 'readwrite');
  const models = tx.objectStore('models');
  for (let cursor = await models.openCursor(); cursor; cursor = await cursor.continue()) {
    const record = modelRecord(cursor.value);
    if (!record?.cars.some((row) => row[0] === vin)) continue;
    const kept = prunedModel(record, (row) => row[0] !== vin);
    if (kept) await cursor.update(kept);
    else await cursor.delete();
  }
  await Promise.all([
    tx.objectStore('listings').delete(ofVin(vin)),
    tx.objectStore('watched').delete(vin),
    tx.done,
  ]);
}

/** Forgets every vehicle seen and watched. */
export async function clearMemory(): Promise<void> {
  const database = await openLibrary();
  await Promise.all([database.clear('listings'), database.clear('watched'), database.clear('models')]);
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
