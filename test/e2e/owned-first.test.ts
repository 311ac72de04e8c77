// What the user owns, known from the first minute (issue 56), as a new user meets it in Chromium: the
// key saved in the options page (its form, as npm start does), then the demo listing opened first,
// no popup: the Cruze whose two reports the demo account holds offers "Open your report", never a
// record check; the Ram, held by nobody, offers "Check records". No record check is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/simulator/seed';
import { badgeOf } from './support/closed-shadow';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack({ configure: false });
});
afterAll(async () => {
  await stack?.stop();
});

describe('a new user, the key just saved', () => {
  it('the first listing page knows which vehicles the user holds', async () => {
    const options = await stack.browser.openPage('options.html');
    await options.getByLabel('Service URL').fill(stack.server.baseUrl);
    await options.getByLabel('API key').fill(DEMO_API_KEY);
    await options.getByRole('button', { name: 'Test connection and save' }).click();
    await options.getByRole('status').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => stack.server.sim.log.filter((e) => e.endpoint === 'reports').length)
      .toBeGreaterThanOrEqual(1);
    await options.close();

    const listing = await stack.browser.context.newPage();
    await listing.goto(`${stack.server.origin}/demo/listing.html`);
    await listing.waitForSelector('[data-vhl-vin="1G1PG5SC3C7167133"]');
    const cruze = await badgeOf(listing, '1G1PG5SC3C7167133');
    await cruze.open();
    await expect.poll(() => cruze.text(), { timeout: 10_000 }).toContain('Open your report (free)');
    expect(await cruze.text()).not.toMatch(/Check records|Get a report/);
    await cruze.close();
    const ram = await badgeOf(listing, '1C6RD6FT1CS310366');
    await ram.open();
    await expect.poll(() => ram.text(), { timeout: 10_000 }).toContain('Check records');
    expect(stack.server.sim.log.filter((e) => e.endpoint === 'records')).toHaveLength(0);
  });
});
