// NHTSA's free facts in the real background (issue 46), on fakeBrowser, against the NHTSA stand-in
// (simulator/nhtsa/, NHTSA's own answer shapes): nothing asked before the user grants NHTSA's hosts
// nor for a VIN the asking tab does not show; a vehicle asked about once (kept in the background's own
// store, never storage.local); a workbench's 500 VINs in 10 batch requests; every failure said, and
// nothing of it kept.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { readDecode } from '@/lib/nhtsa/read-facts';
import { decodedVins } from '@/samples/real-vins';
import { NHTSA_ORIGINS, startBackground } from '../support/background-harness';

const CRUZE = '1G1PG5SC3C7167133';
let bg: Awaited<ReturnType<typeof startBackground>>;

/** The options page's "Turn on": the browser grants the hosts, then the background is told. */
const allow = async () => {
  for (const origin of NHTSA_ORIGINS) bg.granted.add(origin);
  expect((await bg.deliver('setFreeFacts', { on: true }, bg.senders.page)).value.on).toBe(true);
};
const requests = () => bg.nhtsa.log.map((e) => e.endpoint);

beforeEach(async () => {
  bg = await startBackground({ configured: true });
});

describe('consent', () => {
  it('off until the user grants NHTSA’s hosts: nothing is sent, and the answer says so', async () => {
    expect((await bg.deliver('getFreeFactsAccess', undefined, bg.senders.page)).value).toEqual({
      on: false,
      origins: NHTSA_ORIGINS,
    });
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value).toEqual({ on: false });
    expect((await bg.deliver('getFreeDecodes', { vins: [CRUZE] }, bg.senders.page)).value).toEqual({
      on: false,
    });
    expect(bg.nhtsa.log).toEqual([]);
    // "Turn on" before the browser granted the hosts: refused, still off.
    const early = await bg.deliver('setFreeFacts', { on: true }, bg.senders.page);
    expect(early.error.kind).toBe('needs-permission');
    // The hosts alone (a broad pattern granted for something else) are not the user's consent.
    for (const origin of NHTSA_ORIGINS) bg.granted.add(origin);
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value).toEqual({ on: false });
    expect(bg.nhtsa.log).toEqual([]);
    await allow();
    expect((await bg.deliver('getFreeFactsAccess', undefined, bg.senders.page)).value.on).toBe(true);
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value.on).toBe(true);
    // Withdrawn (the browser's extension settings): off again, nothing more is sent.
    for (const origin of NHTSA_ORIGINS) bg.granted.delete(origin);
    const before = bg.nhtsa.log.length;
    expect((await bg.deliver('getFreeFacts', { vin: '1C6RD6FT1CS310366' }, bg.senders.page)).value).toEqual({
      on: false,
    });
    expect(bg.nhtsa.log.length).toBe(before);
    // Granted again, but the user turned them off: still nothing.
    await allow();
    await bg.deliver('setFreeFacts', { on: false }, bg.senders.page);
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value).toEqual({ on: false });
    expect(bg.nhtsa.log.length).toBe(before);
    // A listing page cannot turn them on.
    expect((await bg.deliver('setFreeFacts', { on: true }, bg.senders.contentScript)).error.kind).toBe(
      'forbidden',
    );
  });

  it('a listing page’s badge asks only about a VIN its own tab shows', async () => {
    await allow();
    const refused = await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.contentScript);
    expect(refused.error).toMatchObject({ kind: 'forbidden', message: 'That vehicle is not on this page.' });
    expect(bg.nhtsa.log).toEqual([]);
    await bg.deliver(
      'reportPageVins',
      { candidates: [{ vin: CRUZE, labelled: true }], reset: true },
      bg.senders.contentScript,
    );
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.contentScript)).ok).toBe(true);
    // No other sender: another extension is refused before anything.
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.otherExtension)).error.kind).toBe(
      'forbidden',
    );
  });
});

