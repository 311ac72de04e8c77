// Every report bought or fetched, kept in IndexedDB so it opens offline and at once. Keyed by
// (provider, id); the least recently opened are dropped when the library outgrows its budget.
// The library is a convenience, never the record of a purchase: where the browser refuses it
// (Firefox set to never remember history, a full disk), it reads as empty and keeping a report says
// it was not saved; every report still opens from the service by its id.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Provider, Report, ReportSummary } from '@/lib/domain';
import { upgradedListing } from '@/lib/memory/listing-memory';
import { FACTS_VERSION, ReportFacts } from '@/lib/reports/facts/report-facts';
import { LIBRARY_DB } from './library-db';
import { upgradeModels } from './memory-upgrade';

export interface StoredReport extends Report {
  /** When the service created it (from /user/reports), or when we received it. */
  createdAt: string;
  lastOpenedAt: number;
  bytes: number;
}

/** A report's key facts (lib/reports/facts/), kept apart from its body: a few hundred bytes each,
 * read all at once by the library, and kept when the body is trimmed away. */
export interface KeptFacts {
  provider: Provider;
  id: string;
  facts: ReportFacts;
}

/** A file of the reports' complete copies (lib/reports/offline/), kept once by its content's hash:
 * the reports of one provider share most of their stylesheets, fonts and images. */
export interface CopyAsset {
  hash: string;
  /** The file as a data: URI (what the viewer joins into the document). */
  data: string;
}

/** A report's complete copy: which file each address it names is. The report itself stays as it came. */
export interface KeptCopy {
  provider: Provider;
  id: string;
  /** URL → the hash of its file in `assets`. */
  files: Record<string, string>;
  /** Hash → its file's size (as a data: URI): what the library counts without reading the files. */
  sizes: Record<string, number>;
  /** The copy's files' size, each counted (as data: URIs), whether or not another report shares it. */
  bytes: number;
  savedAt: number;
}

export interface LibrarySchema extends DBSchema {
  reports: { key: [Provider, string]; value: StoredReport; indexes: { lastOpenedAt: number } };
  facts: { key: [Provider, string]; value: KeptFacts };
  copies: { key: [Provider, string]; value: KeptCopy };
  assets: { key: string; value: CopyAsset };
  /** The memory of vehicles seen (memory-store.ts): one listing each, keyed `${vin} ${site} ${url}`. */
  listings: { key: string; value: unknown };
  /** The cars of each make and model seen, one record each (lib/memory/model-cars.ts), keyed by `mm`. */
  models: { key: string; value: unknown };
  watched: { key: string; value: unknown };
}

/** What the library keeps at most, its reports and their copies' files together (2 bytes a character). */
export const DEFAULT_BUDGET_BYTES = 50 * 1024 * 1024;
let db: Promise<IDBPDatabase<LibrarySchema>> | undefined;

/** The browser refused the storage (IndexedDB not available, quota exceeded): not a bug here. */
export function isStorageRefusal(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return (
    error instanceof DOMException ||
    (typeof name === 'string' &&
      ['QuotaExceededError', 'InvalidStateError', 'UnknownError', 'SecurityError', 'AbortError'].includes(
        name,
      ))
  );
}

/** What a read of a refused library stands for: nothing kept. */
export function orNothing<T>(empty: T) {
  return (error: unknown): T => {
    if (!isStorageRefusal(error)) throw error;
    return empty;
  };
}

