// The options page's connection form while the saved settings are still on their way: what the user
// types first is theirs. (The key-custody e2e test typed a new service URL in the page's first
// milliseconds; now and then the settings arrived after it and put the saved URL back, so the key's
// safeguard for a new origin never showed.)
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ConnectionForm } from '@/entrypoints/options/connection-form';
import type { SettingsView } from '@/lib/account/settings-messages';
import { ok } from '@/lib/errors/result';
import { onMessage, removeAllListeners } from '@/lib/messaging/messaging';

const SAVED: SettingsView = {
  serviceUrl: 'http://127.0.0.1:8787/v1',
  hasKey: true,
  keyHint: '••••7f3a',
  keyOrigin: 'http://127.0.0.1:8787',
  keyKeptUntilBrowserCloses: false,
};

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});
afterEach(cleanup);

describe('connection form', () => {
  it('keeps a URL typed before the saved settings arrive, and asks before sending the key there', async () => {
    let answer: (view: SettingsView) => void = () => {};
    const asked = new Promise<void>((askedNow) =>
      onMessage('getSettings', () => {
        askedNow();
        return new Promise((resolve) => (answer = (view) => resolve(ok(view))));
      }),
    );
    render(<ConnectionForm />);
    await asked;
    const url = screen.getByLabelText('Service URL') as HTMLInputElement;
    // The fields wait for the saved settings: typed into before, the two ran together (a full e2e
    // run under load saved the default URL once); a test's input event still reaches the field.
    expect(url.disabled).toBe(true);
    expect((screen.getByLabelText('API key') as HTMLInputElement).disabled).toBe(true);
    fireEvent.input(url, { target: { value: 'http://127.0.0.1:9999/v1' } });
    answer(SAVED);
    // The saved key's hint under the field, as the field's description (a placeholder would be cut).
    expect(await screen.findByText('Saved key ••••7f3a: leave the field empty to keep it.')).toBeTruthy();
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.getAttribute('aria-describedby')).toBe('api-key-hint');
    expect(key.placeholder).toBe('A new key, to replace it');
    expect(url.value).toBe('http://127.0.0.1:9999/v1');
    expect(url.disabled).toBe(false);
    expect(screen.getByTestId('send-key').textContent).toContain('to http://127.0.0.1:9999');
  });

  it('shows the saved URL when nothing was typed', async () => {
    onMessage('getSettings', () => ok(SAVED));
    render(<ConnectionForm />);
    await screen.findByText(/^Saved key/);
    expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).toBe(SAVED.serviceUrl);
    expect(screen.queryByTestId('send-key')).toBeNull();
  });
});
