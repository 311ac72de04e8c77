// @vitest-environment node
// What the previous release stored with VINs in it opens under today's branded Vin schema: the
// workbench's table and its interrupted purchase batch, an open purchase intent, the tab's list and a
// check plan kept for the user's confirmation. The values below are written as that release wrote
// them (its schemas held these VINs as plain strings, checked by the guard before they were kept): if
// one no longer parsed, storage would hand back its default, and the table, the batch or the intent
// guarding a possibly charged purchase would be gone.
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { STORE_DB_NAME } from '@/entrypoints/background/storage/store';
import { startBackground } from '../support/background-harness';

const CRUZE = '1G1PG5SC3C7167133';
const RAM = '1C6RD6FT1CS310366';

async function previousRelease(now: number) {
  const db = await openDB(STORE_DB_NAME);
  await db.put('values', [CRUZE, RAM], 'workbenchVins');
  await db.put(
    'values',
    {
      id: 'batch-1',
      kind: 'buy',
      state: 'interrupted',
      rows: [
        { vin: CRUZE, provider: 'providerA', state: 'done', reportId: 'a-held', startedAt: now - 60_000 },
        { vin: RAM, provider: 'providerB', state: 'queued' },
      ],
      lastDoneAt: now - 59_000,
      message: 'The extension stopped in the middle of this batch.',
      generation: '',
    },
    'workbenchBatch',
  );
  // A purchase of the Ram's providerA report whose answer never came: it may have been charged.
  await db.put(
    'values',
    [
      {
        id: 'intent-1',
        provider: 'providerA',
        vin: RAM,
        state: 'unknown',
        createdAt: now - 120_000,
        sentAt: now - 120_000,
        heldBefore: [],
        checks: 0,
        nextCheckAt: now + 3_600_000,
        cause: { kind: 'unanswered', message: 'No answer came.' },
        generation: '',
      },
    ],
    'purchaseIntents',
  );
  db.close();
  await fakeBrowser.storage.session.set({
    'tabVins:7': [CRUZE, RAM],
    'checkPlan:plan-1': {
      plan: {
        id: 'plan-1',
        toCheck: [RAM],
        cached: [],
        ratioNow: 0,
        ratioAfter: 1,
        warn: false,
        needsOverride: false,
      },
      until: now + 600_000,
    },
  });
}

describe("the previous release's stored VINs", () => {
  it('open as Vins: the table, the batch, the open intent, the tab list and the kept plan', async () => {
    const first = await startBackground({ configured: true });
    await previousRelease(Date.now());
    const bg = await startBackground({ keepStorage: true, sim: first.sim });
    const requestsBefore = bg.sim.log.length;

    const workbench = await bg.deliver('getWorkbench', undefined, bg.senders.page);
    expect(workbench.value.vins).toEqual([CRUZE, RAM]);
    expect(workbench.value.batch.rows.map((r: { vin: string; state: string }) => [r.vin, r.state])).toEqual([
      [CRUZE, 'done'],
      [RAM, 'queued'],
    ]);
    expect(workbench.value.batch.state).toBe('interrupted');

    const tab = await bg.deliver('getTabVins', { tabId: 7 }, bg.senders.page);
    expect(tab.value.vins).toEqual([CRUZE, RAM]);

    // The intent is read: the popup lists it as open, and it holds back a second purchase.
    const open = await bg.deliver('getOpenPurchases', undefined, bg.senders.page);
    expect(open.value.map((p: { vin: string; provider: string }) => [p.provider, p.vin])).toEqual([
      ['providerA', RAM],
    ]);
    const again = await bg.deliver('purchaseReport', { provider: 'providerA', vin: RAM }, bg.senders.page);
    expect(again.ok).toBe(false);
    expect(bg.sim.log.slice(requestsBefore).filter((e) => e.endpoint === 'buy')).toHaveLength(0);

    // The plan the user was shown runs: exactly its one check.
    const ran = await bg.deliver('checkAll', { planId: 'plan-1', override: false }, bg.senders.page);
    expect(Object.keys(ran.value.results)).toEqual([RAM]);
    expect(bg.sim.log.slice(requestsBefore).filter((e) => e.endpoint === 'records')).toHaveLength(1);
  });
});
