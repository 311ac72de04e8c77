// The popup's list for a tab: every VIN seen on the tab's page, those a virtualised list scrolled
// away included, newest kept past the bound; a new page (a load, an in-page navigation) starts it again.
import { describe, expect, it } from 'vitest';
import { CANDIDATES_PER_MESSAGE, MAX_TAB_VINS } from '@/lib/vin/page-limits';
import { makeVin, rng } from '../../../samples/listing-page';
import { startBackground } from '../support/background-harness';

const random = rng(5);
const vinsOf = (n: number) => Array.from({ length: n }, () => makeVin(random));

describe("a tab's VINs", () => {
  it('keeps the VINs seen on the page, newest kept past the bound, and starts again with a new page', async () => {
    const bg = await startBackground({ configured: true });
    const report = (vins: string[], reset: boolean, sender = bg.senders.contentScript) =>
      bg.deliver(
        'reportPageVins',
        { candidates: vins.map((vin) => ({ vin, labelled: true })), reset },
        sender,
      );
    const list = async () => (await bg.deliver('getTabVins', { tabId: 7 }, bg.senders.page)).value.vins;

    const first = vinsOf(300);
    await report(first, true);
    // A virtualised list replaced those cards with others: the first ones stay listed.
    const scrolled: string[] = [];
    for (let i = 0; i < 3; i++) {
      const batch = vinsOf(CANDIDATES_PER_MESSAGE);
      scrolled.push(...batch);
      await report(batch, false);
    }
    const all = [...first, ...scrolled];
    expect(all.length).toBeGreaterThan(MAX_TAB_VINS);
    expect(await list()).toEqual(all.slice(-MAX_TAB_VINS));
    // The top frame speaks for the tab: a frame's report neither resets nor changes the list.
    const before = await list();
    const framed = vinsOf(1);
    await report(framed, true, {
      ...bg.senders.contentScript,
      frameId: 3,
    } as typeof bg.senders.contentScript);
    expect(await list()).toEqual(before);
    // A new page in the tab.
    const next = vinsOf(2);
    await report(next, true);
    expect(await list()).toEqual(next);
  });

  it('refuses a message with more candidates than a page may send at once', async () => {
    const bg = await startBackground({ configured: true });
    const answer = await bg.deliver(
      'reportPageVins',
      { candidates: vinsOf(CANDIDATES_PER_MESSAGE + 1).map((vin) => ({ vin, labelled: true })), reset: true },
      bg.senders.contentScript,
    );
    expect(answer.ok).toBe(false);
    expect(answer.ok ? '' : answer.error.kind).toBe('invalid-input');
  });
});