describe('one vehicle', () => {
  it('decode, recalls, complaints and stars, asked once: the second look sends nothing', async () => {
    await allow();
    const answer = await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    const { decode, model } = answer.value.facts;
    expect(readDecode(decode)).toMatchObject({
      year: 2012,
      make: 'CHEVROLET',
      model: 'Cruze',
      trim: 'LT',
      body: 'Sedan/Saloon',
      engine: '4 cyl 1.4 L Gasoline',
      drive: 'FWD/Front-Wheel Drive',
      plant: 'LORDSTOWN, OHIO, UNITED STATES (USA)',
      problem: null,
      rejected: null,
    });
    expect(model.ok).toBe(true);
    expect(
      model.value.recalls.map((r: { NHTSACampaignNumber: string }) => r.NHTSACampaignNumber).sort(),
    ).toEqual(['12V055000', '13V157000', '14V224000']);
    expect(model.value.complaints).toMatchObject({ count: 148, crashes: 6, fires: 4 });
    expect(model.value.complaints.top[0]).toEqual({ component: 'ENGINE', count: 148 });
    expect(model.value.rating).toEqual({ overall: '5', variants: 1 });
    expect(requests()).toEqual(['decode', 'recalls', 'complaints', 'ratings', 'rating']);
    // A complaint's narrative and a decode's other variables are not kept.
    expect(JSON.stringify(answer.value)).not.toContain('Simulated complaint narrative');
    expect(JSON.stringify(answer.value)).not.toContain('SuggestedVIN');

    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    // A worker restarted keeps them (the background's IndexedDB store).
    bg = await startBackground({ keepStorage: true });
    await allow();
    const again = await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    expect(again.value).toEqual(answer.value);
    expect(bg.nhtsa.log).toEqual([]);
    // Which VINs the user looked at is not in storage.local (Firefox lets content scripts read it).
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(CRUZE);
    // "Clear cached data" forgets them: asked again, NHTSA is asked again.
    await bg.deliver('clearCachedData', undefined, bg.senders.page);
    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    expect(requests()).toEqual(['decode', 'recalls', 'complaints', 'ratings', 'rating']);
  });

  it('a badge in a private window is answered and nothing of it is kept (issue 55)', async () => {
    await allow();
    const privateTab = { ...bg.senders.contentScript, tab: { id: 9, incognito: true } };
    await bg.deliver(
      'reportPageVins',
      { candidates: [{ vin: CRUZE, labelled: true }], reset: true },
      privateTab,
    );
    const answer = await bg.deliver('getFreeFacts', { vin: CRUZE }, privateTab);
    expect(answer.value.on).toBe(true);
    expect(requests()).toEqual(['decode', 'recalls', 'complaints', 'ratings', 'rating']);
    // A worker restarted has nothing of it: a look from a normal window asks NHTSA again.
    bg = await startBackground({ keepStorage: true });
    await allow();
    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    expect(requests()).toEqual(['decode', 'recalls', 'complaints', 'ratings', 'rating']);
  });

  it('turned off, what NHTSA said is forgotten; turned on again, it is asked again', async () => {
    await allow();
    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    await bg.deliver('setFreeFacts', { on: false }, bg.senders.page);
    await allow();
    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    expect(requests().filter((e) => e === 'decode')).toHaveLength(2);
  });

  it('a wrong check digit is decoded with NHTSA’s note; a maker NHTSA does not know is said plainly', async () => {
    await allow();
    const typo = (await bg.deliver('getFreeFacts', { vin: '1G1PG5SC1C7167133' }, bg.senders.page)).value
      .facts;
    expect(readDecode(typo.decode)).toMatchObject({
      make: 'CHEVROLET',
      model: 'Cruze',
      problem: '1 - Check Digit (9th position) does not calculate properly',
      rejected: null,
    });
    const unknown = (await bg.deliver('getFreeFacts', { vin: 'ZZZ11111111111111' }, bg.senders.page)).value
      .facts;
    expect(readDecode(unknown.decode).rejected).toMatch(
      /^1 - Check Digit .*; 7 - Manufacturer is not registered with NHTSA/,
    );
    // No make, model and year: no recalls are asked by guesswork.
    expect(unknown.model).toBeNull();
    expect(requests().filter((e) => e !== 'decode')).toEqual(['recalls', 'complaints', 'ratings', 'rating']);
  });

  it("a model without recalls, complaints or ratings: NHTSA's empty 400s read as none on record, kept as such (issue 55)", async () => {
    await allow();
    const facts = (await bg.deliver('getFreeFacts', { vin: 'JTHFE2C23A2509749' }, bg.senders.page)).value
      .facts;
    expect(facts.model.value).toEqual({
      recalls: [],
      complaints: { count: 0, crashes: 0, fires: 0, top: [] },
      rating: { overall: null, variants: 0 },
    });
    // Recalls and complaints answered HTTP 400 with their empty body (the stand-in, as NHTSA); no
    // rated version: the second ratings request is not made. Four requests on the first look.
    expect(bg.nhtsa.log.map((e) => [e.endpoint, e.status])).toEqual([
      ['decode', 200],
      ['recalls', 400],
      ['complaints', 400],
      ['ratings', 200],
    ]);
    // A second look, and a look after the worker restarted: none.
    bg.nhtsa.log.length = 0;
    await bg.deliver('getFreeFacts', { vin: 'JTHFE2C23A2509749' }, bg.senders.page);
    expect(requests()).toEqual([]);
    bg = await startBackground({ keepStorage: true });
    await allow();
    expect(
      (await bg.deliver('getFreeFacts', { vin: 'JTHFE2C23A2509749' }, bg.senders.page)).value.facts.model.ok,
    ).toBe(true);
    expect(requests()).toEqual([]);
  });

  it('any other 400 from recalls is a failure, said, not kept, and asked again next time', async () => {
    await allow();
    bg.nhtsa.faults.add({
      kind: 'status',
      endpoint: 'recalls',
      status: 400,
      body: { Message: 'Invalid parameter: modelYear' },
      times: 1,
    } as never);
    const first = (await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value.facts;
    expect(first.model.ok).toBe(false);
    expect(first.model.error.message).toMatch(/^NHTSA's answer was not what its API sends \(HTTP 400/);
    await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
    expect(requests().filter((e) => e === 'recalls')).toHaveLength(2);
  });
});

describe('failures cost nothing and are not kept', () => {
  it('a 429 is waited out and asked again; a 5xx three times is said, and asked again next time', async () => {
    await allow();
    bg.nhtsa.faults.add({ kind: 'status', endpoint: 'decode', status: 429, times: 1 });
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).ok).toBe(true);
    expect(requests().slice(0, 2)).toEqual(['decode', 'decode']);

    bg.nhtsa.log.length = 0;
    bg.nhtsa.faults.add({ kind: 'status', endpoint: 'decode', status: 503 });
    const failed = await bg.deliver('getFreeFacts', { vin: '1C6RD6FT1CS310366' }, bg.senders.page);
    expect(failed.error).toMatchObject({
      kind: 'server',
      message: "NHTSA's server failed (HTTP 503). Nothing was kept; try again later.",
    });
    // The first try and two more, never more.
    expect(requests()).toEqual(['decode', 'decode', 'decode']);
    bg.nhtsa.faults.clear();
    expect((await bg.deliver('getFreeFacts', { vin: '1C6RD6FT1CS310366' }, bg.senders.page)).ok).toBe(true);
  });

  it('an HTML page, broken JSON, an empty Results and a dropped connection: each said, none kept', async () => {
    await allow();
    const cases = [
      [
        { kind: 'html-error', status: 200 },
        /^NHTSA sent something that is not its data \(HTTP 200, text\/html\)/,
      ],
      [{ kind: 'malformed-json' }, /^NHTSA sent something that is not its data/],
      [
        {
          kind: 'status',
          status: 200,
          body: { Count: 0, Message: 'No results', SearchCriteria: null, Results: [] },
        },
        /^NHTSA answered without a decode/,
      ],
      [
        { kind: 'status', status: 200, body: { Message: 'Invalid URL' } },
        /^NHTSA's answer was not what its API sends \(HTTP 200, field Count\)/,
      ],
      [{ kind: 'drop', times: 3 }, /^Could not reach NHTSA \(vpic\.nhtsa\.dot\.gov\)/],
    ] as const;
    for (const [fault, words] of cases) {
      bg.nhtsa.faults.clear();
      bg.nhtsa.faults.add({ ...fault, endpoint: 'decode' } as never);
      const failed = await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page);
      expect(failed.ok, JSON.stringify(fault)).toBe(false);
      expect(failed.error.message).toMatch(words);
    }
    bg.nhtsa.faults.clear();
    bg.nhtsa.log.length = 0;
    expect((await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value.facts.decode.Make).toBe(
      'CHEVROLET',
    );
    expect(requests()[0]).toBe('decode');
  });

  it('recalls failing leave the decode shown and the model asked again next time', async () => {
    await allow();
    bg.nhtsa.faults.add({ kind: 'status', endpoint: 'recalls', status: 500 });
    const first = (await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value.facts;
    expect(first.decode.Model).toBe('Cruze');
    expect(first.model).toMatchObject({ ok: false, error: { kind: 'server' } });
    bg.nhtsa.faults.clear();
    bg.nhtsa.log.length = 0;
    const second = (await bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page)).value.facts;
    expect(second.model.ok).toBe(true);
    // The decode was kept; the model was not.
    expect(requests()).toEqual(['recalls', 'complaints', 'ratings', 'rating']);
  });
});