/** The library's database (its complete copies: copy-store.ts). */
export function openLibrary() {
  // Inside a promise: a browser that refuses IndexedDB may throw at once rather than fail the request.
  db ??= Promise.resolve().then(() =>
    // Version 1 (release 0.1.0): the reports. Version 2: their key facts, a store of its own, so
    // opening a 0.1.0 library keeps every report and adds the facts store beside them. Version 3:
    // complete copies, and their files shared by content; reports and facts stay as they were.
    // Version 4: the memory of vehicles seen (listings and watched vehicles), beside the rest.
    // Version 5 (issue 54): each price and mileage with its own unit; version 4's figures (read with
    // discounts as prices and distances as odometers) kept as unverified, every listing and visit kept.
    // Version 6 (issue 57): the cars of each make and model seen (`models`) for the fair-price gauge;
    // listings kept before name no model and are completed when seen again with a title.
    // Version 7 (issue 61): each model's row with its seller; rows a listing left under an earlier
    // name dropped; records whose name reads otherwise now re-filed (memory-upgrade.ts).
    openDB<LibrarySchema>(LIBRARY_DB.name, LIBRARY_DB.version, {
      async upgrade(database, oldVersion, _newVersion, transaction) {
        if (oldVersion < 1) {
          const store = database.createObjectStore('reports', { keyPath: ['provider', 'id'] });
          store.createIndex('lastOpenedAt', 'lastOpenedAt');
        }
        if (oldVersion < 2) database.createObjectStore('facts', { keyPath: ['provider', 'id'] });
        if (oldVersion < 3) {
          database.createObjectStore('copies', { keyPath: ['provider', 'id'] });
          database.createObjectStore('assets', { keyPath: 'hash' });
        }
        if (oldVersion < 4) {
          database.createObjectStore('listings', { keyPath: 'k' });
          database.createObjectStore('watched', { keyPath: 'vin' });
        }
        if (oldVersion === 4) {
          const listings = transaction.objectStore('listings');
          for (let cursor = await listings.openCursor(); cursor; cursor = await cursor.continue())
            await cursor.update(upgradedListing(cursor.value) as never);
        }
        if (oldVersion < 6) database.createObjectStore('models', { keyPath: 'mm' });
        if (oldVersion === 6) await upgradeModels(transaction as never);
      },
    }),
  );
  return db;
}
const open = openLibrary;

/**
 * Stores a report, then trims the library to its budget (oldest opened first). `saved` is false when
 * the browser refused the storage: the report is then not kept offline (it opens from the service).
 */
export async function keepReport(
  report: Report,
  createdAt: string,
  budgetBytes = DEFAULT_BUDGET_BYTES,
): Promise<{ stored: StoredReport; saved: boolean }> {
  const stored: StoredReport = {
    ...report,
    createdAt,
    lastOpenedAt: Date.now(),
    bytes: report.html.length * 2,
  };
  try {
    const database = await open();
    await database.put('reports', stored);
    await trim(database, budgetBytes);
    return { stored, saved: true };
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
    console.warn('[library] report not kept offline:', error);
    return { stored, saved: false };
  }
}

export async function findReport(provider: Provider, id: string): Promise<StoredReport | undefined> {
  try {
    const database = await open();
    const found = await database.get('reports', [provider, id]);
    if (found) await database.put('reports', { ...found, lastOpenedAt: Date.now() });
    return found;
  } catch (error) {
    return orNothing(undefined)(error);
  }
}

/**
 * Trims the library to its budget, the least recently opened report first: one budget for the
 * reports and their complete copies' files (each file counted once, however many copies share it:
 * issue 44, copies grew outside the budget until new purchases could no longer be kept). A report's
 * copy goes with it, and a file with the last copy using it; facts stay (a few hundred bytes each).
 * `spare` is never dropped (a copy being kept for it). Returns the bytes the library holds after.
 */
export async function trimLibrary(
  database: IDBPDatabase<LibrarySchema>,
  budgetBytes = DEFAULT_BUDGET_BYTES,
  spare?: [Provider, string],
): Promise<number> {
  const all = await database.getAllFromIndex('reports', 'lastOpenedAt');
  const copies = new Map(
    (await database.getAll('copies')).map((copy) => [`${copy.provider}:${copy.id}`, copy] as const),
  );
  const users = new Map<string, number>();
  const sizes = new Map<string, number>();
  for (const copy of copies.values())
    for (const [hash, size] of Object.entries(copy.sizes ?? {})) {
      users.set(hash, (users.get(hash) ?? 0) + 1);
      sizes.set(hash, size * 2);
    }
  let total = all.reduce((sum, r) => sum + r.bytes, 0) + [...sizes.values()].reduce((a, b) => a + b, 0);
  let dropped = false;
  for (const oldest of all) {
    if (total <= budgetBytes) break;
    if (spare && oldest.provider === spare[0] && oldest.id === spare[1]) continue;
    await database.delete('reports', [oldest.provider, oldest.id]);
    await database.delete('copies', [oldest.provider, oldest.id]);
    total -= oldest.bytes;
    for (const hash of Object.keys(copies.get(`${oldest.provider}:${oldest.id}`)?.sizes ?? {})) {
      const left = (users.get(hash) ?? 1) - 1;
      users.set(hash, left);
      if (left === 0) total -= sizes.get(hash) ?? 0;
    }
    dropped = true;
  }
  if (dropped) await dropUnusedAssets(database);
  return total;
}
const trim = trimLibrary;

