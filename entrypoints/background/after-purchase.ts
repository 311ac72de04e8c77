// What follows a report the user paid for: the ledger counts it, and pages see the new balance.
import { ApiError } from '@/lib/api/errors';
import { refreshAccount } from './account';
import { recordInLedger } from './ledger';

export async function afterPurchase(vin: string): Promise<void> {
  await recordInLedger('purchase', vin);
  // Credits and allowance changed: refresh what pages show (failure here loses nothing).
  await refreshAccount().catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}
