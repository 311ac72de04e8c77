// The service client, made from the stored settings for each use (settings may change at any time).
import { createClient, type ServiceClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { apiKeyItem, serviceUrlItem } from '@/lib/storage';

export async function currentClient(): Promise<ServiceClient> {
  const [baseUrl, apiKey] = await Promise.all([serviceUrlItem.getValue(), apiKeyItem.getValue()]);
  if (!apiKey)
    throw new ApiError('invalid-input', 'No API key is set yet. Open the options page to enter it.');
  return createClient({ baseUrl, apiKey });
}
