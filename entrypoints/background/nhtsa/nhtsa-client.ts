// Calls to NHTSA's free APIs: one at a time and at most four a second across every caller (NHTSA asks
// for no key but throttles bursts), retried twice on a 429, a 5xx, a timeout or a dropped connection
// (free reads: a retry costs nothing), each failure in words that say nothing was kept.
import type { z } from 'zod/mini';
import { parseJson, readLimited } from '@/lib/api/client';
import { ApiError, parseRetryAfter } from '@/lib/api/errors';
import { createSerialQueue } from '@/lib/serial-queue';
import { NHTSA_BACKOFF_MS, READ_TIMEOUT_MS } from '../timing';

const GAP_MS = 250;
const RETRIES = 2;
/** A model's complaints run to a few MB at most. */
const MAX_BYTES = 16 * 1024 * 1024;
const RETRYABLE = ['rate-limited', 'server', 'timeout', 'network'];

const queue = createSerialQueue();
let lastAt = 0;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * NHTSA's recalls and complaints answer a make, model and year they hold nothing on with HTTP 400 and
 * their ordinary empty body (the complaints' keys in lower case), as public clients document; any
 * other 400 is a failure.
 */
function emptyAnswer(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const body = json as Record<string, unknown>;
  const count = body.Count ?? body.count;
  const message = String(body.Message ?? body.message ?? '');
  return count === 0 && Array.isArray(body.results) && body.results.length === 0 && /success/i.test(message);
}

async function once<S extends z.ZodMiniType>(url: string, schema: S, init: RequestInit): Promise<z.infer<S>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), READ_TIMEOUT_MS * 2);
  const failed = (kind: ApiError['kind'], words: string, status?: number, retryAfterMs?: number) =>
    new ApiError(kind, `${words} Nothing was kept; try again later.`, status, retryAfterMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    text = await readLimited(response, MAX_BYTES);
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw controller.signal.aborted
      ? failed('timeout', `NHTSA did not answer within ${(READ_TIMEOUT_MS * 2) / 1000} s.`)
      : failed('network', `Could not reach NHTSA (${new URL(url).host}).`);
  } finally {
    clearTimeout(timer);
  }
  const { status } = response;
  const retryAfter = response.headers.get('retry-after');
  if (status === 429)
    throw failed(
      'rate-limited',
      'NHTSA asked the extension to slow down (HTTP 429).',
      status,
      retryAfter ? parseRetryAfter(retryAfter, undefined) : undefined,
    );
  if (status >= 500) throw failed('server', `NHTSA's server failed (HTTP ${status}).`, status);
  const json = parseJson(text);
  const answered = response.ok || (status === 400 && emptyAnswer(json));
  const parsed = answered && json !== undefined ? schema.safeParse(json) : undefined;
  if (!parsed?.success)
    throw failed(
      'invalid-response',
      json === undefined
        ? `NHTSA sent something that is not its data (HTTP ${status}, ${response.headers.get('content-type') ?? 'no type'}).`
        : `NHTSA's answer was not what its API sends (HTTP ${status}${parsed ? `, field ${parsed.error.issues[0]?.path.join('.') || '(whole answer)'}` : ''}).`,
      status,
    );
  return parsed.data as z.infer<S>;
}

/** One NHTSA answer, parsed with its schema (nhtsa-wire.ts); an ApiError when it cannot be had. */
export async function askNhtsa<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await queue(async () => {
        await wait(lastAt + GAP_MS - Date.now());
        try {
          return await once(url, schema, init);
        } finally {
          lastAt = Date.now();
        }
      });
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.includes(error.kind) || attempt >= RETRIES) throw error;
      // NHTSA's Retry-After when it says one (within 10 s); else 1 s, then 3 s.
      await wait(Math.min(error.retryAfterMs ?? 0, 10_000) || NHTSA_BACKOFF_MS * 3 ** attempt);
    }
  }
}
