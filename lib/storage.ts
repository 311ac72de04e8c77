// The extension's persistent state, in one place. Only the background reads the API key.
// Everything read back is parsed: a value from an older version or a corrupted store falls back
// to its default instead of breaking the extension.
import { storage } from 'wxt/utils/storage';
import { z } from 'zod/mini';
import { RecordCounts } from './api/schemas';
import { EconomySettings, LedgerEntry, readEconomySettings } from './economy';
import { DEFAULT_SERVICE_URL } from './settings';

export const serviceUrlItem = storage.defineItem<string>('local:serviceUrl', {
  fallback: DEFAULT_SERVICE_URL,
});
export const apiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '' });

const economyItem = storage.defineItem<unknown>('local:economySettings', { fallback: {} });
export const economySettings = {
  get: async (): Promise<EconomySettings> => readEconomySettings(await economyItem.getValue()),
  set: (value: EconomySettings) => economyItem.setValue(EconomySettings.parse(value)),
};

export const CachedCounts = z.object({ counts: RecordCounts, at: z.number() });
export type CachedCounts = z.infer<typeof CachedCounts>;
const RecordCache = z.record(z.string(), CachedCounts);
const recordCacheItem = storage.defineItem<unknown>('local:recordCache', { fallback: {} });
export const recordCache = {
  get: async (): Promise<Record<string, CachedCounts>> =>
    RecordCache.safeParse(await recordCacheItem.getValue()).data ?? {},
  set: (value: Record<string, CachedCounts>) => recordCacheItem.setValue(value),
};

const Ledger = z.array(LedgerEntry);
const ledgerItem = storage.defineItem<unknown>('local:ledger', { fallback: [] });
export const ledger = {
  get: async (): Promise<LedgerEntry[]> => Ledger.safeParse(await ledgerItem.getValue()).data ?? [],
  set: (value: LedgerEntry[]) => ledgerItem.setValue(value),
};
