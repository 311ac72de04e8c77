// Every report bought or fetched, kept in IndexedDB so it opens offline and at once. Keyed by
// (provider, id); the least recently opened are dropped when the library outgrows its budget.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Provider, Report, ReportSummary } from '@/lib/api/schemas';

export interface StoredReport extends Report {
  /** When the service created it (from /user/reports), or when we received it. */
  createdAt: string;
  lastOpenedAt: number;
  bytes: number;
}

interface LibrarySchema extends DBSchema {
  reports: { key: [Provider, string]; value: StoredReport; indexes: { lastOpenedAt: number } };
}

const DEFAULT_BUDGET_BYTES = 50 * 1024 * 1024;
let db: Promise<IDBPDatabase<LibrarySchema>> | undefined;

function open() {
  db ??= openDB<LibrarySchema>('vin-history-library', 1, {
    upgrade(database) {
      const store = database.createObjectStore('reports', { keyPath: ['provider', 'id'] });
      store.createIndex('lastOpenedAt', 'lastOpenedAt');
    },
  });
  return db;
}

/** Stores a report, then trims the library to its budget (oldest opened first). */
export async function keepReport(
  report: Report,
  createdAt: string,
  budgetBytes = DEFAULT_BUDGET_BYTES,
): Promise<StoredReport> {
  const stored: StoredReport = {
    ...report,
    createdAt,
    lastOpenedAt: Date.now(),
    bytes: report.html.length * 2,
  };
  const database = await open();
  await database.put('reports', stored);
  await trim(database, budgetBytes);
  return stored;
}

export async function findReport(provider: Provider, id: string): Promise<StoredReport | undefined> {
  const database = await open();
  const found = await database.get('reports', [provider, id]);
  if (found) await database.put('reports', { ...found, lastOpenedAt: Date.now() });
  return found;
}

async function trim(database: IDBPDatabase<LibrarySchema>, budgetBytes: number) {
  const all = await database.getAllFromIndex('reports', 'lastOpenedAt');
  let total = all.reduce((sum, r) => sum + r.bytes, 0);
  for (const oldest of all) {
    if (total <= budgetBytes) break;
    await database.delete('reports', [oldest.provider, oldest.id]);
    total -= oldest.bytes;
  }
}

/** The (provider, id) of every report kept: keys only, no report body is read. */
export async function keptReportKeys(): Promise<Array<[Provider, string]>> {
  return (await open()).getAllKeys('reports');
}

/** A kept report's summary (its body is read: for the rare report the service's list lacks). */
export async function keptReportSummary(provider: Provider, id: string): Promise<ReportSummary | undefined> {
  const kept = await (await open()).get('reports', [provider, id]);
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

/** Forgets the library (options: "clear cached data"). */
export async function clearLibrary(): Promise<void> {
  await (await open()).clear('reports');
}
