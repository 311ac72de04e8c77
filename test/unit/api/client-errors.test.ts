// @vitest-environment node
// Every error kind the client can report, produced by the simulator or its fault injection.
import { describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import { normalizeVin } from '@/lib/vin/vin-syntax';
import { vinOf } from '../../../samples/vin-of';
import { BASE_URL, rejectionOf, simulatorWithClient } from '../support/helpers';

describe('client: refused before any request', () => {
  it('takes only a Vin: a string no parser made one of does not compile, and cannot be made one', () => {
    const { client } = simulatorWithClient();
    // The guard, the paste parser and storage reads parse VINs (message-fuzz.test.ts: a malformed
    // VIN request reaches no service); past them the type says "checked", so the client checks
    // nothing again. These lines fail `npm run typecheck` if it ever takes a plain string.
    // @ts-expect-error a 16-character string is not a Vin
    const counts = () => client.getRecordCounts('1G1PG5SC3C716713');
    // @ts-expect-error an O where a 0 belongs is not a Vin
    const buy = () => client.buyReport('providerA', '1G1PG5SC3C71671O3');
    void [counts, buy]; // never called: what is tested is that they do not compile
    expect(normalizeVin('1G1PG5SC3C716713')).toBeNull();
    expect(normalizeVin('1G1PG5SC3C71671O3')).toBeNull();
  });

  it('an empty key is refused locally with a message that says where to enter it', async () => {
    const { sim } = simulatorWithClient();
    const client = createClient({ baseUrl: BASE_URL, apiKey: '  ', fetch: sim.fetch });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'no-key' });
    expect(error.message).toMatch(/options page/);
    expect(sim.log).toHaveLength(0);
  });

  it('a redirect is never followed: one request, sent with redirect "manual", and an error that says the key went nowhere', async () => {
    const seen: Array<{ url: string; redirect: RequestRedirect | undefined }> = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), redirect: init?.redirect });
      return new Response(null, { status: 307, headers: { location: 'https://collector.example/steal' } });
    };
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'demo-api-key', fetch, sleep: async () => {} });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'invalid-response', status: 307 });
    expect(error.message).toMatch(
      /redirect \(HTTP 307\).*does not follow redirects, so your key was sent nowhere else/,
    );
    expect(seen).toEqual([{ url: `${BASE_URL}/user`, redirect: 'manual' }]);
    // What a browser gives for a manual redirect: an opaque answer with status 0.
    const opaque = createClient({
      baseUrl: BASE_URL,
      apiKey: 'demo-api-key',
      fetch: async () =>
        Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' }),
    });
    expect(await rejectionOf(opaque.getLimits())).toMatchObject({ kind: 'invalid-response' });
  });

  it('an answer over 10 MB is refused before it is parsed', async () => {
    const { client, sim } = simulatorWithClient();
    const held = sim.addHeldReport({
      apiKey: 'demo-api-key',
      provider: 'providerA',
      vin: '1G1PG5SC3C7167133',
      html: `<p>${'x'.repeat(11 * 1024 * 1024)}</p>`,
    });
    const error = await rejectionOf(client.getReport('providerA', held?.id ?? ''));
    expect(error).toMatchObject({ kind: 'too-large' });
    expect(error.message).toMatch(/more than 10 MB/);
    // Just under the limit is fine.
    const fits = sim.addHeldReport({
      apiKey: 'demo-api-key',
      provider: 'providerA',
      vin: '1G1PG5SC3C7167133',
      html: `<p>${'x'.repeat(9 * 1024 * 1024)}</p>`,
    });
    expect((await client.getReport('providerA', fits?.id ?? '')).html.length).toBeGreaterThan(
      9 * 1024 * 1024,
    );
  });

  it('an empty or overlong report id is refused locally', async () => {
    const { client, requests } = simulatorWithClient();
    expect((await rejectionOf(client.getReport('providerA', ''))).kind).toBe('invalid-input');
    expect((await rejectionOf(client.getReport('providerB', '9'.repeat(200)))).kind).toBe('invalid-input');
    expect(requests()).toBe(0);
  });
});

