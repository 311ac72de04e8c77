// "Clear cached data" in the options: forgets what the extension keeps of the service's answers.
// Settings, the key, purchases in progress (money may be involved) and the ledger are kept: the
// service still counts those checks, so the ratio shown must too.
import { ok, type Result } from '@/lib/errors/result';
import { clearRecordCache } from '../records/record-cache';
import { clearLibrary } from '../storage/store';
import { forgetAccount } from './account';

export async function clearCachedData(): Promise<Result<null>> {
  await Promise.all([clearRecordCache(), forgetAccount(), clearLibrary()]);
  return ok(null);
}
