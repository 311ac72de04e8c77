// The service URL the user types, checked before anything is sent to it (by the options page before
// the browser's permission prompt, and by the background before the key goes anywhere). Pure.

/** The local simulator (`npm run api`): the embedded default for the demo and the tests. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787/v1';

const MAX_LENGTH = 2048;

export type ServiceUrlCheck =
  | {
      ok: true;
      /** Absolute http(s) URL without a trailing slash: the {base_url} paths are appended to. */
      baseUrl: string;
      origin: string;
      /** Set when the URL is usable but probably wrong (no /v1 version segment). */
      warning?: string;
    }
  | { ok: false; message: string };

/** 127.0.0.0/8, localhost and [::1]: the only hosts a key may reach over plain http. */
function isLoopbackHost(hostname: string): boolean {
  // `localhost.` is `localhost` (one trailing dot names the same host).
  const host = hostname.replace(/\.$/, '');
  return /^127(\.\d{1,3}){3}$/.test(host) || host === 'localhost' || host === '[::1]';
}

/** Whether the key may be sent to this URL, and the base URL to use; a message for the user when not. */
export function checkServiceUrl(input: string): ServiceUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: 'Enter the service URL, such as https://example.com/v1.' };
  if (trimmed.length > MAX_LENGTH)
    return {
      ok: false,
      message: `That service URL is ${trimmed.length} characters long; a URL this long cannot be right.`,
    };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const shown = trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed;
    return {
      ok: false,
      message: `"${shown}" is not a URL (check the host, the port and any brackets). Enter the service URL, such as https://example.com/v1.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      message: `The service URL must start with https:// (${url.protocol} is not a web address the key can be sent to).`,
    };
  if (url.username || url.password)
    return {
      ok: false,
      message:
        'The service URL must not contain a user name or password: the API key is sent in its own header.',
    };
  if (url.search || url.hash)
    return { ok: false, message: 'The service URL must not contain "?" or "#" parts.' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return {
      ok: false,
      message: `Plain http:// is accepted only for a service on this computer (127.0.0.1 or localhost): over http://${url.host} your API key would travel unencrypted. Use https://.`,
    };
  const baseUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const result: ServiceUrlCheck = { ok: true, baseUrl, origin: url.origin };
  if (!/\/v1$/.test(baseUrl))
    result.warning = `The service URL usually ends in /v1 (for example ${url.origin}/v1); "${baseUrl}" does not.`;
  return result;
}
