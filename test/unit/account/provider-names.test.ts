// The providers' display names: kept trimmed, an empty one back to the API's name, too long refused.
import { describe, expect, it } from 'vitest';
import { providerLabel, providerWithWire } from '@/lib/account/provider-names';
import { startBackground } from '../support/background-harness';

describe('provider display names', () => {
  it('keeps what the user typed, trimmed; an empty name goes back to the API name', async () => {
    const bg = await startBackground({ configured: true });
    expect((await bg.deliver('getProviderNames', undefined, bg.senders.page)).value).toEqual({});
    const saved = await bg.deliver(
      'saveProviderNames',
      { providerA: '  AutoLedger ', providerB: ' ' },
      bg.senders.page,
    );
    expect(saved.value).toEqual({ providerA: 'AutoLedger' });
    expect(providerLabel(saved.value, 'providerA')).toBe('AutoLedger');
    expect(providerLabel(saved.value, 'providerB')).toBe('providerB');
    expect(providerWithWire(saved.value, 'providerA')).toBe('AutoLedger (providerA)');
    const tooLong = await bg.deliver('saveProviderNames', { providerA: 'x'.repeat(41) }, bg.senders.page);
    expect(tooLong.ok ? '' : tooLong.error.kind).toBe('invalid-input');
    // The badge panel (in the content script's world) words counts and reports with them, but a
    // content script may not change them.
    expect((await bg.deliver('getProviderNames', undefined, bg.senders.contentScript)).value).toEqual({
      providerA: 'AutoLedger',
    });
    const fromPage = await bg.deliver('saveProviderNames', { providerA: 'Evil' }, bg.senders.contentScript);
    expect(fromPage.ok ? '' : fromPage.error.kind).toBe('forbidden');
  });
});
