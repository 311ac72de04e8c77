// The service client, made from the stored settings for each use (settings may change at any time).
import { createClient, type ServiceClient } from '@/lib/api/client';
import { PURCHASE_TIMEOUT_MS, READ_TIMEOUT_MS } from '../timing';
import { usableCredentials } from './credentials';

export async function currentClient(): Promise<ServiceClient> {
  const { baseUrl, apiKey } = await usableCredentials();
  return createClient({
    baseUrl,
    apiKey,
    timeoutMs: READ_TIMEOUT_MS,
    purchaseTimeoutMs: PURCHASE_TIMEOUT_MS,
  });
}
