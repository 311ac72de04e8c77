// How a call to the service fails: statuses and bodies mapped onto the kinds of lib/error-kinds.ts,
// each with words a user can act on.
import type { ErrorData } from '../error-data';
import { type ErrorKind, errorOf } from '../error-kinds';
import type { ErrorBody } from './wire';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Plain data for messaging and storage. */
  toData(): ErrorData {
    const data: ErrorData = { kind: this.kind, message: this.message };
    if (this.status !== undefined) data.status = this.status;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    return data;
  }
}

// Words that say the user's credits or allowance are spent (nothing to wait out), not a rate limit.
// "Rate limit exceeded" is a rate limit whatever else it says: a 429 taken for "exhausted" would
// neither pause nor stop a run of record checks, and each next one would be sent into it.
const EXHAUSTED_WORDS = /credit|daily|allowance|quota/i;
const RATE_WORDS = /rate|slow down|throttl/i;
// The longest wait a Retry-After may ask for that is taken as said: a day. Longer, absurd ("1e306"
// seconds is Infinity in milliseconds, which no stored schema accepts), or negative: a day.
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Turns an HTTP error status and its (possibly absent) JSON body into an ApiError. */
export function errorFromResponse(
  status: number,
  body: ErrorBody | null,
  retryAfterHeader: string | null,
): ApiError {
  const said = [body?.error, body?.message].filter(Boolean).join(': ');
  const detail = said ? ` The service said: "${said.slice(0, 200)}".` : '';
  if (status === 401 || status === 403) {
    return new ApiError(
      'key-rejected',
      `The service rejected the API key (HTTP ${status}), or this network is not allowed by the service (some deployments accept only listed IP addresses). Check the key in the options page.${detail}`,
      status,
    );
  }
  if (
    status === 402 ||
    (status === 429 &&
      EXHAUSTED_WORDS.test(said) &&
      !RATE_WORDS.test(said) &&
      body?.retry_after === undefined)
  ) {
    return new ApiError(
      'exhausted',
      `No credits or daily allowance left for this (HTTP ${status}).${detail}`,
      status,
    );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(retryAfterHeader, body?.retry_after);
    const wait = retryAfterMs === undefined ? '' : ` Try again in ${Math.ceil(retryAfterMs / 1000)} s.`;
    return new ApiError(
      'rate-limited',
      `The service is limiting requests (HTTP 429).${wait}${detail}`,
      status,
      retryAfterMs,
    );
  }
  if (status === 400)
    return new ApiError('bad-request', `The service refused the request (HTTP 400).${detail}`, status);
  if (status === 404)
    return new ApiError('not-found', `Not found at the service (HTTP 404).${detail}`, status);
  if (status >= 500) {
    return new ApiError(
      'server',
      `The service had an internal error (HTTP ${status}). Try again later.${detail}`,
      status,
    );
  }
  return new ApiError(
    'invalid-response',
    `The service answered with an unexpected HTTP ${status}.${detail}`,
    status,
  );
}

/** Milliseconds to wait from a Retry-After header (seconds or HTTP date) or a body's retry_after (seconds). */
function parseRetryAfter(
  header: string | null,
  bodyValue: number | string | undefined,
  now = Date.now(),
): number | undefined {
  for (const raw of [header, bodyValue]) {
    if (raw === null || raw === undefined || raw === '') continue;
    const seconds = Number(raw);
    if (!Number.isNaN(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
    const date = Date.parse(String(raw));
    if (!Number.isNaN(date)) return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
  }
  return undefined;
}

/** An ApiError of this kind with its standard words (lib/error-kinds.ts) unless given others. */
export function apiError(kind: ErrorKind, message?: string): ApiError {
  return new ApiError(kind, message ?? errorOf(kind).message);
}
