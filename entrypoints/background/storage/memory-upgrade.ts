// Library version 7 (issue 61), from version 6's memory: the models' records re-filed under the
// names their titles read as now, their rows given sellers, and the rows no listing is filed under
// any more dropped (lib/memory/model-cars.ts: upgradedModels). Inside the upgrade's transaction: all
// of it or none.
import type { IDBPTransaction } from 'idb';
import { readVehicleTitle } from '@/lib/market/vehicle-title';
import { modelRecord, refiledNames, upgradedModels } from '@/lib/memory/model-cars';

/** The upgrade's transaction (typed without the library's schema: report-store.ts imports this file). */
type Upgrade = IDBPTransaction<unknown, string[], 'versionchange'>;

export async function upgradeModels(transaction: Upgrade): Promise<void> {
  const models = transaction.objectStore('models');
  const records = (await models.getAll()).flatMap((value) => modelRecord(value) ?? []);
  const refiled = refiledNames(records, (title) => readVehicleTitle(title));
  // Each listing under its model's new name; what each vehicle's listing on each site is filed under.
  const filed = new Map<string, Set<string>>();
  const listings = transaction.objectStore('listings');
  for (let cursor = await listings.openCursor(); cursor; cursor = await cursor.continue()) {
    const value = cursor.value as { k?: unknown; mm?: unknown };
    if (typeof value.k !== 'string' || typeof value.mm !== 'string') continue;
    const mm = refiled.get(value.mm)?.mm ?? value.mm;
    if (mm !== value.mm) await cursor.update({ ...value, mm } as never);
    const [vin, site] = value.k.split(' ');
    const key = `${vin} ${site}`;
    filed.set(key, (filed.get(key) ?? new Set()).add(mm));
  }
  await models.clear();
  for (const record of upgradedModels(records, refiled, filed)) await models.put(record);
}
