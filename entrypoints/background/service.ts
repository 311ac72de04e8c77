// The service client, made from the stored settings for each use (settings may change at any time).
import { createClient, type ServiceClient } from '@/lib/api/client';
import { apiError } from '@/lib/api/errors';
import { apiKeyItem, serviceUrlItem } from './credentials';

// The loopback build (e2e tests, `npm start` on the simulator) gives up sooner, so the tests can
// exercise timeouts in seconds; the store build waits 15 s for reads and 60 s for a purchase.
const TIMEOUTS = import.meta.env.MODE === 'loopback' ? { timeoutMs: 1_500, purchaseTimeoutMs: 3_000 } : {};

export async function currentClient(): Promise<ServiceClient> {
  const [baseUrl, apiKey] = await Promise.all([serviceUrlItem.getValue(), apiKeyItem.getValue()]);
  if (!apiKey) throw apiError('no-key');
  return createClient({ baseUrl, apiKey, ...TIMEOUTS });
}
