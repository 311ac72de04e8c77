// Profile, limits and credits for the popup.
import type { Account } from '@/lib/messaging';
import { ok, type Result } from '@/lib/result';
import { currentClient } from './service';

export async function getAccount(): Promise<Result<Account>> {
  const client = await currentClient();
  const [user, limits] = await Promise.all([client.getUser(), client.getLimits()]);
  return ok({ user, limits });
}
