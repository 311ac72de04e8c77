// @vitest-environment node
// The simulator keeps the service's books the way the spec and the service notes say.
import { describe, expect, it } from 'vitest';
import { checkDigitStatus } from '@/lib/vin/vin-syntax';
import { createSimulator } from '@/simulator/app';
import { SEED_VEHICLES } from '@/simulator/seed';

const get = (sim: ReturnType<typeof createSimulator>, path: string, key: string | null = 'demo-api-key') =>
  sim.fetch(`http://sim.test${path}`, key === null ? {} : { headers: { 'x-api-key': key } });

describe('simulator', () => {
  it('answers a missing key, a 16-character VIN and an unknown id with JSON errors', async () => {
    const sim = createSimulator();
    const missing = await get(sim, '/v1/user', null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: 'Unauthorized',
      message: 'API key is required',
      code: 401,
    });
    const short = await get(sim, '/v1/records/vin/1G1PG5SC3C716713');
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('VIN must be 17 characters long');
    const bad = await get(sim, '/v1/records/vin/1G1PG5SC3C716713Q');
    expect((await bad.json()).message).toBe('Invalid VIN format');
    const unknown = await get(sim, '/v1/providerB/424242');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe('Not Found');
  });

  it("a purchase takes one credit and one of that provider's allowance, and logs the charge", async () => {
    const sim = createSimulator();
    const bought = await get(sim, '/v1/providerA/vin/1FMDU34X7PUD75574/html');
    expect(Object.keys(await bought.json())).toEqual(['yearMakeModel', 'vin', 'id', 'html']);
    const limits = await (await get(sim, '/v1/user/limits')).json();
    expect(limits).toEqual({
      dailyLimit: 20,
      providerAReportsLeftToday: 19,
      providerBReportsLeftToday: 20,
      credits: 24,
    });
    expect(sim.log.filter((e) => e.charged).map((e) => [e.endpoint, e.provider, e.vin])).toEqual([
      ['buy', 'providerA', '1FMDU34X7PUD75574'],
    ]);
  });

  it('by-ID answers carry a capitalised VIN key, by-VIN answers a lower-case one', async () => {
    const sim = createSimulator();
    expect(Object.keys(await (await get(sim, '/v1/providerA/1')).json())).toEqual([
      'id',
      'yearMakeModel',
      'VIN',
      'html',
    ]);
  });

  it('free endpoints take no credit', async () => {
    const sim = createSimulator();
    for (const path of [
      '/v1/user',
      '/v1/user/reports',
      '/v1/records/vin/1G1PG5SC3C7167133',
      '/v1/providerA/1',
      '/v1/providerB/1',
    ]) {
      expect((await get(sim, path)).status).toBe(200);
    }
    expect((await (await get(sim, '/v1/user/limits')).json()).credits).toBe(25);
  });

  it("records the service adds to one simulator's vehicle stay there: a new simulator and a reset start from the seed", async () => {
    const counts = async (sim: ReturnType<typeof createSimulator>) =>
      (await (await get(sim, '/v1/records/vin/5N3ZA0NE1AN908084')).json()).providerA_records as number;
    const first = createSimulator();
    const seeded = await counts(first);
    const vehicle = first.state.vehicles.get('5N3ZA0NE1AN908084');
    if (!vehicle) throw new Error('no seeded vehicle');
    vehicle.providerA += 3;
    expect(await counts(first)).toBe(seeded + 3);
    expect(await counts(createSimulator())).toBe(seeded);
    first.reset();
    expect(await counts(first)).toBe(seeded);
  });

  it('daily allowances come back at 00:00 UTC', async () => {
    let now = new Date('2026-11-21T23:59:00Z');
    const sim = createSimulator({ now: () => now });
    sim.state.users[0]!.leftToday.providerA = 0;
    expect((await get(sim, '/v1/providerA/vin/1FMDU34X7PUD75574/html')).status).toBe(429);
    now = new Date('2026-11-22T00:00:01Z');
    expect((await get(sim, '/v1/providerA/vin/1FMDU34X7PUD75574/html')).status).toBe(200);
  });

  it('faults apply the given number of times, then the service answers normally again', async () => {
    const sim = createSimulator();
    sim.faults.add({ kind: 'status', status: 503, endpoint: 'user', times: 2 });
    expect([
      (await get(sim, '/v1/user')).status,
      (await get(sim, '/v1/user')).status,
      (await get(sim, '/v1/user')).status,
    ]).toEqual([503, 503, 200]);
  });

  it('seeds at least 30 real VINs, some with no records for one provider', () => {
    expect(SEED_VEHICLES.length).toBeGreaterThanOrEqual(30);
    expect(SEED_VEHICLES.filter((v) => v.providerA === 0 || v.providerB === 0).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(SEED_VEHICLES.filter((v) => checkDigitStatus(v.vin) !== 'valid').map((v) => v.vin)).toEqual([]);
  });

  it('demo report HTML looks like a report and carries the hostile parts the sandbox must stop', async () => {
    const sim = createSimulator();
    const { html } = await (await get(sim, '/v1/providerA/1')).json();
    for (const part of [
      '<table',
      '<img',
      'style=',
      '<script>',
      'onerror=',
      'http-equiv="refresh"',
      '<form',
      '/__sim/beacon',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('the demo user holds a report of about 1 MB of HTML', async () => {
    const sim = createSimulator();
    const { html } = await (await get(sim, '/v1/providerB/5')).json();
    expect(html.length).toBeGreaterThan(1_000_000);
  });
});
