// @vitest-environment node
// Key facts kept beside the library's reports: a library of the previous release (0.1.0: database
// version 1, reports only) opens with every report and gains the facts store; facts are kept only
// for reports held offline, read back only when they are this extractor's; pages alone may ask.
import { IDBObjectStore as FDBObjectStore } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { FACTS_VERSION, noFacts, type ReportFacts } from '@/lib/reports/facts/report-facts';
import { startBackground } from '../support/background-harness';

const VIN = '1G1PG5SC3C7167133';
/** What release 0.1.0 kept: database version 1, the reports store and its index, nothing else. */
async function previousReleaseLibrary() {
  const db = await openDB('vin-history-library', 1, {
    upgrade(database) {
      const store = database.createObjectStore('reports', { keyPath: ['provider', 'id'] });
      store.createIndex('lastOpenedAt', 'lastOpenedAt');
    },
  });
  await db.put('reports', {
    provider: 'providerA',
    id: 'kept-1',
    vin: VIN,
    yearMakeModel: '2012 Chevrolet Cruze LT',
    html: '<html><body><header class="al-header">AutoLedger</header></body></html>',
    createdAt: '2026-11-01T00:00:00.000Z',
    lastOpenedAt: 1,
    bytes: 140,
  });
  db.close();
}

const facts: ReportFacts = {
  ...noFacts('providerA'),
  owners: { value: 2, quote: '2 Previous owners', anchor: 'ownership' },
  accidents: { value: { count: 1, worst: 'minor' }, quote: '1 accident reported', anchor: 'damage' },
  titleBrands: { value: [], quote: 'No title problems reported', anchor: 'title-history' },
};

/** A facts record exactly as release 0.2 (FACTS_VERSION 1) wrote it. */
const PREVIOUS_RELEASE_FACTS = {
  version: 1,
  layout: 'providerA',
  owners: { value: 1, quote: '1 Previous owner', anchor: 'ownership' },
  accidents: { value: { count: 0, worst: null }, quote: 'No accidents or damage reported', anchor: 'damage' },
  titleBrands: { value: [], quote: 'No title problems reported', anchor: 'title-history' },
  lastOdometer: {
    value: { miles: 48900, date: '03/14/2025' },
    quote: '48,900 last reported odometer reading',
    anchor: 'ownership',
  },
  odometerProblem: null,
  use: { value: 'Personal', quote: 'Personal vehicle', anchor: 'overview' },
  openRecalls: { value: 0, quote: 'No open recalls reported', anchor: 'overview' },
  score: null,
  serviceRecords: { value: 7, quote: '7 Service history records', anchor: 'detailed' },
};

const originalPut = FDBObjectStore.prototype.put;
afterEach(() => {
  FDBObjectStore.prototype.put = originalPut;
});

