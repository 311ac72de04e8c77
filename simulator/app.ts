// The local simulator of the Vehicle History Report Service: all eight endpoints of
// docs/api-spec.md, the unspecified parts chosen as docs/service-notes.md reports them,
// plus a control surface outside /v1 (faults, request log, reset, beacon) for tests and demos.
import { Hono } from 'hono';
import { createFaults, DROP_HEADER, type FaultInput, faultResponse } from './faults';
import { renderReportHtml } from './report-html';
import { SEED_USERS, SEED_VEHICLES } from './seed';
import {
  addReport,
  createState,
  rollDay,
  type SimProvider,
  type SimReport,
  type SimUser,
  vehicleFor,
  yearMakeModel,
} from './state';

export type EndpointName = 'user' | 'reports' | 'limits' | 'records' | 'buy' | 'report' | 'unknown';

export interface LogEntry {
  seq: number;
  at: string;
  path: string;
  endpoint: EndpointName;
  provider?: SimProvider;
  vin?: string;
  reportId?: string;
  /** 0 when the connection was dropped. */
  status: number;
  /** True when this request took a credit. */
  charged: boolean;
  userId?: string;
}

export interface HeldReportInput {
  apiKey: string;
  provider: SimProvider;
  vin: string;
  html: string;
}

export interface SimulatorOptions {
  now?: () => Date;
  /** Where the reports' stylesheets, fonts and images live (simulator/cdn-server.ts); default the
   * simulator's own /__sim/cdn path, which serves nothing (unit tests render reports only). */
  cdnOrigin?: string;
  sleep?: (ms: number) => Promise<void>;
}

type Env = { Variables: { user: SimUser; entry: LogEntry } };

const VIN_ALPHABET = /^[A-HJ-NPR-Z0-9]+$/;

function classify(path: string): Pick<LogEntry, 'endpoint' | 'provider' | 'vin' | 'reportId'> {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [a, b, c, d] = parts;
  if (a === 'user' && parts.length === 1) return { endpoint: 'user' };
  if (a === 'user' && b === 'reports' && parts.length === 2) return { endpoint: 'reports' };
  if (a === 'user' && b === 'limits' && parts.length === 2) return { endpoint: 'limits' };
  if (a === 'records' && b === 'vin' && parts.length === 3) return { endpoint: 'records', vin: c };
  if ((a === 'providerA' || a === 'providerB') && b === 'vin' && d === 'html' && parts.length === 4) {
    return { endpoint: 'buy', provider: a, vin: c };
  }
  if ((a === 'providerA' || a === 'providerB') && parts.length === 2)
    return { endpoint: 'report', provider: a, reportId: b };
  return { endpoint: 'unknown' };
}

const errorBody = (status: number, error: string, message: string) => ({ error, message, code: status });

/** Checks a VIN the way live deployments do: 400 with their messages. */
function vinProblem(vin: string | undefined): string | null {
  if (vin?.length !== 17) return 'VIN must be 17 characters long';
  if (!VIN_ALPHABET.test(vin.toUpperCase())) return 'Invalid VIN format';
  return null;
}

