// How a call to the service fails: statuses and bodies mapped onto the kinds of lib/errors/error-kinds.ts,
// each with words a user can act on.
import type { ErrorData } from '../errors/error-data';
import { type ErrorKind, errorOf } from '../errors/error-kinds';
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
// How long a 429 makes the extension wait. A Retry-After is taken as said when it asks for a wait of
// up to a day; missing, zero, negative, a date in the past, or unreadable is 30 s (a wait of nothing
// would send the next request straight into the limit, and "-1" read as a date is a day in 2001,
// which is 0 ms); more than a day, or absurd ("1e306" seconds is Infinity in milliseconds, which no
// stored schema accepts), is a day.
export const MIN_RETRY_AFTER_MS = 30_000;
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
    return new ApiError(
      'rate-limited',
      `The service is limiting requests (HTTP 429). Try again in ${Math.ceil(retryAfterMs / 1000)} s.${detail}`,
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

/**
 * Milliseconds to wait from a Retry-After header (seconds, or an HTTP date) or a body's retry_after
 * (seconds): what it says up to a day, MIN_RETRY_AFTER_MS when it says nothing usable. The first of
 * the two that can be read wins.
 */
export function parseRetryAfter(
  header: string | null,
  bodyValue: number | string | undefined,
  now = Date.now(),
): number {
  const within = (ms: number) => (ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : MIN_RETRY_AFTER_MS);
  for (const raw of [header, bodyValue]) {
    if (raw === null || raw === undefined || String(raw).trim() === '') continue;
    const text = String(raw).trim();
    // Delay-seconds: digits (a sign or a fraction is read as the number it is, then held within bounds).
    if (/^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(text)) {
      const seconds = Number(text);
      return Number.isFinite(seconds) ? within(seconds * 1000) : MAX_RETRY_AFTER_MS;
    }
    // An HTTP date: only one that names a day of the week or a month, never a bare number.
    if (/[a-z]{3}/i.test(text)) {
      const date = Date.parse(text);
      if (!Number.isNaN(date)) return within(date - now);
    }
  }
  return MIN_RETRY_AFTER_MS;
}

/** An ApiError of this kind with its standard words (lib/errors/error-kinds.ts) unless given others. */
export function apiError(kind: ErrorKind, message?: string): ApiError {
  return new ApiError(kind, message ?? errorOf(kind).message);
}
