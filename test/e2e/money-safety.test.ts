// One confirmed purchase is charged at most once, whatever fails, and the pages never claim that no
// credit was spent when one was. Through the real confirmation window in Chromium, against the
// simulator as a real HTTP server (whose log says what was charged).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultInput } from '@/simulator/faults';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
const pages: Page[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());
// A fault one test added and did not use must not meet the next test's purchase.
beforeEach(() => sim().faults.clear());

const sim = () => stack.server.sim;
const buys = (vin: string) => sim().log.filter((e) => e.endpoint === 'buy' && e.vin === vin);
const charges = (vin: string) => buys(vin).filter((e) => e.charged).length;
const NO_CREDIT = /no credit was spent/i;

/** A confirmation window for the VIN, its providerA Buy button ready. */
async function confirmation(vin: string) {
  const page = await stack.browser.openPage(`confirm.html?vin=${vin}`);
  pages.push(page);
  const buy = page.getByRole('button', { name: 'Buy the providerA report (1 credit)' });
  await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
  return { page, buy };
}

/** Everything every window of the extension says now: none may claim a charged purchase cost nothing. */
async function everythingSaid(): Promise<string> {
  const texts = await Promise.all(
    pages.filter((p) => !p.isClosed()).map((p) => p.locator('body').innerText()),
  );
  return texts.join('\n');
}

async function stopWorker(page: Page) {
  const cdp = await stack.browser.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
}

