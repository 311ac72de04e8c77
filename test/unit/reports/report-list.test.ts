// The report library's data: the whole list (kept with its age, usable offline), the popup's
// search over it, private notes that survive "Clear cached data", and a CSV safe in a spreadsheet.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { csvCell } from '@/lib/reports/csv';
import { startBackground } from '../support/background-harness';

describe("the popup's headline", () => {
  type Headline = { limits: { credits: number }; reports: unknown[]; reportCount: number };
  const headline = async () =>
    (await fakeBrowser.storage.session.get('headline')).headline as Headline | undefined;

  it('is kept in storage.session as the account changes: the newest 5 reports and the count, no key', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    await vi.waitFor(async () => expect((await headline())?.limits.credits).toBe(25));
    expect((await headline())?.reports).toHaveLength(5);
    expect((await headline())?.reportCount).toBe(6);
    expect(JSON.stringify(await headline())).not.toContain('demo-api-key');
    // A purchase moves it (without a read of the list); a new key forgets it.
    await bg.deliver('purchaseReport', { provider: 'providerA', vin: '5N3ZA0NE1AN908084' }, bg.senders.page);
    await vi.waitFor(async () => expect((await headline())?.limits.credits).toBe(24));
    expect((await headline())?.reportCount).toBe(7);
    await bg.deliver('clearCachedData', undefined, bg.senders.page);
    await vi.waitFor(async () => expect(await headline()).toBeUndefined());
  });

  it('is written again when the worker starts after a browser restart, with the display names', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    await bg.deliver('saveProviderNames', { providerA: 'AutoLedger' }, bg.senders.page);
    await vi.waitFor(async () =>
      expect((await fakeBrowser.storage.session.get('headlineNames')).headlineNames).toEqual({
        providerA: 'AutoLedger',
      }),
    );
    // The browser closes: storage.session is gone, the extension's own store stays.
    await fakeBrowser.storage.session.clear();
    await startBackground({ keepStorage: true, sim: bg.sim });
    await vi.waitFor(async () => expect((await headline())?.limits.credits).toBe(25));
    expect((await headline())?.reportCount).toBe(6);
    expect((await fakeBrowser.storage.session.get('headlineNames')).headlineNames).toEqual({
      providerA: 'AutoLedger',
    });
  });

  it("an account read overtaken by a forget says so: the old account's headline does not come back", async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    const { cachedAccountRead, forgetAccount } = await import('@/entrypoints/background/account/account');
    const { restoreHeadline } = await import('@/entrypoints/background/account/headline-session');
    // The worker's start reads the cached account while the user saves another key (which forgets it).
    const reading = cachedAccountRead();
    await forgetAccount();
    const read = await reading;
    expect(read.account?.limits.credits).toBe(25);
    expect(read.current()).toBe(false);
    await fakeBrowser.storage.session.clear();
    await restoreHeadline(
      async () => read,
      async () => ({}),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await headline()).toBeUndefined();
  });
});