/** Removes the copies' files no copy names any more (after a copy or its report went). */
export async function dropUnusedAssets(database: IDBPDatabase<LibrarySchema>): Promise<number> {
  const transaction = database.transaction(['copies', 'assets'], 'readwrite');
  const used = new Set<string>();
  for (const copy of await transaction.objectStore('copies').getAll())
    for (const hash of Object.values(copy.files)) used.add(hash);
  let dropped = 0;
  for (const hash of await transaction.objectStore('assets').getAllKeys())
    if (!used.has(hash)) {
      await transaction.objectStore('assets').delete(hash);
      dropped++;
    }
  await transaction.done;
  return dropped;
}

/** The (provider, id) of every report kept: keys only, no report body is read. */
export async function keptReportKeys(): Promise<Array<[Provider, string]>> {
  return open()
    .then((database) => database.getAllKeys('reports'))
    .catch(orNothing<Array<[Provider, string]>>([]));
}

/** A kept report's summary (its body is read: for the rare report the service's list lacks). */
export async function keptReportSummary(provider: Provider, id: string): Promise<ReportSummary | undefined> {
  const kept = await open()
    .then((database) => database.get('reports', [provider, id]))
    .catch(orNothing(undefined));
  return (
    kept && {
      provider,
      id,
      vin: kept.vin,
      yearMakeModel: kept.yearMakeModel,
      createdAt: kept.createdAt,
      updatedAt: kept.createdAt,
    }
  );
}

/** Forgets the library, the facts read from it and its complete copies (options: "clear cached data"). */
export async function clearLibrary(): Promise<void> {
  await open()
    .then((database) =>
      Promise.all((['reports', 'facts', 'copies', 'assets'] as const).map((store) => database.clear(store))),
    )
    .catch(orNothing(undefined));
}

/** Whether a report is kept offline (its key only: the body is not read). */
export async function isKept(provider: Provider, id: string): Promise<boolean> {
  const key = await open()
    .then((database) => database.getKey('reports', [provider, id]))
    .catch(orNothing(undefined));
  return key !== undefined;
}

/** A kept report's body for reading its facts: not an opening (its place in the trim order stays). */
export async function keptReportHtml(provider: Provider, id: string): Promise<string | undefined> {
  const kept = await open()
    .then((database) => database.get('reports', [provider, id]))
    .catch(orNothing(undefined));
  return kept?.html;
}

/**
 * The facts kept for each report ("provider:id"), those of the current extractor only; anything
 * stored that does not read as facts (another version's shape, a damaged record) is left out and
 * read again from its report.
 */
export async function keptFacts(): Promise<Map<string, ReportFacts>> {
  const all = await open()
    .then((database) => database.getAll('facts'))
    .catch(orNothing<KeptFacts[]>([]));
  const facts = new Map<string, ReportFacts>();
  for (const kept of all) {
    const parsed = ReportFacts.safeParse(kept?.facts);
    if (parsed.success && parsed.data.version === FACTS_VERSION)
      facts.set(`${kept.provider}:${kept.id}`, parsed.data);
  }
  return facts;
}

/** The facts kept for these reports (current extractor only), by "provider:id": a few reads, not all. */
export async function factsOf(
  reports: Array<{ provider: Provider; id: string }>,
): Promise<Map<string, ReportFacts>> {
  const found = new Map<string, ReportFacts>();
  const database = await open().catch(orNothing(undefined));
  if (!database) return found;
  for (const { provider, id } of reports) {
    const kept = await database.get('facts', [provider, id]).catch(orNothing(undefined));
    const parsed = ReportFacts.safeParse(kept?.facts);
    if (parsed.success && parsed.data.version === FACTS_VERSION) found.set(`${provider}:${id}`, parsed.data);
  }
  return found;
}

/** Keeps a report's facts; false when the browser refused the write (they are read again next time). */
export async function keepFacts(provider: Provider, id: string, facts: ReportFacts): Promise<boolean> {
  try {
    const database = await open();
    await database.put('facts', { provider, id, facts });
    return true;
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
    return false;
  }
}
