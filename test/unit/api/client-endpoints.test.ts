// Each of the eight endpoints through the client, against the in-process simulator.
import { describe, expect, it } from 'vitest';
import { vinOf } from '../../../samples/vin-of';
import { rejectionOf, simulatorWithClient } from '../support/helpers';

describe('client: the eight endpoints', () => {
  it('1 GET /user returns the user who owns the key', async () => {
    const { client } = simulatorWithClient();
    const user = await client.getUser();
    expect(user).toMatchObject({ id: 'u-1001', name: 'Dana Demo', email: 'dana.demo@example.com' });
    expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('2 GET /user/reports merges both providers, newest first, each tagged with its provider', async () => {
    const { client } = simulatorWithClient();
    const reports = await client.getUserReports();
    expect(reports.map((r) => `${r.provider}:${r.id}`)).toEqual([
      'providerB:2',
      'providerA:3',
      'providerA:2',
      'providerB:1',
      'providerA:1',
      'providerB:5',
    ]);
    // The same id in both providers stays two distinct reports.
    expect(
      reports
        .filter((r) => r.id === '1')
        .map((r) => r.provider)
        .sort(),
    ).toEqual(['providerA', 'providerB']);
    expect(reports[0]).toMatchObject({ vin: 'WBSPM9C52BE209978', yearMakeModel: '2011 BMW M3' });
  });

  it('3 GET /user/limits returns the allowance and credits', async () => {
    const { client } = simulatorWithClient();
    expect(await client.getLimits()).toEqual({
      dailyLimit: 20,
      providerAReportsLeftToday: 20,
      providerBReportsLeftToday: 20,
      credits: 25,
    });
  });

  it("8 GET /records/vin/{VIN} returns the vehicle and both providers' counts", async () => {
    const { client } = simulatorWithClient();
    expect(await client.getRecordCounts(vinOf('1C6RD6FT1CS310366'))).toEqual({
      vin: '1C6RD6FT1CS310366',
      vehicle: { year: 2012, make: 'Ram', model: '1500 Laramie' },
      records: { providerA: 33, providerB: 37 },
    });
  });

  it('8 sends a typed VIN (lower case, spaces, dashes) as the one VIN parser wrote it', async () => {
    const { client, sim } = simulatorWithClient();
    const counts = await client.getRecordCounts(vinOf(' 1g1pg5sc3c-7167133 '));
    expect(counts.vin).toBe('1G1PG5SC3C7167133');
    expect(sim.log[0]?.path).toBe('/records/vin/1G1PG5SC3C7167133');
  });

  it.each(['providerA', 'providerB'] as const)(
    '4/6 GET /%s/vin/{VIN}/html buys one report for one credit',
    async (provider) => {
      const { client } = simulatorWithClient();
      const report = await client.buyReport(provider, vinOf('5N3ZA0NE1AN908084'));
      expect(report).toMatchObject({
        provider,
        vin: '5N3ZA0NE1AN908084',
        yearMakeModel: '2010 Infiniti QX56',
      });
      // Each provider's own report page (simulator/report-provider-a.ts, -b.ts).
      expect(report.html).toContain(provider === 'providerA' ? 'Vehicle History Report' : 'Full Report');
      const limits = await client.getLimits();
      expect(limits.credits).toBe(24);
      expect(
        provider === 'providerA' ? limits.providerAReportsLeftToday : limits.providerBReportsLeftToday,
      ).toBe(19);
      const held = await client.getUserReports();
      expect(held.some((r) => r.provider === provider && r.id === report.id && r.vin === report.vin)).toBe(
        true,
      );
    },
  );

  it('4 and 6 go to their own provider paths', async () => {
    const { client, sim } = simulatorWithClient();
    const a = await client.buyReport('providerA', vinOf('JH4DC4340RS003205'));
    const b = await client.buyReport('providerB', vinOf('JH4DC4340RS003205'));
    expect([a.provider, b.provider]).toEqual(['providerA', 'providerB']);
    expect(sim.log.map((e) => e.path)).toEqual([
      '/providerA/vin/JH4DC4340RS003205/html',
      '/providerB/vin/JH4DC4340RS003205/html',
    ]);
  });

  it.each(['providerA', 'providerB'] as const)(
    '5/7 GET /%s/{REPORT_ID} fetches a held report again, free',
    async (provider) => {
      const { client } = simulatorWithClient();
      const report = await client.getReport(provider, '1');
      expect(report).toMatchObject({
        provider,
        id: '1',
        vin: '1G1PG5SC3C7167133',
        yearMakeModel: '2012 Chevrolet Cruze LT',
      });
      expect((await client.getLimits()).credits).toBe(25);
    },
  );

  it.each(['..', '.', '1/../../user', '../user', '1%2F..', 'a b', '1.2'])(
    '5 refuses the report id %j before it becomes a path segment: no request',
    async (id) => {
      const { client, sim } = simulatorWithClient();
      expect(await rejectionOf(client.getReport('providerA', id))).toMatchObject({ kind: 'invalid-input' });
      expect(sim.log).toHaveLength(0);
    },
  );
});
