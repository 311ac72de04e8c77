// "Check for new records" compares today's counts with those a report was bought against: the report
// the viewer shows, or (from a badge) the newest report of the VIN, whichever provider's. Issue 44: it
// took the providerA report whenever there was one, so a providerB report's viewer compared with the
// wrong purchase (and spent its record check on that comparison).
import { describe, expect, it } from 'vitest';
import { startBackground } from '../support/background-harness';

const VIN = '1G1PG5SC3C7167133'; // held twice by the demo account: providerA, then providerB 3 minutes later

describe('new records since a purchase', () => {
  it("the viewer's own report, and from a badge the newest held", async () => {
    const bg = await startBackground({ configured: true });
    const reports = (await bg.deliver('listReports', { fresh: true }, bg.senders.page)).value.reports.filter(
      (r: { vin: string }) => r.vin === VIN,
    );
    const of = (provider: string) => reports.find((r: { provider: string }) => r.provider === provider);
    for (const provider of ['providerA', 'providerB']) {
      const shown = of(provider);
      const answer = await bg.deliver(
        'checkNewRecords',
        { vin: VIN, report: { provider, id: shown.id } },
        bg.senders.page,
      );
      expect(answer.value.report).toEqual({ provider, id: shown.id, createdAt: shown.createdAt });
    }
    const fromBadge = await bg.deliver('checkNewRecords', { vin: VIN }, bg.senders.contentScript);
    expect(fromBadge.value.report.provider).toBe('providerB');
    // One record check each, no more.
    expect(bg.sim.log.filter((e) => e.endpoint === 'records')).toHaveLength(3);
  });
});
