// Where the service is and which key to use, in the background's own store (no content script can
// read or write it, in either browser). The key is bound to the origin it was checked against: it is
// never sent anywhere else, even if the stored URL were changed behind the background's back.
import { z } from 'zod/mini';
import { checkServiceUrl, DEFAULT_SERVICE_URL } from '@/lib/account/service-url';
import { apiError } from '@/lib/api/errors';
import { storedValue } from '../storage/store';

const serviceUrlValue = storedValue('serviceUrl', z.string(), () => DEFAULT_SERVICE_URL);
const apiKeyValue = storedValue('apiKey', z.string(), () => '');
/** The origin the key was validated against (absent for a key moved from an older version: its URL's). */
const keyOriginValue = storedValue('keyOrigin', z.string(), () => '');
/**
 * Which saved settings these are: a new random id at every save. A purchase, a batch and the
 * account read for them carry the id they began under; the id differs once the key or the service
 * has changed, and what began under the old one is never finished, settled or cached under the new
 * one. Settings saved by a version without it have '' (one generation until the next save).
 */
const generationValue = storedValue('credentialsGeneration', z.string(), () => '');

export interface Credentials {
  serviceUrl: string;
  apiKey: string;
  /** Where the key may go: the origin of the URL it was saved with. */
  keyOrigin: string;
}

export async function readCredentials(): Promise<Credentials> {
  const [serviceUrl, apiKey, keyOrigin] = await Promise.all([
    serviceUrlValue.get(),
    apiKeyValue.get(),
    keyOriginValue.get(),
  ]);
  const checked = checkServiceUrl(serviceUrl);
  return { serviceUrl, apiKey, keyOrigin: keyOrigin || (checked.ok ? checked.origin : '') };
}

/**
 * Stores a URL and the key checked against it, together: a new generation unless they are the ones
 * saved already (saving the same settings again must not orphan the purchases made with them).
 */
export async function writeCredentials(serviceUrl: string, apiKey: string, keyOrigin: string): Promise<void> {
  const stored = await readCredentials();
  const same = stored.serviceUrl === serviceUrl && stored.apiKey === apiKey && stored.keyOrigin === keyOrigin;
  await Promise.all([
    serviceUrlValue.set(serviceUrl),
    apiKeyValue.set(apiKey),
    keyOriginValue.set(keyOrigin),
    ...(same ? [] : [generationValue.set(crypto.randomUUID())]),
  ]);
}

/** The generation of the settings saved now (see generationValue). */
export const currentGeneration = (): Promise<string> => generationValue.get();

/** The URL and key to call the service with; refuses (sending nothing) when they do not belong together. */
export async function usableCredentials(): Promise<{ baseUrl: string; apiKey: string; generation: string }> {
  const [{ serviceUrl, apiKey, keyOrigin }, generation] = await Promise.all([
    readCredentials(),
    generationValue.get(),
  ]);
  if (!apiKey) throw apiError('no-key');
  const checked = checkServiceUrl(serviceUrl);
  if (!checked.ok) throw apiError('invalid-input', checked.message);
  if (checked.origin !== keyOrigin)
    throw apiError(
      'no-key',
      `The stored key was checked against ${keyOrigin}, not ${checked.origin}: enter it again in the options page.`,
    );
  return { baseUrl: checked.baseUrl, apiKey, generation };
}