describe('report list', () => {
  it('lists every report held with the time of the list, and the last good copy when the service is down', async () => {
    const bg = await startBackground({ configured: true });
    const fresh = await bg.deliver('listReports', { fresh: true }, bg.senders.page);
    expect(fresh.value.reports).toHaveLength(6);
    expect(fresh.value.at).toBeGreaterThan(0);
    expect(fresh.value.offline).toEqual([]);
    const first = fresh.value.reports[0];
    await bg.deliver('openReport', { provider: first.provider, id: first.id }, bg.senders.page);
    bg.sim.faults.add({ kind: 'drop' });
    const offline = await bg.deliver('listReports', { fresh: true }, bg.senders.page);
    expect(offline.ok).toBe(true);
    expect(offline.value.reports).toEqual(fresh.value.reports);
    expect(offline.value.at).toBe(fresh.value.at);
    expect(offline.value.refreshError?.kind).toBe('network');
    expect(offline.value.offline).toEqual([`${first.provider}:${first.id}`]);
  });

  it("lists a report saved offline that the service's list no longer shows, from its saved copy", async () => {
    const bg = await startBackground({ configured: true });
    const first = (await bg.deliver('listReports', { fresh: true }, bg.senders.page)).value.reports[0];
    await bg.deliver('openReport', { provider: first.provider, id: first.id }, bg.senders.page);
    const user = bg.sim.state.users.find((u) => u.apiKey === 'demo-api-key');
    if (!user) throw new Error('no demo user');
    user.reports = user.reports.filter((r) => !(r.provider === first.provider && r.id === first.id));
    const list = await bg.deliver('listReports', { fresh: true }, bg.senders.page);
    expect(list.value.reports).toHaveLength(6);
    expect(list.value.reports.find((r: { id: string }) => r.id === first.id)).toMatchObject({
      vin: first.vin,
      yearMakeModel: first.yearMakeModel,
    });
  });

  it('pages asking for a fresh account at the same moment share one read of the service', async () => {
    const bg = await startBackground({ configured: true });
    const reads = () => bg.sim.log.filter((e) => e.endpoint === 'reports').length;
    const before = reads();
    const answers = await Promise.all(
      [1, 2, 3].map(() => bg.deliver('getAccount', { fresh: true, recent: 5 }, bg.senders.page)),
    );
    expect(answers.every((a) => a.ok && a.value.reportCount === 6)).toBe(true);
    expect(reads() - before).toBe(1);
    // Once it is answered, the next fresh request reads again.
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    expect(reads() - before).toBe(2);
  });

  it('the popup gets the newest few and the count; its search looks at all of them', async () => {
    const bg = await startBackground({ configured: true });
    const account = await bg.deliver('getAccount', { fresh: true, recent: 2 }, bg.senders.page);
    expect(account.value.reports).toHaveLength(2);
    expect(account.value.reportCount).toBe(6);
    const cruze = await bg.deliver('searchReports', { query: 'cruze', limit: 10 }, bg.senders.page);
    expect(cruze.value.total).toBe(2);
    expect(cruze.value.matches.every((r: { yearMakeModel: string }) => /cruze/i.test(r.yearMakeModel))).toBe(
      true,
    );
    const vin = await bg.deliver('searchReports', { query: '1fmdu34x', limit: 10 }, bg.senders.page);
    expect(vin.value.matches.map((r: { vin: string }) => r.vin)).toEqual(['1FMDU34X7PUD75574']);
    const limited = await bg.deliver('searchReports', { query: '', limit: 1 }, bg.senders.page);
    expect(limited.value).toMatchObject({ total: 6 });
    expect(limited.value.matches).toHaveLength(1);
  });

  it('keeps private notes through "Clear cached data" and exports them in a spreadsheet-safe CSV', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver(
      'saveNote',
      { vin: '1fmdu34x7pud75574', text: '=HYPERLINK("http://x","click")' },
      bg.senders.page,
    );
    await bg.deliver(
      'saveNote',
      { vin: '1G1PG5SC3C7167133', text: 'Seen at the auction, lot 42' },
      bg.senders.page,
    );
    await bg.deliver('clearCachedData', undefined, bg.senders.page);
    const list = await bg.deliver('listReports', { fresh: true }, bg.senders.page);
    expect(list.value.notes).toEqual({
      '1FMDU34X7PUD75574': '=HYPERLINK("http://x","click")',
      '1G1PG5SC3C7167133': 'Seen at the auction, lot 42',
    });
    const csv = await bg.exportCsv(bg.senders.page);
    expect(csv.split('\r\n')[0]).toBe(
      '"provider","report_id","vin","year_make_model","bought_at","note","owners","accidents","worst_accident","title_brands","last_odometer_mi","last_odometer_date","odometer_problem","use","open_recalls","provider_score","service_records","vehicle_owners","vehicle_accidents","vehicle_worst_accident","vehicle_title_brands","vehicle_last_odometer_mi","vehicle_last_odometer_date","vehicle_odometer_problem","vehicle_use","vehicle_open_recalls","vehicle_service_records","vehicle_reports_differ_on"',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csv).toContain(',"Seen at the auction, lot 42"');
    // An empty note deletes it.
    const after = await bg.deliver('saveNote', { vin: '1G1PG5SC3C7167133', text: '  ' }, bg.senders.page);
    expect(Object.keys(after.value)).toEqual(['1FMDU34X7PUD75574']);
    // A note for something that is not a VIN is refused with the reason.
    const bad = await bg.deliver('saveNote', { vin: 'not a vin', text: 'x' }, bg.senders.page);
    expect(bad.ok ? '' : bad.error.kind).toBe('invalid-input');
  });

  it('a CSV cell a spreadsheet would run as a formula is neutralised', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}1+1`).replace(/^"/, '').startsWith(`'${lead}`)).toBe(true);
    expect(csvCell('2019 Honda Accord')).toBe('"2019 Honda Accord"');
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});