describe('key facts in the library', () => {
  it('a disk that refuses the write loses nothing: the report stays, its facts are read again next time', async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    await bg.deliver('getReportFacts', undefined, page); // the database upgraded first
    FDBObjectStore.prototype.put = function refused() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const saved = await bg.deliver('saveReportFacts', { provider: 'providerA', id: 'kept-1', facts }, page);
    expect(saved.ok).toBe(true);
    FDBObjectStore.prototype.put = originalPut;
    expect((await bg.deliver('getReportFacts', undefined, page)).value.pending).toEqual([
      { provider: 'providerA', id: 'kept-1' },
    ]);
    expect((await bg.deliver('getKeptReport', { provider: 'providerA', id: 'kept-1' }, page)).ok).toBe(true);
  });

  it("opens the previous release's library with its reports, and reads, keeps and exports their facts", async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    // The report of 0.1.0 is still there, offline, and waits for its facts.
    const list = await bg.deliver('listReports', undefined, page);
    expect(list.value.offline).toContain('providerA:kept-1');
    const before = await bg.deliver('getReportFacts', undefined, page);
    expect(before.value).toEqual({ facts: {}, pending: [{ provider: 'providerA', id: 'kept-1' }] });
    const body = await bg.deliver('getKeptReport', { provider: 'providerA', id: 'kept-1' }, page);
    expect(body.value.html).toContain('al-header');

    expect(
      (await bg.deliver('saveReportFacts', { provider: 'providerA', id: 'kept-1', facts }, page)).ok,
    ).toBe(true);
    const after = await bg.deliver('getReportFacts', undefined, page);
    expect(after.value).toEqual({ facts: { 'providerA:kept-1': facts }, pending: [] });
    // Kept across a worker restart.
    const again = await startBackground({ configured: true, keepStorage: true });
    expect((await again.deliver('getReportFacts', undefined, page)).value.facts['providerA:kept-1']).toEqual(
      facts,
    );
    // The report opens as before (its body untouched by the upgrade).
    const opened = await again.deliver('openReport', { provider: 'providerA', id: 'kept-1' }, page);
    expect(opened.value.fromLibrary).toBe(true);
  });

  it('keeps no facts for a report not held offline, and never fetches one for them', async () => {
    const bg = await startBackground({ configured: true });
    const page = bg.senders.page;
    await bg.deliver('saveReportFacts', { provider: 'providerB', id: '2', facts }, page);
    expect((await bg.deliver('getReportFacts', undefined, page)).value).toEqual({ facts: {}, pending: [] });
    const body = await bg.deliver('getKeptReport', { provider: 'providerB', id: '2' }, page);
    expect(body.ok).toBe(false);
    expect(body.error.message).toMatch(/not saved offline: open it once/);
    expect(bg.sim.log.filter((e) => e.endpoint === 'report')).toEqual([]);
  });

  it("reads again facts of another extractor version, or damaged ones, and refuses pages' impostors", async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    await bg.deliver('getReportFacts', undefined, page); // upgrades the database
    // What the previous release (facts version 1, read from the simulator's own layouts) kept: no
    // variant, every accident counted. It is read again, not shown: its layout rules were wrong.
    const db = await openDB('vin-history-library');
    await db.put('facts', { provider: 'providerA', id: 'kept-1', facts: PREVIOUS_RELEASE_FACTS });
    db.close();
    expect(FACTS_VERSION).toBe(2);
    const listed = (await bg.deliver('getReportFacts', undefined, page)).value;
    expect(listed.facts).toEqual({});
    expect(listed.pending).toEqual([{ provider: 'providerA', id: 'kept-1' }]);
    const damaged = await openDB('vin-history-library');
    await damaged.put('facts', { provider: 'providerA', id: 'kept-1', facts: { owners: 'many' } });
    damaged.close();
    expect((await bg.deliver('getReportFacts', undefined, page)).value.pending).toHaveLength(1);
    // Facts that do not parse are refused at the door; a content script may not ask at all.
    const bad = await bg.deliver(
      'saveReportFacts',
      { provider: 'providerA', id: 'kept-1', facts: { ...facts, owners: { value: -1, quote: 'x' } } },
      page,
    );
    expect(bad.ok).toBe(false);
    for (const type of ['getReportFacts', 'getKeptReport', 'saveReportFacts'])
      expect(
        (await bg.deliver(type, { provider: 'providerA', id: 'kept-1', facts }, bg.senders.contentScript))
          .error.kind,
      ).toBe('forbidden');
  });

  it('exports each kept report with its facts in their own columns', async () => {
    const bg = await startBackground({ configured: true });
    const page = bg.senders.page;
    const listed = (await bg.deliver('listReports', { fresh: true }, page)).value.reports[0];
    await bg.deliver('openReport', { provider: listed.provider, id: listed.id }, page);
    await bg.deliver('saveReportFacts', { provider: listed.provider, id: listed.id, facts }, page);
    const csv = await bg.exportCsv(page);
    const [header, ...rows] = csv.trim().split('\r\n');
    const cells = (line: string) => line.slice(1, -1).split('","');
    const columns = cells(header as string);
    const row = rows.map(cells).find((r) => r[1] === listed.id) as string[];
    const cell = (name: string) => row[columns.indexOf(name)];
    expect([cell('owners'), cell('accidents'), cell('worst_accident'), cell('title_brands')]).toEqual([
      '2',
      '1',
      'minor',
      'none reported',
    ]);
    expect(cell('provider_score')).toBe('');
  });
});
