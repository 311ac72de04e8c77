// The report the user paid for comes first on the viewer's screen (issue 56): at 1280x800 its frame
// starts within the first 320 px; on a 360x740 phone it starts in the first half of the screen and
// fills at least 60 % of it. What the report is fits one line with its date as the service lists
// it, and its key facts are read without a click. Chromium, the demo account's providerA report of
// its Cruze (simulator/seed.ts: created 2026-10-28).
import { afterAll, describe, expect, it } from 'vitest';
import { startStack } from './support/setup-extension';

const stacks: Array<Awaited<ReturnType<typeof startStack>>> = [];
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
});

describe.each([
  { phone: false, width: 1280, height: 800 },
  { phone: true, width: 360, height: 740 },
])('the viewer at $width x $height', ({ phone, width, height }) => {
  it('shows the report first, its date from the service and its key facts without a click', async () => {
    const stack = await startStack({ phone });
    stacks.push(stack);
    const viewer = await stack.browser.openPage('report.html?provider=providerA&id=1');
    await viewer.setViewportSize({ width, height });
    const frame = viewer.locator('iframe.report-frame');
    await frame.waitFor();
    await expect
      .poll(() => viewer.getByTestId('report-date').textContent())
      .toBe(`bought ${new Date('2026-10-28T14:02:11.000Z').toLocaleDateString('en-US')}`);
    await expect.poll(() => viewer.getByTestId('facts-summary').textContent()).toMatch(/owner/);
    // Settled: the copy's offer and the account have arrived.
    await viewer.waitForTimeout(500);
    const box = await frame.boundingBox();
    if (!box) throw new Error('no report frame');
    const visible = Math.min(box.y + box.height, height) - box.y;
    await stack.browser.screenshot(viewer, `viewer-first-${width}`);
    if (phone) {
      expect(box.y).toBeLessThanOrEqual(height / 2);
      expect(visible).toBeGreaterThanOrEqual(height * 0.6);
    } else expect(box.y).toBeLessThanOrEqual(320);
  });
});
