// @vitest-environment node
// Key custody and sender checks of the background, through the real message listener.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { SIM_URL, startBackground } from '../support/background-harness';

afterEach(() => vi.unstubAllGlobals());

describe('background: key custody', () => {
  it('an extension page saves a key the service confirms, and learns whose it is', async () => {
    const { deliver, senders } = await startBackground();
    const saved = await deliver(
      'saveSettings',
      { serviceUrl: `${SIM_URL}/`, apiKey: ' demo-api-key ' },
      senders.page,
    );
    expect(saved).toMatchObject({
      ok: true,
      value: { user: { name: 'Dana Demo' }, settings: { serviceUrl: SIM_URL, hasKey: true } },
    });
    const account = await deliver('getAccount', undefined, senders.page);
    expect(account).toMatchObject({
      ok: true,
      value: { user: { name: 'Dana Demo' }, limits: { credits: 25 } },
    });
  });

  it('never hands the key back, only a masked hint', async () => {
    const { deliver, senders } = await startBackground();
    await deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: 'demo-api-key' }, senders.page);
    const settings = await deliver('getSettings', undefined, senders.page);
    expect(settings.value).toEqual({
      serviceUrl: SIM_URL,
      hasKey: true,
      keyHint: '••••-key',
      keyOrigin: 'http://127.0.0.1:8787',
      keyKeptUntilBrowserCloses: false,
    });
    expect(JSON.stringify(settings)).not.toContain('demo-api-key');
  });

  it('a key the service rejects is not stored, and the message mentions allow-listed networks', async () => {
    const { deliver, senders } = await startBackground();
    const saved = await deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: 'wrong-key' }, senders.page);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'key-rejected', status: 401 } });
    expect(saved.error.message).toMatch(/network is not allowed/);
    expect((await deliver('getSettings', undefined, senders.page)).value.hasKey).toBe(false);
  });

  it('an empty key is refused with a clear message and nothing is sent', async () => {
    const { deliver, senders, sim } = await startBackground();
    const saved = await deliver('saveSettings', { serviceUrl: SIM_URL, apiKey: '   ' }, senders.page);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(saved.error.message).toMatch(/API key/);
    expect(sim.log).toHaveLength(0);
  });

  it('a service URL whose origin has not been granted is refused before any request', async () => {
    const { deliver, senders, sim } = await startBackground();
    const saved = await deliver(
      'saveSettings',
      { serviceUrl: 'https://vhr.example.com/v1', apiKey: 'demo-api-key' },
      senders.page,
    );
    expect(saved.error.message).toMatch(/not allowed to reach vhr.example.com/);
    expect(sim.log).toHaveLength(0);
  });

  it('the popup without a key gets a message that leads to the options page', async () => {
    const { deliver, senders } = await startBackground();
    const account = await deliver('getAccount', undefined, senders.page);
    expect(account).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(account.error.message).toMatch(/options page/);
  });
});

describe('background: sender checks', () => {
  it('a content script cannot change the settings or read the account', async () => {
    const { deliver, senders, sim } = await startBackground();
    const saved = await deliver(
      'saveSettings',
      { serviceUrl: SIM_URL, apiKey: 'attacker-key' },
      senders.contentScript,
    );
    expect(saved).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: 'This request is not allowed from here.' },
    });
    expect((await deliver('getAccount', undefined, senders.contentScript)).ok).toBe(false);
    expect((await deliver('getSettings', undefined, senders.page)).value.hasKey).toBe(false);
    expect(sim.log).toHaveLength(0);
  });

  it('another extension is refused everything', async () => {
    const { deliver, senders } = await startBackground();
    for (const type of ['getSettings', 'getAccount']) {
      expect((await deliver(type, undefined, senders.otherExtension)).ok).toBe(false);
    }
  });

  it('a malformed payload is refused with a message, not a crash', async () => {
    const { deliver, senders } = await startBackground();
    const saved = await deliver('saveSettings', { serviceUrl: 42 }, senders.page);
    expect(saved).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('an unknown message type gets no answer: the caller is told the extension did not answer', async () => {
    const { deliver, senders, sim } = await startBackground({ configured: true });
    expect(await deliver('purchaseEverything', { vin: '1G1PG5SC3C7167133' }, senders.page)).toMatchObject({
      ok: false,
      error: { kind: 'unanswered' },
    });
    expect(sim.log).toHaveLength(0);
  });
});

