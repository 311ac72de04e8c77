// @vitest-environment node
// Complete copies kept beside the library's reports (issue 38): a library of the previous release
// (database version 2: reports and their facts) opens with every report and fact and gains the
// copies' stores; the files of two reports of one provider are kept once; a disk that refuses the
// write (QuotaExceededError, as a full quota raises it) keeps nothing of the copy and loses nothing
// else; only pages may keep a copy, and only of stylesheets, images and fonts.

import { IDBObjectStore as FDBObjectStore } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { FACTS_VERSION, noFacts } from '@/lib/reports/facts/report-facts';
import { COPY_NOT_KEPT } from '@/lib/reports/library-messages';
import { flushIo, startBackground } from '../support/background-harness';

const VIN = '1G1PG5SC3C7167133';
const CDN = 'https://cdn.autoledger.example';
const report = (id: string) => ({
  provider: 'providerA',
  id,
  vin: VIN,
  yearMakeModel: '2012 Chevrolet Cruze LT',
  html: `<html><head><link rel="stylesheet" href="${CDN}/report.css"></head><body><header class="al-header">AutoLedger ${id}</header></body></html>`,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastOpenedAt: 1,
  bytes: 400,
});

/** What release 0.2.0 kept: database version 2, reports (with their index) and their facts. */
async function previousReleaseLibrary() {
  const db = await openDB('vin-history-library', 2, {
    upgrade(database) {
      const store = database.createObjectStore('reports', { keyPath: ['provider', 'id'] });
      store.createIndex('lastOpenedAt', 'lastOpenedAt');
      database.createObjectStore('facts', { keyPath: ['provider', 'id'] });
    },
  });
  await db.put('reports', report('kept-1'));
  await db.put('reports', report('kept-2'));
  await db.put('facts', {
    provider: 'providerA',
    id: 'kept-1',
    facts: { ...noFacts('providerA'), owners: { value: 2, quote: '2 Previous owners', anchor: 'ownership' } },
  });
  db.close();
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const css = (text: string) => `data:text/css;base64,${b64(text)}`;
const SHARED = {
  [`${CDN}/report.css`]: css('@import url("theme.css");body{background:url(img/paper.png)}'),
  [`${CDN}/theme.css`]: css(':root{--al-accent:#f2a900}'),
  [`${CDN}/fonts/ledger-sans.woff2`]: `data:font/woff2;base64,${b64('wOF2 font bytes '.repeat(400))}`,
  [`${CDN}/img/paper.png`]: `data:image/png;base64,${b64('PNG bytes '.repeat(50))}`,
};
const copyOf = (
  id: string,
  own: string,
): { provider: string; id: string; files: Record<string, string> } => ({
  provider: 'providerA',
  id,
  files: { ...SHARED, [`${CDN}/img/photo-${id}.png`]: `data:image/png;base64,${b64(own)}` },
});

const originalPut = FDBObjectStore.prototype.put;
afterEach(async () => {
  FDBObjectStore.prototype.put = originalPut;
  // What the worker still has under way (its start-up reads, their warnings) ends inside the test,
  // not after the file: a log arriving after the file is an error of the whole run.
  await flushIo();
});

describe('complete copies in the library', () => {
  it("opens the previous release's library with its reports and facts, and keeps each shared file once", async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    // 0.2.0's reports and facts are all there.
    const list = await bg.deliver('listReports', undefined, page);
    expect(list.value.offline).toEqual(expect.arrayContaining(['providerA:kept-1', 'providerA:kept-2']));
    const facts = await bg.deliver('getReportFacts', undefined, page);
    expect(facts.value.facts['providerA:kept-1']?.version).toBe(FACTS_VERSION);
    expect(
      (await bg.deliver('getCompleteCopy', { provider: 'providerA', id: 'kept-1' }, page)).value,
    ).toBeNull();

    const first = await bg.deliver('keepCompleteCopy', copyOf('kept-1', 'photo one'), page);
    expect(first.value).toMatchObject({ saved: true });
    const second = await bg.deliver('keepCompleteCopy', copyOf('kept-2', 'photo two'), page);
    expect(second.value.saved).toBe(true);
    // The second copy adds only its own photo: the stylesheets, the font and the texture are shared.
    expect(second.value.newBytes).toBe(
      copyOf('kept-2', 'photo two').files[`${CDN}/img/photo-kept-2.png`]?.length,
    );
    const summary = await bg.deliver('getCopiesSummary', undefined, page);
    expect(summary.value.keys.sort()).toEqual(['providerA:kept-1', 'providerA:kept-2']);
    expect(summary.value.sharedBytes).toBeLessThan(summary.value.bytes * 0.6);

    // Joined at view time, as kept.
    const joined = await bg.deliver('getCompleteCopy', { provider: 'providerA', id: 'kept-2' }, page);
    expect(joined.value.files).toEqual(copyOf('kept-2', 'photo two').files);
    // The reports themselves are as they came.
    const body = await bg.deliver('getKeptReport', { provider: 'providerA', id: 'kept-1' }, page);
    expect(body.value.html).toBe(report('kept-1').html);
  });

  it('forgetting one copy keeps the files another copy still uses; clearing cached data forgets them all', async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    await bg.deliver('keepCompleteCopy', copyOf('kept-1', 'photo one'), page);
    await bg.deliver('keepCompleteCopy', copyOf('kept-2', 'photo two'), page);
    await bg.deliver('forgetCompleteCopy', { provider: 'providerA', id: 'kept-1' }, page);
    expect(
      (await bg.deliver('getCompleteCopy', { provider: 'providerA', id: 'kept-1' }, page)).value,
    ).toBeNull();
    const left = await bg.deliver('getCompleteCopy', { provider: 'providerA', id: 'kept-2' }, page);
    expect(left.value.files).toEqual(copyOf('kept-2', 'photo two').files);
    const summary = await bg.deliver('getCopiesSummary', undefined, page);
    expect(summary.value.sharedBytes).toBe(summary.value.bytes);

    await bg.deliver('clearCachedData', undefined, page);
    expect((await bg.deliver('getCopiesSummary', undefined, page)).value).toEqual({
      keys: [],
      bytes: 0,
      sharedBytes: 0,
    });
  });

  it('a full quota keeps nothing of the copy, says so plainly, and the bare report stays', async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const page = bg.senders.page;
    await bg.deliver('listReports', undefined, page); // the database upgraded first
    FDBObjectStore.prototype.put = function refused() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const answer = await bg.deliver('keepCompleteCopy', copyOf('kept-1', 'photo one'), page);
    FDBObjectStore.prototype.put = originalPut;
    expect(answer.ok).toBe(true);
    expect(answer.value.saved).toBe(false);
    // The viewer words why (the background says which).
    expect(answer.value.why).toBe('refused');
    expect(COPY_NOT_KEPT.refused).toMatch(/no room left.*Nothing was lost: the report is kept as it came/);
    expect(
      (await bg.deliver('getCompleteCopy', { provider: 'providerA', id: 'kept-1' }, page)).value,
    ).toBeNull();
    expect((await bg.deliver('getCopiesSummary', undefined, page)).value.sharedBytes).toBe(0);
    const body = await bg.deliver('getKeptReport', { provider: 'providerA', id: 'kept-1' }, page);
    expect(body.value.html).toBe(report('kept-1').html);
  });

  it('keeps no copy of a report that is not kept itself', async () => {
    const bg = await startBackground({ configured: true });
    const answer = await bg.deliver('keepCompleteCopy', copyOf('never-opened', 'photo'), bg.senders.page);
    expect(answer.value).toMatchObject({ saved: false });
    expect(answer.value.why).toBe('not-kept');
    expect(COPY_NOT_KEPT['not-kept']).toContain('not kept on this computer');
    expect((await bg.deliver('getCopiesSummary', undefined, bg.senders.page)).value.keys).toEqual([]);
  });

  it('refuses a copy from a content script, and files that are not stylesheets, images or fonts', async () => {
    await startBackground({ configured: true });
    await previousReleaseLibrary();
    const bg = await startBackground({ configured: true, keepStorage: true });
    const fromPage = await bg.deliver('keepCompleteCopy', copyOf('kept-1', 'x'), bg.senders.contentScript);
    expect(fromPage.error.kind).toBe('forbidden');
    for (const [url, data] of [
      [`${CDN}/page.html`, `data:text/html;base64,${b64('<script>alert(1)</script>')}`],
      [`${CDN}/app.js`, `data:text/javascript;base64,${b64('alert(1)')}`],
      [`${CDN}/icon.svg`, 'data:image/svg+xml;utf8,<svg onload=alert(1)>'],
      ['javascript:alert(1)', `data:image/png;base64,${b64('png')}`],
    ] as const) {
      const answer = await bg.deliver(
        'keepCompleteCopy',
        { provider: 'providerA', id: 'kept-1', files: { [url]: data } },
        bg.senders.page,
      );
      expect(answer.ok, url).toBe(false);
      expect(answer.error.kind).toBe('invalid-input');
    }
    expect((await bg.deliver('getCopiesSummary', undefined, bg.senders.page)).value.keys).toEqual([]);
  });

  it("one budget holds the reports and their copies' files: copies make room from the reports opened longest ago, a shared file counts once, and a copy that cannot fit is not kept (issue 44)", async () => {
    await startBackground({ configured: true });
    const { keepReport, trimLibrary, openLibrary } = await import(
      '@/entrypoints/background/storage/report-store'
    );
    const { keepCopy } = await import('@/entrypoints/background/storage/copy-store');
    const stored = (id: string) => ({ ...report(id), html: 'x'.repeat(1_000) }); // 2,000 bytes each
    const BUDGET = 14_000;
    for (const id of ['oldest', 'older', 'newer'])
      await keepReport(stored(id) as never, '2026-11-01', BUDGET);
    // Opened one after another (the harness's clock need not move between them).
    const opened = await openLibrary();
    for (const [at, id] of ['oldest', 'older', 'newer'].entries()) {
      const kept = await opened.get('reports', ['providerA', id]);
      if (kept) await opened.put('reports', { ...kept, lastOpenedAt: 1_000 + at });
    }
    const file = (n: number, fill = 'p') => `data:image/png;base64,${b64(fill.repeat(n))}`;
    // Two copies sharing one file of about 2,400 characters: counted once, beside 6,000 of reports.
    const shared = { [`${CDN}/seal.png`]: file(1_800) };
    const sharedBytes = (shared[`${CDN}/seal.png`] as string).length * 2;
    expect(await keepCopy('providerA', 'older', shared, BUDGET)).toMatchObject({ saved: true });
    expect((await keepCopy('providerA', 'newer', shared, BUDGET)).saved).toBe(true);
    const library = await openLibrary();
    expect(await trimLibrary(library, BUDGET)).toBe(6_000 + sharedBytes);
    expect((await library.getAllKeys('reports')).map((key) => key[1]).sort()).toEqual([
      'newer',
      'older',
      'oldest',
    ]);
    // A copy of 'newer' adding 2,400 more: over the budget, so the report opened longest ago goes
    // (with no copy of its own), and the shared file stays for the copies still using it.
    const bigger = await keepCopy(
      'providerA',
      'newer',
      { ...shared, [`${CDN}/photo.png`]: file(1_800, 'q') },
      BUDGET,
    );
    expect(bigger.saved).toBe(true);
    expect((await library.getAllKeys('reports')).map((key) => key[1]).sort()).toEqual(['newer', 'older']);
    expect(await trimLibrary(library, BUDGET)).toBeLessThanOrEqual(BUDGET);
    // A copy larger than the whole budget is not kept, and its report stays as it came.
    const huge = await keepCopy('providerA', 'newer', { [`${CDN}/huge.png`]: file(12_000, 'h') }, BUDGET);
    expect(huge).toEqual({ saved: false, why: 'budget' });
    expect(await library.get('reports', ['providerA', 'newer'])).toBeDefined();
    expect(await trimLibrary(library, BUDGET)).toBeLessThanOrEqual(BUDGET);
  });
});
