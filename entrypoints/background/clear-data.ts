// "Clear cached data" in the options: forgets what the extension keeps of the service's answers.
// Settings, the key, pending purchases (money may be involved) and the ledger are kept: the
// service still counts those checks, so the ratio shown must too.
import { ok, type Result } from '@/lib/result';
import { recordCache } from '@/lib/storage';
import { forgetAccount } from './account';
import { exclusive } from './record-checks';
import { clearLibrary } from './report-library';

export async function clearCachedData(): Promise<Result<null>> {
  await exclusive(() => recordCache.set({}));
  await Promise.all([forgetAccount(), clearLibrary()]);
  return ok(null);
}
