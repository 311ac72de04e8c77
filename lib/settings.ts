// The user's connection settings: where the service is and which key to use.

/** The local simulator (`npm run api`): the embedded default for the demo and the tests. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787/v1';

/** Enough of a key to recognise it, never enough to use it: "••••-key" for "demo-api-key". */
export function keyHint(apiKey: string): string {
  const key = apiKey.trim();
  if (!key) return '';
  return `••••${key.slice(-Math.min(4, Math.floor(key.length / 3)))}`;
}
