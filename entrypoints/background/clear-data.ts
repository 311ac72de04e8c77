// "Clear cached data" in the options: forgets what the extension keeps of the service's answers.
// Settings, the key, purchases in progress (money may be involved) and the ledger are kept: the
// service still counts those checks, so the ratio shown must too.
import { ok, type Result } from '@/lib/result';
import { forgetAccount } from './account';
import { clearRecordCache } from './record-cache';
import { clearLibrary } from './report-library';

export async function clearCachedData(): Promise<Result<null>> {
  await Promise.all([clearRecordCache(), forgetAccount(), clearLibrary()]);
  return ok(null);
}