describe('a workbench', () => {
  it('500 VINs decode in 10 batch requests of at most 50, and not again', async () => {
    await allow();
    const real = decodedVins().map((v) => v.vin);
    // 500 distinct VINs: the real ones, then serials of the Cruze's pattern.
    const vins = [...real];
    for (let i = 0; vins.length < 500; i++) vins.push(`1G1PG5SC3C7${String(100000 + i)}`);
    const answer = (await bg.deliver('getFreeDecodes', { vins }, bg.senders.page)).value;
    expect(answer.failed).toBeNull();
    expect(Object.keys(answer.decodes)).toHaveLength(500);
    expect(bg.nhtsa.log.map((e) => e.endpoint)).toEqual(Array(10).fill('decodeBatch'));
    expect(Math.max(...bg.nhtsa.log.map((e) => e.vins.length))).toBe(50);
    expect(answer.decodes[real[0] as string].Make).not.toBe('');
    await bg.deliver('getFreeDecodes', { vins }, bg.senders.page);
    expect(bg.nhtsa.log).toHaveLength(10);
  });

  it('a batch NHTSA fails on is said; the ones decoded before it are kept and shown', async () => {
    await allow();
    const vins = Array.from({ length: 120 }, (_, i) => `1G1PG5SC3C7${String(200000 + i)}`);
    // The second batch fails (every try): the first 50 are decoded, the rest said.
    let batches = 0;
    const original = bg.nhtsa.app.fetch;
    bg.nhtsa.app.fetch = (async (...args: Parameters<typeof original>) => {
      if (++batches >= 2)
        bg.nhtsa.faults.add({ kind: 'html-error', status: 502, endpoint: 'decodeBatch', times: 1 });
      return original(...args);
    }) as typeof original;
    const answer = (await bg.deliver('getFreeDecodes', { vins }, bg.senders.page)).value;
    expect(Object.keys(answer.decodes)).toHaveLength(50);
    expect(answer.failed).toBe("NHTSA's server failed (HTTP 502). Nothing was kept; try again later.");
  });
});