export function createSimulator(options: SimulatorOptions = {}) {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let state = createState(SEED_USERS, SEED_VEHICLES, now());
  const faults = createFaults();
  let log: LogEntry[] = [];
  let beacons: string[] = [];
  let seq = 0;

  const app = new Hono();

  // ---- control surface (not part of the service) ----
  app.get('/__sim/log', (c) => c.json(log));
  app.delete('/__sim/log', (c) => {
    log = [];
    return c.json({ ok: true });
  });
  app.get('/__sim/faults', (c) => c.json(faults.list()));
  app.post('/__sim/faults', async (c) => c.json(faults.add((await c.req.json()) as FaultInput)));
  app.delete('/__sim/faults', (c) => {
    faults.clear();
    return c.json({ ok: true });
  });
  app.post('/__sim/reports', async (c) => {
    const added = addHeldReport((await c.req.json()) as HeldReportInput);
    return added ? c.json(added) : c.json(errorBody(404, 'Not Found', 'No user has that key'), 404);
  });
  app.post('/__sim/reset', (c) => {
    reset();
    return c.json({ ok: true });
  });
  app.get('/__sim/users', (c) =>
    c.json(
      state.users.map(({ id, apiKey, credits, leftToday, reports }) => ({
        id,
        apiKey,
        credits,
        leftToday,
        reports: reports.length,
      })),
    ),
  );
  // Anything that reaches the beacon came from report HTML that escaped the sandbox.
  app.get('/__sim/beacons', (c) => c.json(beacons));
  app.all('/__sim/beacon/*', (c) => {
    beacons.push(c.req.url);
    return c.body(null, 204);
  });
  app.all('/__sim/beacon', (c) => {
    beacons.push(c.req.url);
    return c.body(null, 204);
  });

  // ---- the service ----
  const v1 = new Hono<Env>();

  v1.use('*', async (c, next) => {
    const path = c.req.path.replace(/^\/v1/, '');
    const entry: LogEntry = {
      seq: ++seq,
      at: now().toISOString(),
      path,
      ...classify(path),
      status: 0,
      charged: false,
    };
    log.push(entry);
    c.set('entry', entry);
    const before = faults.take(entry.endpoint, path, 'before');
    if (before) {
      const response = await faultResponse(before, sleep);
      if (response) {
        entry.status = response.headers.has(DROP_HEADER) ? 0 : response.status;
        return response;
      }
    }
    const key = c.req.header('x-api-key');
    const user = key ? state.users.find((u) => u.apiKey === key) : undefined;
    if (!user) {
      entry.status = 401;
      return c.json(errorBody(401, 'Unauthorized', key ? 'Invalid API key' : 'API key is required'), 401);
    }
    entry.userId = user.id;
    rollDay(user, now());
    c.set('user', user);
    await next();
    const after = faults.take(entry.endpoint, path, 'after');
    const replaced = after ? await faultResponse(after, sleep) : undefined;
    if (replaced) c.res = replaced;
    entry.status = c.res.headers.has(DROP_HEADER) ? 0 : c.res.status;
  });

  v1.get('/user', (c) => {
    const { id, email, name, createdAt, updatedAt } = c.get('user');
    return c.json({ id, email, name, createdAt, updatedAt });
  });

  v1.get('/user/reports', (c) => {
    const summary = (r: SimReport) => ({
      id: r.id,
      VIN: r.vin,
      yearMakeModel: r.yearMakeModel,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
    const reports = c.get('user').reports;
    return c.json({
      providerAReports: reports.filter((r) => r.provider === 'providerA').map(summary),
      providerBReports: reports.filter((r) => r.provider === 'providerB').map(summary),
    });
  });

  v1.get('/user/limits', (c) => {
    const user = c.get('user');
    return c.json({
      dailyLimit: user.dailyLimit,
      providerAReportsLeftToday: user.leftToday.providerA,
      providerBReportsLeftToday: user.leftToday.providerB,
      credits: user.credits,
    });
  });

  v1.get('/records/vin/:vin', (c) => {
    const vin = c.req.param('vin');
    const problem = vinProblem(vin);
    if (problem) return c.json(errorBody(400, 'Bad Request', problem), 400);
    const vehicle = vehicleFor(state, vin.toUpperCase());
    return c.json({
      vehicle: { year: vehicle.year, make: vehicle.make, model: vehicle.model },
      providerA_records: vehicle.providerA,
      providerB_records: vehicle.providerB,
    });
  });

  for (const provider of ['providerA', 'providerB'] as const) {
    const origin = (url: string) => new URL(url).origin;
    const html = (r: SimReport, url: string) =>
      r.html ??
      renderReportHtml({
        ...r,
        origin: origin(url),
        ...(options.cdnOrigin ? { cdnOrigin: options.cdnOrigin } : {}),
        ...(r.padToBytes ? { padToBytes: r.padToBytes } : {}),
      });

    v1.get(`/${provider}/vin/:vin/html`, (c) => {
      const vin = c.req.param('vin').toUpperCase();
      const problem = vinProblem(vin);
      if (problem) return c.json(errorBody(400, 'Bad Request', problem), 400);
      const user = c.get('user');
      if (user.credits <= 0) return c.json(errorBody(402, 'Payment Required', 'Insufficient credits'), 402);
      if (user.leftToday[provider] <= 0) {
        return c.json(errorBody(429, 'Too Many Requests', `Daily ${provider} report limit reached`), 429);
      }
      user.credits--;
      user.leftToday[provider]--;
      c.get('entry').charged = true;
      const report = addReport(state, user, provider, vin, now());
      return c.json({
        yearMakeModel: report.yearMakeModel,
        vin: report.vin,
        id: report.id,
        html: html(report, c.req.url),
      });
    });

    v1.get(`/${provider}/:id`, (c) => {
      const id = c.req.param('id');
      const report = c.get('user').reports.find((r) => r.provider === provider && r.id === id);
      if (!report) return c.json(errorBody(404, 'Not Found', 'Report not found'), 404);
      return c.json({
        id: report.id,
        yearMakeModel: report.yearMakeModel,
        VIN: report.vin,
        html: html(report, c.req.url),
      });
    });
  }

  v1.notFound((c) => c.json(errorBody(404, 'Not Found', 'Endpoint not found'), 404));
  app.route('/v1', v1);
  app.notFound((c) => c.json(errorBody(404, 'Not Found', 'Endpoint not found'), 404));

  /** Gives a user a report they hold, with the given HTML (outside /v1: for tests only). */
  function addHeldReport(input: HeldReportInput): { provider: SimProvider; id: string } | null {
    const user = state.users.find((u) => u.apiKey === input.apiKey);
    if (!user) return null;
    const report = addReport(state, user, input.provider, input.vin, now());
    report.html = input.html;
    return { provider: report.provider, id: report.id };
  }

  function reset() {
    state = createState(SEED_USERS, SEED_VEHICLES, now());
    faults.clear();
    log = [];
    beacons = [];
  }

  /** In-process fetch with the semantics of a real connection: a dropped one rejects like fetch does. */
  async function fetchInProcess(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    const answer = Promise.resolve(app.fetch(request));
    const aborted = new Promise<never>((_, reject) =>
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
    );
    // The losing side of the race must not surface as an unhandled rejection.
    aborted.catch(() => undefined);
    const response = await Promise.race([answer, aborted]);
    if (response.headers.has(DROP_HEADER))
      throw new TypeError('fetch failed', { cause: new Error('other side closed') });
    return response;
  }

  return {
    app,
    fetch: fetchInProcess,
    faults,
    reset,
    addHeldReport,
    get log() {
      return log;
    },
    get beacons() {
      return beacons;
    },
    get state() {
      return state;
    },
    /** The yearMakeModel text the service gives a VIN. */
    describe: (vin: string) => yearMakeModel(vehicleFor(state, vin)),
  };
}
export type Simulator = ReturnType<typeof createSimulator>;
