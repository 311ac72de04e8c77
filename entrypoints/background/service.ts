// The service client, made from the stored settings for each use (settings may change at any time).
import { createClient, type ServiceClient } from '@/lib/api/client';
import { apiError } from '@/lib/api/errors';
import { apiKeyItem, serviceUrlItem } from './credentials';
import { PURCHASE_TIMEOUT_MS, READ_TIMEOUT_MS } from './timing';

export async function currentClient(): Promise<ServiceClient> {
  const [baseUrl, apiKey] = await Promise.all([serviceUrlItem.getValue(), apiKeyItem.getValue()]);
  if (!apiKey) throw apiError('no-key');
  return createClient({
    baseUrl,
    apiKey,
    timeoutMs: READ_TIMEOUT_MS,
    purchaseTimeoutMs: PURCHASE_TIMEOUT_MS,
  });
}