describe('asked together', () => {
  it('a panel and the popup asking about one vehicle at once share one set of requests; two of one model share its four', async () => {
    await allow();
    await Promise.all([
      bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page),
      bg.deliver('getFreeFacts', { vin: CRUZE }, bg.senders.page),
      // Another Cruze of 2012: its own decode, the model's facts shared.
      bg.deliver('getFreeFacts', { vin: '1G1PG5SC5C7100002' }, bg.senders.page),
    ]);
    expect(requests().sort()).toEqual(['complaints', 'decode', 'decode', 'rating', 'ratings', 'recalls']);
  });
});

describe('the pace', () => {
  it('one request at a time, at least 250 ms apart, whoever asks', async () => {
    await allow();
    const starts: number[] = [];
    const original = bg.nhtsa.app.fetch;
    bg.nhtsa.app.fetch = ((...args: Parameters<typeof original>) => {
      starts.push(performance.now());
      return original(...args);
    }) as typeof original;
    await Promise.all(
      ['1G1PG5SC3C7167133', '1C6RD6FT1CS310366', '4T1BB3EK5AU118081'].map((vin) =>
        bg.deliver('getFreeFacts', { vin }, bg.senders.page),
      ),
    );
    expect(starts.length).toBeGreaterThanOrEqual(9);
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(240);
  });
});

describe("NHTSA's recall lookup from a badge (issue 64)", () => {
  it('opens a new tab at NHTSA for a VIN the tab shows, beside it; never for another VIN or a page', async () => {
    const cs = bg.senders.contentScript;
    await bg.deliver('reportPageVins', { candidates: [{ vin: CRUZE, labelled: true }], reset: true }, cs);
    const before = (await fakeBrowser.tabs.query({})).length;
    expect((await bg.deliver('openRecallLookup', { vin: CRUZE }, cs)).ok).toBe(true);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs).toHaveLength(before + 1);
    expect(tabs.at(-1)?.url).toBe(`https://www.nhtsa.gov/recalls?vin=${CRUZE}`);
    const other = await bg.deliver('openRecallLookup', { vin: '1C6RD6FT1CS310366' }, cs);
    expect(other.ok).toBe(false);
    expect((await bg.deliver('openRecallLookup', { vin: CRUZE }, bg.senders.page)).ok).toBe(false);
    expect(await fakeBrowser.tabs.query({})).toHaveLength(before + 1);
  });
});
