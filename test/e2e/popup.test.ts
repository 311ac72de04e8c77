// The popup's states and actions, with the extension set up on the demo key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe('popup', () => {
  it('lists the newest reports held, searches them all, and links to the library', async () => {
    const popup = await stack.browser.openPage('popup.html');
    const items = popup.getByRole('list', { name: 'Reports' }).getByRole('listitem');
    // The demo user holds 6: the popup shows the newest 5 and counts all of them.
    await expect.poll(() => items.count()).toBe(5);
    expect(await items.first().textContent()).toContain('2011 BMW M3');
    expect(await popup.getByTestId('all-reports').textContent()).toBe('All reports (6) in the library');
    await popup.getByLabel('Search your reports').fill('cruze');
    await expect.poll(() => items.count()).toBe(2);
    await popup.getByLabel('Search your reports').fill('1FMDU34X');
    await expect.poll(() => items.count()).toBe(1);
    await stack.browser.screenshot(popup, 'popup-reports-search');
    await popup.close();
  });

  it('explains a wrong VIN in the box, and checks a right one', async () => {
    const popup = await stack.browser.openPage('popup.html');
    const box = popup.getByLabel('Look up a VIN');
    await box.fill('1G1PG5SC3C716713');
    expect(await popup.locator('#vin-problem').textContent()).toBe(
      'A VIN has 17 characters; this one has 16.',
    );
    await box.fill('1G1PG5SC3C71671I3');
    expect(await popup.locator('#vin-problem').textContent()).toMatch(/never contains the letter I/);
    await box.fill('1g1pg5sc4c7167133');
    expect(await popup.locator('#vin-problem').textContent()).toMatch(/check digit\) should be 3/);
    expect(await popup.getByRole('button', { name: 'Check records' }).isDisabled()).toBe(true);
    await box.fill('1g1pg5sc3c-7167133');
    await popup.getByRole('button', { name: 'Check records' }).click();
    await expect
      .poll(() => popup.getByTestId('lookup-counts').textContent())
      .toBe('providerA: 21 records on file, providerB: 17 records on file');
    await stack.browser.screenshot(popup, 'popup-vin-box');
    await popup.close();
  });

  it('says what "check all" costs before spending, then checks', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(`${stack.server.origin}/demo/listing.html`);
    await page.waitForSelector('[data-vhl-vin]');
    const tabId = await stack.browser.tabIdOf(page);
    const before = stack.server.sim.log.filter((e) => e.endpoint === 'records').length;
    const popup = await stack.browser.openPage(`popup.html?tab=${tabId}`);
    await popup.getByRole('button', { name: 'Check all VINs on this page…' }).click();
    const plan = popup.getByRole('group', { name: 'Check all VINs on this page' });
    await expect.poll(() => plan.textContent()).toMatch(/This uses \d+ record checks/);
    expect(await plan.textContent()).toMatch(/may revoke keys that check without buying/);
    await stack.browser.screenshot(popup, 'popup-check-all-plan');
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records').length).toBe(before);
    // The button names the checks it spends, and the simulator counts exactly that many.
    const go = plan.getByRole('button', { name: /^Spend \d+ record checks?$/ });
    const spend = Number((await go.textContent())?.match(/\d+/)?.[0]);
    await go.click();
    // Every row shows its counts but those of a vehicle whose report the demo account holds, which
    // offer the report instead (issue 56: the Cruze, the Ford and the Camry).
    const owned = popup.getByRole('button', { name: /^Open your report for / });
    await popup.getByRole('button', { name: 'Show all 8 vehicles' }).click();
    await expect
      .poll(async () => (await popup.getByTestId('counts').count()) + (await owned.count()))
      .toBe(8);
    expect(await owned.count()).toBe(3);
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records').length - before).toBe(spend);
    await popup.close();
    await page.close();
  });

  it('shows the last known account with its age when the service cannot be reached', async () => {
    const first = await stack.browser.openPage('popup.html');
    await first.getByTestId('credits').waitFor();
    await first.close();
    stack.server.sim.faults.add({ kind: 'drop' });
    const popup = await stack.browser.openPage('popup.html');
    await expect
      .poll(() => popup.getByTestId('stale').textContent(), { timeout: 20_000 })
      .toMatch(/Showing what was known .*Could not reach the service/);
    expect(await popup.getByTestId('credits').textContent()).toMatch(/credits? left/);
    await stack.browser.screenshot(popup, 'popup-offline');
    stack.server.sim.faults.clear();
    await popup.close();
  });
});
