// The background under what browsers do to it: several tabs at once, a service worker stopped in
// the middle of a purchase. Against the simulator as a real HTTP server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeOf } from './support/closed-shadow';
import { fromPage } from './support/from-page';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe('background in Chromium', () => {
  it('two tabs showing the same VINs make one record check per VIN', async () => {
    const tabs = [await stack.browser.context.newPage(), await stack.browser.context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`${stack.server.origin}/demo/listing.html`);
      await tab.waitForSelector('[data-vhl-vin="1C6RD6FT1CS310366"]');
    }
    expect(stack.server.sim.log).toEqual([]);
    for (const tab of tabs) {
      for (const vin of ['1C6RD6FT1CS310366', '1G1PG5SC3C7167133']) {
        const badge = await badgeOf(tab, vin);
        await badge.open();
        await badge.click(/Check (for new )?records/);
        await expect.poll(() => badge.text()).toMatch(/\d+ records/);
        await badge.close();
      }
    }
    const checks = stack.server.sim.log.filter((e) => e.endpoint === 'records').map((e) => e.vin);
    expect(checks.sort()).toEqual(['1C6RD6FT1CS310366', '1G1PG5SC3C7167133']);
    // A reload shows the known counts at once, without a check.
    await tabs[0]?.reload();
    await tabs[0]?.waitForSelector('[data-vhl-vin="1C6RD6FT1CS310366"]');
    const badge = await badgeOf(tabs[0] as Page, '1C6RD6FT1CS310366');
    await badge.open();
    await expect.poll(() => badge.text()).toContain('33 records');
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records')).toHaveLength(2);
    for (const tab of tabs) await tab.close();
  });

  it('a service worker stopped in the middle of a purchase leads to exactly one charge', async () => {
    const vin = '5N3ZA0NE1AN908084';
    // The service charges at once but answers only after 3 s: time enough to stop the worker.
    stack.server.sim.faults.add({
      kind: 'latency',
      latencyMs: 3000,
      endpoint: 'buy',
      phase: 'after',
      times: 1,
    });
    const page = await stack.browser.openPage('options.html');
    const purchase = fromPage(page, 'purchaseReport', { provider: 'providerA', vin }).catch((e: Error) => e);
    await expect.poll(() => stack.server.sim.log.filter((e) => e.endpoint === 'buy').length).toBe(1);
    const cdp = await stack.browser.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // The page's request dies with the worker; the purchase itself is settled by the next worker.
    await purchase;
    const account = await fromPage<{ ok: boolean }>(page, 'getAccount', { fresh: true });
    expect(account.ok).toBe(true);
    await expect
      .poll(async () => {
        const held = await fromPage<{ ok: boolean; value?: { fromLibrary: boolean } }>(page, 'openReport', {
          provider: 'providerA',
          id: String(stack.server.sim.state.users[0]?.reports.at(-1)?.id),
        });
        return held.value?.fromLibrary;
      })
      .toBe(true);
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'buy')).toHaveLength(1);
    expect(stack.server.sim.log.filter((e) => e.charged)).toHaveLength(1);
    await page.close();
  });
});
