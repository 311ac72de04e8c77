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
import { type CarRow, type ModelCars, prunedModel, updatedModel } from '@/lib/memory/model-cars';
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
  for (const seen of batch) if (seen.car) titles.set(listingKey(seen.vin, seen.site, seen.url), seen.car);
  const byModel = new Map<string, ListingMemory[]>();
  for (const { after } of changes)
    if (after.mm) byModel.set(after.mm, [...(byModel.get(after.mm) ?? []), after]);
  await Promise.all(
    [...byModel].map(async ([mm, changed]) => {
      const record = updatedModel(modelRecord(await store.get(mm)), mm, changed, titles);
      if (record) await store.put(record);
    }),
  );
}

/** A stored model record, checked enough to be read (rows of the wrong shape left out). */
function modelRecord(value: unknown): ModelCars | undefined {
  const record = value as Partial<ModelCars> | undefined;
  if (!record || typeof record.mm !== 'string' || !Array.isArray(record.cars)) return undefined;
  const cars = record.cars.filter(
    (row): row is CarRow =>
      Array.isArray(row) && row.length === 9 && typeof row[0] === 'string' && typeof row[2] === 'number',
  );
  return { mm: record.mm, make: String(record.make ?? ''), model: String(record.model ?? ''), cars };
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

/** Forgets one vehicle: its listings, its rows among its model's cars and its place among the watched. */
export async function forgetVehicle(vin: string): Promise<void> {
  const database = await openLibrary();
  const tx = database.transaction(['listings', 'watched', 'models'], 'readwrite');
  const listings = listingsFrom(await tx.objectStore('listings').getAll(ofVin(vin)));
  const models = tx.objectStore('models');
  for (const mm of new Set(listings.flatMap((l) => (l.mm ? [l.mm] : [])))) {
    const record = modelRecord(await models.get(mm));
    const kept = record && prunedModel(record, (row) => row[0] !== vin);
    if (kept) await models.put(kept);
    else await models.delete(mm);
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
