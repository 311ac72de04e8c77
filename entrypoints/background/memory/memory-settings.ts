// The memory's settings (on, sites left out, retention, notifications). Forgetting all of it:
// clear-memory.ts.

import { ok, type Result } from '@/lib/errors/result';
import { siteName } from '@/lib/memory/listing-url';
import { DEFAULT_MEMORY_SETTINGS, MemorySettings } from '@/lib/memory/memory-messages';
import { storedValue } from '../storage/store';

export const memorySettings = storedValue('memorySettings', MemorySettings, () => DEFAULT_MEMORY_SETTINGS);

export const getMemorySettings = async (): Promise<Result<MemorySettings>> => ok(await memorySettings.get());

export async function saveMemorySettings(settings: MemorySettings): Promise<Result<MemorySettings>> {
  // Named as pages' hosts are (siteName): "https://www.smithford.com" is smithford.com.
  const offSites = [...new Set(settings.offSites.map(siteName).filter(Boolean))];
  const saved = { ...settings, offSites };
  await memorySettings.set(saved);
  return ok(saved);
}