describe('client: answers of the service', () => {
  it('401 for an unknown key says the key or the network was rejected', async () => {
    const { sim } = simulatorWithClient();
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'not-a-key', fetch: sim.fetch });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'key-rejected', status: 401 });
    expect(error.message).toMatch(/network is not allowed/);
    expect(error.message).toContain('Invalid API key');
  });

  it('403 is a rejected key too', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'status', status: 403, endpoint: 'limits' });
    expect(await rejectionOf(client.getLimits())).toMatchObject({ kind: 'key-rejected', status: 403 });
  });

  it("400 from the service is a bad request with the service's words", async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 400,
      body: { error: 'Bad Request', message: 'Invalid VIN format', code: 400 },
    });
    const error = await rejectionOf(client.getRecordCounts(vinOf('1G1PG5SC3C7167133')));
    expect(error).toMatchObject({ kind: 'bad-request', status: 400 });
    expect(error.message).toContain('Invalid VIN format');
  });

  it("an unknown report id, or another user's, is not found", async () => {
    const { client } = simulatorWithClient();
    expect(await rejectionOf(client.getReport('providerA', '999'))).toMatchObject({
      kind: 'not-found',
      status: 404,
    });
    // providerA report 4 belongs to the dealer account, not to the demo user.
    expect(await rejectionOf(client.getReport('providerA', '4'))).toMatchObject({
      kind: 'not-found',
      status: 404,
    });
  });

  it('402 when no credits are left is "exhausted", and nothing is charged', async () => {
    const { sim } = simulatorWithClient();
    const client = createClient({ baseUrl: BASE_URL, apiKey: 'empty-api-key', fetch: sim.fetch });
    const error = await rejectionOf(client.buyReport('providerA', vinOf('1G1PG5SC3C7167133')));
    expect(error).toMatchObject({ kind: 'exhausted', status: 402 });
    expect(error.message).toMatch(/credits/);
    expect(sim.log.filter((e) => e.charged)).toHaveLength(0);
  });

  it('a spent daily allowance is "exhausted", not a rate limit to wait out', async () => {
    const { sim, client } = simulatorWithClient();
    const demo = sim.state.users[0]!;
    demo.leftToday.providerB = 0;
    const error = await rejectionOf(client.buyReport('providerB', vinOf('1G1PG5SC3C7167133')));
    expect(error).toMatchObject({ kind: 'exhausted', status: 429 });
    expect(error.message).toMatch(/Daily providerB report limit/);
    expect(sim.log).toHaveLength(1);
  });
});

describe('client: rate limits and retries', () => {
  it("a free read retries a 429 after the body's retry_after, then succeeds", async () => {
    const { sim, client, sleeps, requests } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'limits',
      times: 1,
      body: { error: 'Too Many Requests', retry_after: 2 },
    });
    expect((await client.getLimits()).credits).toBe(25);
    expect(requests('limits')).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it('a Retry-After header is honoured', async () => {
    const { sim, client, sleeps } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 429,
      endpoint: 'user',
      times: 1,
      headers: { 'retry-after': '3' },
    });
    await client.getUser();
    expect(sleeps).toEqual([3000]);
  });

  it('a 429 asking for a long wait is handed to the caller with its wait, not slept through', async () => {
    const { sim, client, sleeps } = simulatorWithClient();
    sim.faults.add({ kind: 'status', status: 429, body: { error: 'Too Many Requests', retry_after: 60 } });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 60_000 });
    expect(error.message).toMatch(/Try again in 60 s/);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['1e306', 86_400_000],
    ['99999999999', 86_400_000],
    ['Wed, 01 Jan 3000 00:00:00 GMT', 86_400_000],
  ])('a Retry-After of %s is bounded to a day: a finite wait every store accepts', async (header, ms) => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'status', status: 429, headers: { 'retry-after': header } });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: ms });
    expect(Number.isFinite(error.retryAfterMs)).toBe(true);
  });

  it.each([
    ['missing', {}],
    ['zero', { headers: { 'retry-after': '0' } }],
    ['negative', { headers: { 'retry-after': '-1' } }],
    ['a date in the past', { headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } }],
    ['unreadable', { headers: { 'retry-after': 'soon' } }],
    ['a negative retry_after in the body', { body: { error: 'Too Many Requests', retry_after: -5 } }],
  ])(
    'a 429 whose wait is %s means 30 s, handed to the caller: no request sent straight back into it',
    async (_, fault) => {
      const { sim, client, sleeps, requests } = simulatorWithClient();
      sim.faults.add({ kind: 'status', status: 429, ...fault });
      const error = await rejectionOf(client.getUser());
      expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 30_000 });
      expect(error.message).toMatch(/Try again in 30 s/);
      expect(requests()).toBe(1);
      expect(sleeps).toEqual([]);
    },
  );

  it('500 on a free read is retried 3 times, then reported as a server error', async () => {
    const { sim, client, requests } = simulatorWithClient();
    sim.faults.add({ kind: 'status', status: 500, endpoint: 'reports' });
    const error = await rejectionOf(client.getUserReports());
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(requests('reports')).toBe(4);
  });

  it.each([
    ['a 503', { kind: 'status', status: 503 }, 'server'],
    ['a 429', { kind: 'status', status: 429, body: { retry_after: 1 } }, 'rate-limited'],
    ['a dropped connection', { kind: 'drop' }, 'network'],
  ] as const)(
    'a record check that meets %s is sent once, never retried (the service counts each)',
    async (_, fault, kind) => {
      const { sim, client, requests, sleeps } = simulatorWithClient();
      sim.faults.add({ ...fault, endpoint: 'records', times: 1 });
      expect(await rejectionOf(client.getRecordCounts(vinOf('1G1PG5SC3C7167133')))).toMatchObject({ kind });
      expect(requests('records')).toBe(1);
      expect(sleeps).toEqual([]);
      // Asked again by the user, it succeeds.
      expect((await client.getRecordCounts(vinOf('1G1PG5SC3C7167133'))).records.providerA).toBe(21);
    },
  );

  it.each([
    ['a 500', { kind: 'status', status: 500 }, 'server'],
    ['a 429', { kind: 'status', status: 429, body: { retry_after: 1 } }, 'rate-limited'],
    ['a dropped connection', { kind: 'drop' }, 'network'],
  ] as const)('a purchase that meets %s is sent once, never retried', async (_, fault, kind) => {
    const { sim, client, requests } = simulatorWithClient();
    sim.faults.add({ ...fault, endpoint: 'buy' });
    expect((await rejectionOf(client.buyReport('providerA', vinOf('1G1PG5SC3C7167133')))).kind).toBe(kind);
    expect(requests('buy')).toBe(1);
  });

  it('a purchase charged by the service but cut off on the way back is still sent only once', async () => {
    const { sim, client, requests } = simulatorWithClient();
    sim.faults.add({ kind: 'drop', endpoint: 'buy', phase: 'after' });
    expect((await rejectionOf(client.buyReport('providerB', vinOf('1G1PG5SC3C7167133')))).kind).toBe(
      'network',
    );
    expect(requests('buy')).toBe(1);
    expect(sim.log.filter((e) => e.charged)).toHaveLength(1);
  });
});

