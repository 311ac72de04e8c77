// Key custody in Chromium: what a compromised content script can reach, and where the stored key may
// go. The probe (entrypoints/test-storage-probe.content.ts, test builds only) uses exactly what the
// content-script API allows: storage.local/sync/session and its own (the page's) IndexedDB. It can
// neither read the key nor change what the background decides by rewriting what it can write.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPage } from './support/from-page';
import { startStack } from './support/setup-extension';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

/** Another HTTP server on 127.0.0.1 that records every request it gets (the extension must send it none). */
async function recorder(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} key=${req.headers['x-api-key'] ?? ''}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('key custody in Chromium', () => {
  it('a content script can read no key, and rewriting what it can write changes nothing the background decides', async () => {
    const page = await stack.browser.openPage('options.html');
    const vin = '1C6RD6FT1CS310366';
    expect((await fromPage<{ ok: boolean }>(page, 'getRecordCounts', { vin })).ok).toBe(true);
    const before = {
      settings: await fromPage<{ value: unknown }>(page, 'getSettings', undefined),
      ledger: await fromPage<{ value: unknown }>(page, 'getLedger', undefined),
      economy: await fromPage<{ value: unknown }>(page, 'getEconomySettings', undefined),
    };
    // The account read once: the popup's headline (name, e-mail, credits) is now in storage.session,
    // where this extension page sees it; the probe below must not.
    await fromPage(page, 'getAccount', { fresh: true });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          JSON.stringify(
            await (
              globalThis as unknown as {
                chrome: { storage: { session: { get(k: string): Promise<unknown> } } };
              }
            ).chrome.storage.session.get('headline'),
          ),
        ),
      )
      .toContain('Dana Demo');

    const probe = await stack.browser.context.newPage();
    await probe.goto(`${stack.server.origin}/fixtures/probe.html`);
    await probe.waitForFunction(() => document.documentElement.dataset.probe, undefined, { timeout: 15_000 });
    const seen = (await probe.evaluate(() => document.documentElement.dataset.probe)) as string;
    expect(seen).not.toContain('demo-api-key');
    // Chromium: storage.local is closed to content scripts (access level set by the background).
    expect(JSON.parse(seen).local).toMatch(/^refused/);
    // storage.session (the popup's headline: name, e-mail, credits) is for extension pages only.
    expect(JSON.parse(seen).session).toMatch(/^refused/);
    expect(seen).not.toContain('headline');
    expect(seen).not.toContain('Dana Demo');
    expect(JSON.parse(seen).indexedDb).toEqual([]);

    // Whatever it managed to write, the background still decides from its own store.
    expect(await fromPage(page, 'getSettings', undefined)).toEqual(before.settings);
    expect(await fromPage(page, 'getLedger', undefined)).toEqual(before.ledger);
    expect(await fromPage(page, 'getEconomySettings', undefined)).toEqual(before.economy);
    const mark = stack.server.sim.log.length;
    const cached = await fromPage<{ ok: boolean }>(page, 'getRecordCounts', { vin });
    expect(cached.ok).toBe(true);
    expect(stack.server.sim.log.length).toBe(mark);
    const fresh = await fromPage<{ ok: boolean }>(page, 'getRecordCounts', { vin: 'KNAE55LC7J6018811' });
    expect(fresh.ok).toBe(true);
    expect(stack.server.sim.log.slice(mark).map((e) => e.path)).toEqual(['/records/vin/KNAE55LC7J6018811']);
    await probe.close();
    await page.close();
  });

  it('another 127.0.0.1 port saved as the service URL does not get the stored key', async () => {
    const other = await recorder();
    const options = await stack.browser.openPage('options.html');
    await options.getByLabel('Service URL').fill(`${other.origin}/v1`);
    await expect.poll(() => options.getByTestId('send-key').isVisible()).toBe(true);
    await options.getByRole('button', { name: 'Test connection and save' }).click();
    const alert = options.getByRole('alert');
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toMatch(/Confirm first\. Your stored key was checked against/);
    expect(await alert.getAttribute('data-error-kind')).toBe('needs-confirmation');
    expect(other.requests).toEqual([]);
    await options.close();
    await other.close();
  });

  it('a redirect from the service to another 127.0.0.1 server is not followed: that server gets no key, and the popup says why', async () => {
    // Both ports fall under the package's http://127.0.0.1/* host permission: a followed redirect
    // would carry x-api-key there without any CORS check.
    const other = await recorder();
    const sim = stack.server.sim;
    sim.faults.add({
      kind: 'status',
      status: 302,
      endpoint: 'user',
      headers: { location: `${other.origin}/v1/user` },
    });
    try {
      const popup = await stack.browser.openPage('popup.html');
      const said = popup.locator('[data-error-kind], [data-testid="stale"]').first();
      await expect
        .poll(() => said.textContent(), { timeout: 15_000 })
        .toMatch(/redirect.*does not follow redirects, so your key was sent nowhere else/);
      expect(other.requests).toEqual([]);
      expect(sim.log.some((e) => e.endpoint === 'user' && e.status === 302)).toBe(true);
      await popup.close();
    } finally {
      sim.faults.clear();
      await other.close();
    }
  });

  it('an http:// URL on a public host is refused with a clear message, and nothing is sent', async () => {
    const options = await stack.browser.openPage('options.html');
    const mark = stack.server.sim.log.length;
    await options.getByLabel('Service URL').fill('http://reports.example.com/v1');
    await options.getByLabel('API key').fill('demo-api-key');
    await options.getByRole('button', { name: 'Test connection and save' }).click();
    await expect
      .poll(() => options.getByRole('alert').textContent(), { timeout: 10_000 })
      .toMatch(/Plain http:\/\/ is accepted only for a service on this computer/);
    expect(stack.server.sim.log.length).toBe(mark);
    // The saved settings are as they were.
    const settings = await fromPage<{ value: { serviceUrl: string } }>(options, 'getSettings', undefined);
    expect(settings.value.serviceUrl).toBe(stack.server.baseUrl);
    await options.close();
  });

  it('file:, ftp: and javascript: service URLs get a clear message in the options page, and no uncaught error', async () => {
    const options = await stack.browser.openPage('options.html');
    const errors: string[] = [];
    options.on('pageerror', (error) => errors.push(error.message));
    const mark = stack.server.sim.log.length;
    for (const url of ['file:///etc/passwd', 'ftp://reports.example.com/v1', 'javascript:alert(1)']) {
      await options.getByLabel('Service URL').fill(url);
      await options.getByRole('button', { name: 'Test connection and save' }).click();
      await expect
        .poll(() => options.getByRole('alert').last().textContent(), { timeout: 10_000 })
        .toContain(`must start with https:// (${new URL(url).protocol} is not`);
    }
    expect(errors).toEqual([]);
    expect(stack.server.sim.log.length).toBe(mark);
    await options.close();
  });
});
