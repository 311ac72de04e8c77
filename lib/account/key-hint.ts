// What extension pages may see of the API key: a hint, never the key.

/** Enough of a key to recognise it, never enough to use it: "••••-key" for "demo-api-key". */
export function keyHint(apiKey: string): string {
  const key = apiKey.trim();
  if (!key) return '';
  return `••••${key.slice(-Math.min(4, Math.floor(key.length / 3)))}`;
}
