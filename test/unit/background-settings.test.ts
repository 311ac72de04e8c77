// @vitest-environment node
// Key custody and sender checks of the background, through the real message listener.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIM_URL, startBackground } from './background-harness';

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
    expect(settings.value).toEqual({ serviceUrl: SIM_URL, hasKey: true, keyHint: '••••-key' });
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
