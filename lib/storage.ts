// The extension's persistent state, in one place. Only the background reads the API key.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_SERVICE_URL } from './settings';

export const serviceUrlItem = storage.defineItem<string>('local:serviceUrl', {
  fallback: DEFAULT_SERVICE_URL,
});
export const apiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '' });
