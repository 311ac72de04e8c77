// Record counts for a VIN (endpoint 8), only ever on a user's request.
import type { RecordCounts } from '@/lib/api/schemas';
import type { VinRequest } from '@/lib/messaging';
import { ok, type Result } from '@/lib/result';
import { currentClient } from './service';

export async function getRecordCounts({ vin }: VinRequest): Promise<Result<RecordCounts>> {
  const client = await currentClient();
  return ok(await client.getRecordCounts(vin));
}