describe('background: the key goes only where it was checked', () => {
  it('another origin (another port on 127.0.0.1) gets the stored key only when the user says so', async () => {
    const { deliver, senders, sim } = await startBackground({ configured: true });
    const other = 'http://127.0.0.1:9999/v1';
    const refused = await deliver('saveSettings', { serviceUrl: other }, senders.page);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'needs-confirmation' } });
    expect(refused.error.message).toContain('http://127.0.0.1:9999');
    expect(sim.log).toHaveLength(0);
    // Named explicitly, it goes there (here the simulator answers on any port).
    const confirmed = await deliver(
      'saveSettings',
      { serviceUrl: other, sendKeyTo: 'http://127.0.0.1:9999' },
      senders.page,
    );
    expect(confirmed.ok).toBe(true);
    expect(sim.log).toHaveLength(1);
  });

  it('typing the key again for the new origin needs no confirmation', async () => {
    const { deliver, senders, granted } = await startBackground({ configured: true });
    granted.add('http://localhost/*');
    const saved = await deliver(
      'saveSettings',
      { serviceUrl: 'http://localhost:8787/v1', apiKey: 'demo-api-key' },
      senders.page,
    );
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    expect(saved.value.settings.keyOrigin).toBe('http://localhost:8787');
  });

  it('refuses plain http:// to any host but this computer, sending nothing', async () => {
    const { deliver, senders, sim, granted } = await startBackground({ configured: true });
    granted.add('http://reports.example.com/*');
    const saved = await deliver(
      'saveSettings',
      { serviceUrl: 'http://reports.example.com/v1', apiKey: 'demo-api-key' },
      senders.page,
    );
    expect(saved).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(saved.error.message).toMatch(/Plain http:\/\/ is accepted only for a service on this computer/);
    expect(sim.log).toHaveLength(0);
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://reports.example.com/v1'],
    ['data:', 'data:text/plain,hello'],
    ['javascript:', 'javascript:alert(1)'],
    ['a port over 65535', 'https://reports.example.com:70000/v1'],
    ['an unclosed IPv6 bracket', 'https://[::1/v1'],
    ['20,000 characters', `https://reports.example.com/${'a'.repeat(20_000)}`],
    ['credentials in the URL', 'https://user:secret@reports.example.com/v1'],
  ])('a service URL with %s gets a clear message and reaches nothing', async (_, serviceUrl) => {
    const { deliver, senders, sim } = await startBackground({ configured: true });
    const saved = await deliver('saveSettings', { serviceUrl, apiKey: 'demo-api-key' }, senders.page);
    expect(saved.ok).toBe(false);
    expect(saved.error.kind).toBe('invalid-input');
    expect(saved.error.message.length).toBeGreaterThan(20);
    expect(sim.log).toHaveLength(0);
    // The stored settings are untouched.
    expect((await deliver('getSettings', undefined, senders.page)).value.serviceUrl).toBe(SIM_URL);
  });
});

describe('background: a browser that refuses extension IndexedDB', () => {
  it('keeps the key in session storage, says so, and asks again after the browser restarts', async () => {
    fakeBrowser.reset();
    // Firefox set to never remember history: opening the extension's IndexedDB fails.
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        );
      },
    } as unknown as IDBFactory;
    const bg = await startBackground({ keepStorage: true });
    const saved = await bg.deliver(
      'saveSettings',
      { serviceUrl: SIM_URL, apiKey: 'demo-api-key' },
      bg.senders.page,
    );
    expect(saved.ok).toBe(true);
    expect(saved.value.settings.keyKeptUntilBrowserCloses).toBe(true);
    expect((await bg.deliver('getAccount', { fresh: true }, bg.senders.page)).ok).toBe(true);
    // Not in storage.local, which Firefox's content scripts can read.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('demo-api-key');
    // The browser restarts: session storage is gone, and so is the key.
    await fakeBrowser.storage.session.clear();
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    const account = await restarted.deliver('getAccount', undefined, bg.senders.page);
    expect(account).toMatchObject({ ok: false, error: { kind: 'no-key' } });
  });
});

describe('background: a store that fails to open for a moment', () => {
  it('is opened again, says what is wrong meanwhile, and never swaps the key and purchases for an empty store', async () => {
    const bg = await startBackground({ configured: true });
    await bg.deliver('getAccount', { fresh: true }, bg.senders.page);
    // The worker restarts while Chrome's backing store fails to open (UnknownError), 4 times.
    const real = globalThis.indexedDB;
    let failures = 4;
    globalThis.indexedDB = {
      open: (...args: Parameters<IDBFactory['open']>) => {
        if (failures-- > 0) throw new DOMException('Internal error opening backing store', 'UnknownError');
        return real.open(...args);
      },
      deleteDatabase: (name: string) => real.deleteDatabase(name),
    } as unknown as IDBFactory;
    const restarted = await startBackground({ keepStorage: true, sim: bg.sim });
    // While it fails: said plainly, and nothing bought.
    const meanwhile = await restarted.deliver(
      'purchaseReport',
      { provider: 'providerA', vin: '5N3ZA0NE1AN908084' },
      bg.senders.page,
    );
    expect(meanwhile.ok).toBe(false);
    expect(meanwhile.error.message).toMatch(/could not open its storage/);
    expect(bg.sim.log.filter((e) => e.endpoint === 'buy')).toHaveLength(0);
    // Then it opens: the key is still there (an empty session store would have none).
    await vi.waitFor(async () => {
      const settings = await restarted.deliver('getSettings', undefined, bg.senders.page);
      expect(settings.ok && settings.value.hasKey).toBe(true);
      expect(settings.value.keyKeptUntilBrowserCloses).toBe(false);
    });
    globalThis.indexedDB = real;
  });
});
