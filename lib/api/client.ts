// Client for the eight endpoints of the Vehicle History Report Service.
// Only the background imports this: it is the one place that holds the key and spends money.
import type { z } from 'zod/mini';
import { canonicalVin, type Provider, REPORT_ID, type Report } from '../domain';
import type { Vin } from '../vin/vin-syntax';
import { parseBaseUrl } from './base-url';
import { ApiError, apiError, errorFromResponse } from './errors';
import {
  ErrorBodyWire,
  FetchedReportWire,
  LimitsWire,
  normaliseRecordCounts,
  normaliseUserReports,
  PurchasedReportWire,
  RecordCountsWire,
  UserReportsWire,
  UserWire,
} from './wire';

export interface RetryPolicy {
  /** Further attempts after the first, for free reads only. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 429 asking to wait longer than this is returned to the caller instead of waited out. */
  maxRetryAfterMs: number;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt, for free reads. */
  timeoutMs?: number;
  /** For purchases, which may take the service longer to produce. */
  purchaseTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Purchases travel apart from the free reads. Browsers resend a GET, once, when a connection they
 * reused from the pool closes before any answer (they take it for an idle connection the server had
 * dropped); if the service had charged before the connection died, that resend buys the report
 * twice. Chromium pools connections by credentials mode, so a purchase sent with credentials does
 * not ride on the connection the reads before it just left idle. This narrows the risk, it does not
 * remove it: a resend that happens anyway shows as a second new report, which the extension reports
 * (see lib/purchases/purchase-intent.ts).
 */
const PURCHASE_CREDENTIALS: RequestCredentials = 'include';
const READ_CREDENTIALS: RequestCredentials = 'omit';

const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 400,
  maxDelayMs: 8000,
  maxRetryAfterMs: 20_000,
};
const RETRYABLE = new Set(['network', 'timeout', 'server', 'rate-limited']);
/** Larger answers are refused before parsing: a report is HTML of a few hundred KB at most. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export type ServiceClient = ReturnType<typeof createClient>;

/** A redirect answer: browsers show it as an opaque one (status 0), Node as the 30x itself. */
const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

/**
 * Not a refusal (lib/purchases/purchase-intent.ts): a purchase answered this way has an unknown outcome and is
 * reconciled, never reported as "nothing was bought".
 */
const redirected = (status: number) =>
  new ApiError(
    'invalid-response',
    `The service answered with a redirect${status ? ` (HTTP ${status})` : ''}. The extension does not follow redirects, so your key was sent nowhere else: check the service URL in the options (the service may have moved).`,
    status || undefined,
  );

