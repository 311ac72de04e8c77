// Fault injection for tests: make chosen requests slow, failing, malformed or cut off.
import { z } from 'zod';

export const FaultKind = z.enum([
  'status', // answer with `status` and a JSON error body (or `body` as given)
  'malformed-json', // 200 with a truncated JSON body
  'html-error', // a proxy's HTML error page with `status` (default 502)
  'empty', // `status` (default 200) with an empty body
  'drop', // close the connection before any response
  'drop-mid-body', // send headers and half a body, then close
  'latency', // only wait `latencyMs`, then answer normally
]);

export const FaultSpec = z.object({
  kind: FaultKind,
  /** Endpoint names: user, reports, limits, records, buy, report (see app.ts). Absent: every /v1 endpoint. */
  endpoint: z.string().optional(),
  /** Substring of the path after /v1, e.g. "/providerA/". */
  path: z.string().optional(),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  latencyMs: z.number().int().nonnegative().max(600_000).optional(),
  /** How many matching requests it applies to; absent: until cleared. */
  times: z.number().int().positive().optional(),
  /** "after": the request is handled (a purchase is charged) and then the fault replaces the answer. */
  phase: z.enum(['before', 'after']).default('before'),
});
export type FaultSpec = z.infer<typeof FaultSpec>;
export type FaultInput = z.input<typeof FaultSpec>;

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

export function createFaults() {
  let active: ActiveFault[] = [];
  return {
    add(input: FaultInput): FaultSpec {
      const spec = FaultSpec.parse(input);
      active.push({ spec, remaining: spec.times ?? Number.POSITIVE_INFINITY });
      return spec;
    },
    clear() {
      active = [];
    },
    list: () => active.map((a) => a.spec),
    /** The first fault matching this request and phase, consuming one of its uses. */
    take(endpoint: string, path: string, phase: 'before' | 'after'): FaultSpec | undefined {
      const hit = active.find(
        (a) =>
          a.remaining > 0 &&
          a.spec.phase === phase &&
          (!a.spec.endpoint || a.spec.endpoint === endpoint) &&
          (!a.spec.path || path.includes(a.spec.path)),
      );
      if (!hit) return undefined;
      hit.remaining--;
      active = active.filter((a) => a.remaining > 0);
      return hit.spec;
    },
  };
}

export const DROP_HEADER = 'x-simulator-drop';

/** The Response a fault produces; `undefined` for pure latency. */
export async function faultResponse(
  spec: FaultSpec,
  sleep: (ms: number) => Promise<void>,
): Promise<Response | undefined> {
  if (spec.latencyMs) await sleep(spec.latencyMs);
  const headers = new Headers(spec.headers);
  switch (spec.kind) {
    case 'latency':
      return undefined;
    case 'status': {
      const status = spec.status ?? 500;
      headers.set('content-type', 'application/json');
      const body = spec.body ?? {
        error: `Simulated ${status}`,
        message: `Injected fault with status ${status}`,
        code: status,
      };
      return new Response(JSON.stringify(body), { status, headers });
    }
    case 'malformed-json':
      headers.set('content-type', 'application/json');
      return new Response('{"id": "1", "yearMakeModel": "2012 Chev', { status: spec.status ?? 200, headers });
    case 'html-error':
      headers.set('content-type', 'text/html');
      return new Response(
        '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
        { status: spec.status ?? 502, headers },
      );
    case 'empty':
      return new Response('', { status: spec.status ?? 200, headers });
    case 'drop':
      headers.set(DROP_HEADER, '1');
      return new Response(null, { status: 599, headers });
    case 'drop-mid-body': {
      headers.set('content-type', 'application/json');
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"providerAReports": [{"id": "1", "VIN": "1G1PG5'));
          setTimeout(() => controller.error(new Error('simulated connection drop')), 20);
        },
      });
      return new Response(stream, { status: 200, headers });
    }
  }
}
