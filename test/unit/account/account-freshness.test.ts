// @vitest-environment node
// What the user owns, known from the first minute (issue 56; entrypoints/background/account/
// account-freshness.ts): the options page asks for the account when it saves the key, so a listing
// page's first report of its VINs already knows which the user holds, no popup opened; read again by
// the background's own alarm every 6 hours; offline, the last good copy stays.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { advanceClock, type Sender, SIM_URL, startBackground } from '../support/background-harness';

const CRUZE = '1G1PG5SC3C7167133';
const RAM = '1C6RD6FT1CS310366';

afterEach(() => {
  vi.useRealTimers();
});

/** A listing tab reports its VINs, as its content script does before any badge. */
async function firstReport(bg: Awaited<ReturnType<typeof startBackground>>) {
  const tab = { ...bg.senders.contentScript, tab: { id: 7 } } as Sender;
  const answer = await bg.deliver(
    'reportPageVins',
    { candidates: [CRUZE, RAM].map((vin) => ({ vin, labelled: true })), reset: true },
    tab,
  );
  return answer.value.owned as string[];
}

describe('the reports held, known from the first minute', () => {
  it('read when the key is saved: the first listing page knows what the user holds, with no popup opened', async () => {
    const bg = await startBackground({ configured: false });
    expect(
      (await bg.deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: 'demo-api-key' }, bg.senders.page)).ok,
    ).toBe(true);
    // What the options page asks once the key is saved (connection-form.tsx).
    await bg.deliver('getAccount', { fresh: true, recent: 0 }, bg.senders.page);
    await expect.poll(() => firstReport(bg)).toEqual([CRUZE]);
    const lists = bg.sim.log.filter((e) => e.endpoint === 'reports');
    expect(lists).toHaveLength(1);
  });

  it('read again by its own alarm every 6 hours; offline, the last good copy stays', async () => {
    const bg = await startBackground({ configured: false });
    await bg.deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: 'demo-api-key' }, bg.senders.page);
    await bg.deliver('getAccount', { fresh: true, recent: 0 }, bg.senders.page);
    await expect.poll(() => firstReport(bg)).toEqual([CRUZE]);
    expect((await fakeBrowser.alarms.get('account-refresh'))?.periodInMinutes).toBe(360);
    const before = bg.sim.log.filter((e) => e.endpoint === 'reports').length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 3600_000 + 1000);
    bg.sim.faults.add({ kind: 'drop', endpoint: 'reports' } as never);
    await advanceClock(2000);
    await expect
      .poll(() => bg.sim.log.filter((e) => e.endpoint === 'reports').length)
      .toBeGreaterThan(before);
    expect(await firstReport(bg)).toEqual([CRUZE]);
  });
});
