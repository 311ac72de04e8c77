// The service client, made from the stored settings (settings may change at any time). A client
// knows the generation of the settings it was made from (credentials.ts): a purchase uses one client
// from start to end, so a key changed meanwhile never makes it buy, settle or cache under another
// account.
import { createClient, type ServiceClient } from '@/lib/api/client';
import { PURCHASE_TIMEOUT_MS, READ_TIMEOUT_MS } from '../timing';
import { usableCredentials } from './credentials';

export type AccountClient = ServiceClient & { readonly generation: string };

export async function currentClient(): Promise<AccountClient> {
  const { baseUrl, apiKey, generation } = await usableCredentials();
  const client = createClient({
    baseUrl,
    apiKey,
    timeoutMs: READ_TIMEOUT_MS,
    purchaseTimeoutMs: PURCHASE_TIMEOUT_MS,
  });
  return Object.assign(client, { generation });
}