/** Creates a client bound to one service URL and key; `fetch` is injected so tests can pass a simulator. */
export function createClient(options: ClientOptions) {
  const { baseUrl } = parseBaseUrl(options.baseUrl);
  const apiKey = options.apiKey.trim();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const purchaseTimeoutMs = options.purchaseTimeoutMs ?? 60_000;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  async function once<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    limitMs: number,
    call: CallOptions,
    credentials: RequestCredentials = READ_CREDENTIALS,
  ) {
    if (!apiKey) throw apiError('no-key');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const onOuterAbort = () => controller.abort();
    call.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: 'GET',
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
        signal: controller.signal,
        cache: 'no-store',
        credentials,
        referrerPolicy: 'no-referrer',
        // Never followed: a 30x would carry x-api-key to wherever it points (a cross-origin redirect
        // drops only Authorization), and any host the extension may reach, or that allows the
        // header in its CORS answer, would get the key.
        redirect: 'manual',
      });
      if (isRedirect(response)) throw redirected(response.status);
      text = await readLimited(response, MAX_RESPONSE_BYTES);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      if (call.signal?.aborted) throw cause;
      if (timedOut) {
        throw new ApiError('timeout', `The service did not answer within ${Math.round(limitMs / 1000)} s.`);
      }
      throw new ApiError(
        'network',
        `Could not reach the service at ${new URL(baseUrl).host} (${describeCause(cause)}). Check your connection and the service URL.`,
      );
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onOuterAbort);
    }
    const json = parseJson(text);
    if (!response.ok) {
      const body = json === undefined ? null : (ErrorBodyWire.safeParse(json).data ?? null);
      throw errorFromResponse(response.status, body, response.headers.get('retry-after'));
    }
    if (json === undefined) {
      const type = response.headers.get('content-type') ?? 'no content type';
      const what = text.trim() === '' ? 'an empty answer' : `something that is not JSON (${type})`;
      throw new ApiError(
        'invalid-response',
        `The service sent ${what} with HTTP ${response.status}.`,
        response.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(whole answer)';
      throw new ApiError(
        'invalid-response',
        `The service's answer did not have the expected shape: field "${field}": ${issue?.message ?? 'invalid'}.`,
        response.status,
      );
    }
    return parsed.data as z.infer<S>;
  }

  /** Free reads the service does not count against the user: retried with full-jitter backoff on
   * network errors, timeouts, 5xx and 429. */
  async function read<S extends z.ZodMiniType>(path: string, schema: S, call: CallOptions = {}) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(path, schema, timeoutMs, call);
      } catch (error) {
        if (!(error instanceof ApiError) || !RETRYABLE.has(error.kind) || attempt >= retry.retries)
          throw error;
        if ((error.retryAfterMs ?? 0) > retry.maxRetryAfterMs) throw error;
        const backoff = random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
        await sleep(Math.max(backoff, error.retryAfterMs ?? 0), call.signal);
      }
    }
  }

  function idPath(id: string): string {
    const trimmed = String(id).trim();
    // A path segment of its own: no dots (".." would climb to {base}/), no slashes, bounded.
    if (!REPORT_ID.test(trimmed)) {
      throw new ApiError(
        'invalid-input',
        'That report id is not valid: ids are 1 to 128 letters, digits, "-" or "_".',
      );
    }
    return trimmed;
  }

  /** Endpoints 4 and 6: spends one credit. Sent exactly once: never retried, whatever happens. */
  async function buyReport(provider: Provider, vin: Vin, call: CallOptions = {}): Promise<Report> {
    const wire = await once(
      // A Vin is 17 of [A-HJ-NPR-Z0-9] (lib/vin/vin-syntax.ts): a path segment as it is.
      `/${provider}/vin/${vin}/html`,
      PurchasedReportWire,
      purchaseTimeoutMs,
      call,
      PURCHASE_CREDENTIALS,
    );
    return {
      provider,
      id: wire.id,
      vin: canonicalVin(wire.vin),
      yearMakeModel: wire.yearMakeModel,
      html: wire.html,
    };
  }

  /** Endpoints 5 and 7: a report already bought, by id. Free. */
  async function getReport(provider: Provider, id: string, call: CallOptions = {}): Promise<Report> {
    const wire = await read(`/${provider}/${idPath(id)}`, FetchedReportWire, call);
    return {
      provider,
      id: wire.id,
      vin: canonicalVin(wire.VIN),
      yearMakeModel: wire.yearMakeModel,
      html: wire.html,
    };
  }

  return {
    baseUrl,
    /** Endpoint 1: the user that owns the key. */
    getUser: (call?: CallOptions) => read('/user', UserWire, call),
    /** Endpoint 2: both providers' report lists, merged newest first. */
    getUserReports: async (call?: CallOptions) =>
      normaliseUserReports(await read('/user/reports', UserReportsWire, call)),
    /** Endpoint 3: daily allowance and credits. */
    getLimits: (call?: CallOptions) => read('/user/limits', LimitsWire, call),
    /**
     * Endpoint 8: record counts for a VIN. Free but watched by the service (it may revoke a key that
     * checks without buying), so sent once and never retried: every request counts against the user.
     */
    getRecordCounts: async (vin: Vin, call: CallOptions = {}) =>
      normaliseRecordCounts(vin, await once(`/records/vin/${vin}`, RecordCountsWire, timeoutMs, call)),
    /** Endpoints 4 (providerA) and 6 (providerB). */
    buyReport,
    /** Endpoints 5 (providerA) and 7 (providerB). */
    getReport,
  };
}

/** The body as text, refused (and the transfer cancelled) past `max` bytes. */
export async function readLimited(response: Response, max: number): Promise<string> {
  const tooLarge = () =>
    new ApiError(
      'too-large',
      `The service sent more than ${Math.round(max / 1024 / 1024)} MB, more than any report needs; it was refused unread.`,
      response.status,
    );
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error)
    return (cause.cause instanceof Error ? cause.cause.message : '') || cause.message;
  return String(cause);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