describe('money safety in Chromium', () => {
  it.each<[string, string, FaultInput]>([
    ['the connection dropped after the charge', '1C6RD6FT1CS310366', { kind: 'drop', phase: 'after' }],
    ['a 504 after the charge', 'KNAE55LC7J6018811', { kind: 'status', status: 504, phase: 'after' }],
  ])(
    '%s: one charge, the report opens, and buying again offers the report instead',
    async (_, vin, fault) => {
      const { page, buy } = await confirmation(vin);
      sim().faults.add({ ...fault, endpoint: 'buy', times: 1 });
      await buy.click();
      await page.waitForURL(/report\.html\?provider=providerA&id=/, { timeout: 20_000 });
      expect(charges(vin)).toBe(1);
      // The user opens the confirmation again: the report is theirs, free; there is nothing to buy.
      const again = await stack.browser.openPage(`confirm.html?vin=${vin}`);
      pages.push(again);
      await again
        .getByRole('region', { name: 'providerA report' })
        .getByRole('link', { name: 'Open your report (free)' })
        .waitFor({ timeout: 15_000 });
      expect(await again.getByRole('button', { name: 'Buy the providerA report (1 credit)' }).count()).toBe(
        0,
      );
      expect(buys(vin)).toHaveLength(1);
      expect(charges(vin)).toBe(1);
      expect(await everythingSaid()).not.toMatch(NO_CREDIT);
    },
  );

  it('the worker stopped mid-purchase: the window reconnects, shows it settle, and retrying at once or later charges nothing more', async () => {
    const vin = 'WAULFAFR6DA001366';
    const { page, buy } = await confirmation(vin);
    // The service takes 2 s and charges when it finishes: the worker is stopped while it waits.
    sim().faults.add({ kind: 'latency', latencyMs: 2_000, endpoint: 'buy', times: 1 });
    await buy.click();
    await expect.poll(() => buys(vin).length).toBe(1);
    await stopWorker(page);
    // At once: the user tries again in the same window (if it still offers Buy) and in a new one.
    await buy.click({ timeout: 1_000 }).catch(() => undefined);
    const second = await stack.browser.openPage(`confirm.html?vin=${vin}`);
    pages.push(second);
    await second
      .getByRole('button', { name: 'Buy the providerA report (1 credit)' })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    // The purchase settles as held: the report is the user's, and the windows say so.
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 40_000 })
      .toMatch(/went through after all.*One credit was spent|Open your report \(free\)/s);
    expect(charges(vin)).toBe(1);
    // Later: a fresh window offers the report, free.
    const later = await stack.browser.openPage(`confirm.html?vin=${vin}`);
    pages.push(later);
    await later
      .getByRole('region', { name: 'providerA report' })
      .getByRole('link', { name: 'Open your report (free)' })
      .waitFor({ timeout: 15_000 });
    expect(buys(vin)).toHaveLength(1);
    expect(charges(vin)).toBe(1);
    expect(await everythingSaid()).not.toMatch(NO_CREDIT);
  });

  it('a purchase right after another, dropped after the charge: if the browser resends it, the user is told of both charges', async () => {
    const first = await confirmation('JH4DC4340RS003205');
    await first.buy.click();
    await first.page.waitForURL(/report\.html/, { timeout: 20_000 });
    // The second purchase's connection is the one the first left idle: Chromium resends a GET whose
    // reused connection closes before any answer. The extension cannot stop that resend; it must not
    // hide it.
    const vin = '1GKLVKED6AJ152841';
    const { page, buy } = await confirmation(vin);
    sim().faults.add({ kind: 'drop', phase: 'after', endpoint: 'buy', times: 1 });
    await buy.click();
    // Bought (and then on to the report), or bought twice (and the window stays to say so).
    await expect
      .poll(
        async () =>
          /report\.html/.test(page.url()) || /charged 2 times/.test(await page.locator('body').innerText()),
        { timeout: 20_000 },
      )
      .toBe(true);
    const status = await stack.browser.openPage('popup.html');
    pages.push(status);
    const confirmAgain = await stack.browser.openPage(`confirm.html?vin=${vin}`);
    pages.push(confirmAgain);
    const said = await everythingSaid();
    if (charges(vin) > 1) {
      console.log(
        `[money-safety] the browser resent the dropped purchase: ${charges(vin)} charges, reported to the user`,
      );
      await expect.poll(() => everythingSaid(), { timeout: 10_000 }).toMatch(/charged 2 times/);
    }
    expect(said).not.toMatch(NO_CREDIT);
    expect(charges(vin)).toBeLessThanOrEqual(2);
  });

  it('a double click buys once', async () => {
    const vin = '2C3CCACG6CH275007';
    const { page } = await confirmation(vin);
    sim().faults.add({ kind: 'latency', latencyMs: 500, endpoint: 'buy', times: 1 });
    // Two clicks in the same task, before the page can disable the button.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent === 'Buy the providerA report (1 credit)',
      );
      button?.click();
      button?.click();
    });
    await page.waitForURL(/report\.html\?provider=providerA&id=/, { timeout: 20_000 });
    expect(buys(vin)).toHaveLength(1);
    expect(charges(vin)).toBe(1);
  });

  it('two windows clicking Buy together buy once', async () => {
    const vin = '5N3ZA0NE1AN908084';
    const [a, b] = [await confirmation(vin), await confirmation(vin)];
    sim().faults.add({ kind: 'latency', latencyMs: 800, endpoint: 'buy' });
    await Promise.all([a.buy.click(), b.buy.click()]);
    await expect
      .poll(() => pages.some((p) => !p.isClosed() && /report\.html/.test(p.url())), { timeout: 20_000 })
      .toBe(true);
    // The other window is told a purchase is under way (or finds the report held): never a second buy.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(buys(vin)).toHaveLength(1);
    expect(charges(vin)).toBe(1);
    expect(await everythingSaid()).not.toMatch(NO_CREDIT);
  });

  it('a 500 before the charge: "checking", then unresolved with the credits, never "no credit was spent"; Buy again only when acknowledged', async () => {
    const vin = 'WP0CB29874U669313';
    const { page, buy } = await confirmation(vin);
    sim().faults.add({ kind: 'status', status: 500, endpoint: 'buy', times: 1 });
    await buy.click();
    const offer = page.getByRole('region', { name: 'providerA report' });
    await expect
      .poll(() => offer.innerText(), { timeout: 10_000 })
      .toMatch(/could not confirm whether this purchase went through; checking/);
    expect(await offer.getByRole('button', { name: /Buy/ }).count()).toBe(0);
    await expect
      .poll(() => offer.innerText(), { timeout: 40_000 })
      .toMatch(/No report appeared within .* Your credits went from (\d+) to \1/);
    expect(await everythingSaid()).not.toMatch(NO_CREDIT);
    const again = offer.getByRole('button', { name: 'Buy again anyway (1 credit)' });
    expect(await again.isDisabled()).toBe(true);
    await offer.getByLabel(/I understand I may be charged twice/).check();
    await again.click();
    await page.waitForURL(/report\.html\?provider=providerA&id=/, { timeout: 20_000 });
    expect(buys(vin)).toHaveLength(2);
    expect(charges(vin)).toBe(1);
  });
});
