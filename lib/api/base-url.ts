// The service URL the user types, made into the {base_url} every path is appended to.
import { ApiError } from './errors';

/** The local simulator (`npm run api`): the embedded default for the demo and the tests. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8787/v1';

export interface BaseUrl {
  /** Absolute http(s) URL without a trailing slash. */
  baseUrl: string;
  /** Set when the URL is usable but probably wrong (no /v1 version segment). */
  warning?: string;
}

/** Accepts the URL with or without trailing slash; throws ApiError('invalid-input') when unusable. */
export function parseBaseUrl(input: string): BaseUrl {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ApiError(
      'invalid-input',
      `"${trimmed}" is not a URL. Enter the service URL, such as https://example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(
      'invalid-input',
      `The service URL must start with https:// (or http:// for a local service).`,
    );
  }
  if (url.search || url.hash) {
    throw new ApiError('invalid-input', 'The service URL must not contain "?" or "#" parts.');
  }
  const baseUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const result: BaseUrl = { baseUrl };
  if (!/\/v1$/.test(baseUrl)) {
    result.warning = `The service URL usually ends in /v1 (for example ${url.origin}/v1); "${baseUrl}" does not.`;
  }
  return result;
}