describe('client: broken transports and bodies', () => {
  it('a dropped connection is a network error naming the host', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'drop' });
    const error = await rejectionOf(client.getUser());
    expect(error.kind).toBe('network');
    expect(error.message).toContain('sim.test');
  });

  it('a connection dropped in the middle of the body is a network error', async () => {
    const { sim, client } = simulatorWithClient({ retry: { retries: 0 } });
    sim.faults.add({ kind: 'drop-mid-body', endpoint: 'reports' });
    expect((await rejectionOf(client.getUserReports())).kind).toBe('network');
  });

  it('a service slower than the timeout is a timeout', async () => {
    const { sim, client } = simulatorWithClient({ timeoutMs: 30, retry: { retries: 0 } });
    sim.faults.add({ kind: 'latency', latencyMs: 300 });
    const error = await rejectionOf(client.getLimits());
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within/);
  });

  it('malformed JSON with 200 is an invalid response, not a crash', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'malformed-json', endpoint: 'user' });
    const error = await rejectionOf(client.getUser());
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect(error.message).toMatch(/not JSON/);
  });

  it("a proxy's HTML error page is reported with its status", async () => {
    const { sim, client } = simulatorWithClient({ retry: { retries: 0 } });
    sim.faults.add({ kind: 'html-error', status: 502 });
    const error = await rejectionOf(client.getLimits());
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(error.message).toContain('HTTP 502');
  });

  it('an HTML page with 200 is an invalid response that says what came', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'html-error', status: 200 });
    const error = await rejectionOf(client.getUser());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('text/html');
  });

  it('an empty body is an invalid response', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'empty', status: 200 });
    expect((await rejectionOf(client.getLimits())).message).toMatch(/empty answer/);
  });

  it('an answer that fails its schema names the field', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 200,
      endpoint: 'reports',
      body: {
        providerAReports: [{ id: '1', VIN: 42, createdAt: 'x', updatedAt: 'x' }],
        providerBReports: [],
      },
    });
    const error = await rejectionOf(client.getUserReports());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('providerAReports.0.VIN');
  });

  it('credits that are not an integer fail strictly', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 200,
      endpoint: 'limits',
      body: { dailyLimit: 20, providerAReportsLeftToday: 20, providerBReportsLeftToday: 20, credits: '25' },
    });
    expect((await rejectionOf(client.getLimits())).message).toContain('"credits"');
  });

  it('numeric ids and null yearMakeModel are accepted leniently', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({
      kind: 'status',
      status: 200,
      endpoint: 'report',
      body: { id: 7, yearMakeModel: null, VIN: '1G1PG5SC3C7167133', html: '<p>x</p>' },
    });
    expect(await client.getReport('providerA', '7')).toMatchObject({ id: '7', yearMakeModel: '' });
  });

  it('an unexpected status is reported with its number', async () => {
    const { sim, client } = simulatorWithClient();
    sim.faults.add({ kind: 'status', status: 418 });
    expect(await rejectionOf(client.getUser())).toMatchObject({ kind: 'invalid-response', status: 418 });
  });

  it('a connection refused is a network error', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', retry: { retries: 0 } });
    expect((await rejectionOf(client.getUser())).kind).toBe('network');
  });
});
