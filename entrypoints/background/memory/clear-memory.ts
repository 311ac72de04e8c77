// "Clear browsing memory" (the options page): every listing and watched vehicle, at once, and every
// note made before the click loses (sightings.ts: discardSightings).
import { ok, type Result } from '@/lib/errors/result';
import { clearMemory } from '../storage/memory-store';
import { discardSightings } from './sightings';

export async function clearBrowsingMemory(): Promise<Result<null>> {
  await discardSightings();
  await clearMemory();
  return ok(null);
}
