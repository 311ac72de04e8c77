// Where the service is and which key to use. The key is checked against the service (whose key
// is it?) before it is kept.
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/error-notice';
import { checkServiceUrl } from '@/lib/account/service-url';
import type { SavedSettings, SettingsView } from '@/lib/account/settings-messages';
import type { ErrorData } from '@/lib/errors/error-data';
import { errorOf } from '@/lib/errors/error-kinds';
import { ask } from '@/lib/messaging/messaging';
import { originMatchPattern } from '@/lib/sites/sites';

type Status =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; saved: SavedSettings }
  | { state: 'error'; error: ErrorData };

/**
 * Checks the URL, then asks for its host permission inside the click that saves (browsers grant it
 * only on a user gesture). A URL that cannot be used is explained here, before any prompt.
 */
async function ensureOrigin(serviceUrl: string): Promise<ErrorData | null> {
  const checked = checkServiceUrl(serviceUrl);
  if (!checked.ok) return errorOf('invalid-input', checked.message);
  const pattern = originMatchPattern(checked.origin);
  try {
    if (await browser.permissions.contains({ origins: [pattern] })) return null;
    if (await browser.permissions.request({ origins: [pattern] })) return null;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return errorOf('needs-permission', `The browser would not ask for ${checked.origin}: ${error.message}`);
  }
  return errorOf('needs-permission', 'Without permission to reach the service, the extension cannot use it.');
}

export function ConnectionForm() {
  const [view, setView] = useState<SettingsView | null>(null);
  const [serviceUrl, setServiceUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [sendKey, setSendKey] = useState(false);
  // Purchases of the current key not confirmed yet: the background asks before the key is replaced.
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A URL typed before the saved settings arrive is the user's: their arrival must not overwrite it
  // (the key-custody e2e test typed one in the first milliseconds and lost it now and then).
  const typedUrl = useRef(false);
  const checkedUrl = checkServiceUrl(serviceUrl);
  const newOrigin = checkedUrl.ok ? checkedUrl.origin : null;
  // The saved key goes to another origin only if the user types it again or says so here.
  // The field a failure is about is marked and named (not "check the key in the options page": this is it).
  const failed = status.state === 'error' ? status.error.kind : null;
  const keyProblem = failed === 'key-rejected' || failed === 'no-key';
  const urlProblem = failed === 'invalid-input' || failed === 'needs-permission';
  const askToSendKey = !!view?.hasKey && !apiKey.trim() && !!newOrigin && newOrigin !== view.keyOrigin;
  const askAboutOpenPurchases =
    (status.state === 'error' && status.error.kind === 'needs-confirmation' && !askToSendKey) || confirmOpen;

  // The fields wait for the saved settings (a few ms): typing into them before would race their
  // arrival (text typed into a field the saved URL then fills ran together as one).
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    ask('getSettings', undefined).then((result) => {
      if (result.ok) {
        setView(result.value);
        if (!typedUrl.current) setServiceUrl(result.value.serviceUrl);
      } else setStatus({ state: 'error', error: result.error });
      setLoaded(true);
    });
  }, []);

  const shownUrl = serviceUrl;
  const typedKey = apiKey;
  async function save(event: Event) {
    event.preventDefault();
    // What the fields show is what is saved: read from the form itself, so a render still pending
    // (a slow machine, the saved settings arriving as the user types) can never save another URL
    // than the one on the screen (an e2e run under load saved the default URL once).
    const fields = (event.currentTarget as HTMLFormElement).elements;
    const serviceUrl = (fields.namedItem('service-url') as HTMLInputElement | null)?.value ?? shownUrl;
    const apiKey = (fields.namedItem('api-key') as HTMLInputElement | null)?.value ?? typedKey;
    setStatus({ state: 'saving' });
    const refused = await ensureOrigin(serviceUrl);
    const request = {
      ...(apiKey.trim()
        ? { serviceUrl, apiKey }
        : { serviceUrl, ...(sendKey && newOrigin ? { sendKeyTo: newOrigin } : {}) }),
      ...(confirmOpen ? { confirmOpenPurchases: true } : {}),
    };
    const result = refused ? { ok: false as const, error: refused } : await ask('saveSettings', request);
    if (result.ok) {
      setView(result.value.settings);
      setServiceUrl(result.value.settings.serviceUrl);
      setApiKey('');
      setConfirmOpen(false);
      setStatus({ state: 'saved', saved: result.value });
      // What the user owns, read now (issue 56): every badge knows it before any other page opens.
      void ask('getAccount', { fresh: true, recent: 0 });
    } else setStatus({ state: 'error', error: result.error });
  }

  return (
    <section aria-labelledby="connection-heading">
      <h3 id="connection-heading">Connection</h3>
      <form onSubmit={save}>
        <label for="service-url">Service URL</label>
        <input
          id="service-url"
          disabled={!loaded}
          type="url"
          required
          value={serviceUrl}
          onInput={(e) => {
            typedUrl.current = true;
            setServiceUrl(e.currentTarget.value);
          }}
          placeholder="https://example.com/v1"
          aria-invalid={urlProblem ? 'true' : undefined}
          aria-describedby={urlProblem ? 'connection-problem' : undefined}
        />
        <label for="api-key">API key</label>
        <div style={{ display: 'flex', gap: '6px' }}>
          <input
            id="api-key"
            disabled={!loaded}
            {...(showKey ? { type: 'text' as const } : { type: 'password' as const })}
            autocomplete="off"
            spellcheck={false}
            value={apiKey}
            onInput={(e) => setApiKey(e.currentTarget.value)}
            aria-invalid={keyProblem ? 'true' : undefined}
            aria-describedby={keyProblem ? 'api-key-hint connection-problem' : 'api-key-hint'}
            placeholder={view?.hasKey ? 'A new key, to replace it' : 'Your API key'}
          />
          <button type="button" aria-pressed={showKey} onClick={() => setShowKey(!showKey)}>
            {showKey ? 'Hide' : 'Show'}
          </button>
        </div>
        {/* Below the field, not its placeholder: a placeholder never wraps, and at 360 px the saved
            key's line was cut to "Saved key ••••-key: leave empty…". */}
        <p id="api-key-hint" class="muted field-hint" data-testid="api-key-hint">
          {view?.hasKey
            ? `Saved key ${view.keyHint}: leave the field empty to keep it.`
            : 'From the API Keys section of your service’s dashboard.'}
        </p>
        {askToSendKey && (
          <label class="inline" data-testid="send-key">
            <input type="checkbox" checked={sendKey} onChange={(e) => setSendKey(e.currentTarget.checked)} />
            Send my saved key ({view?.keyHint}) to {newOrigin}. It was checked against {view?.keyOrigin}; or
            type the key again above.
          </label>
        )}
        {askAboutOpenPurchases && (
          <label class="inline" data-testid="confirm-open-purchases">
            <input
              type="checkbox"
              checked={confirmOpen}
              onChange={(e) => setConfirmOpen(e.currentTarget.checked)}
            />
            Change the key anyway: I will check those purchases with the service myself.
          </label>
        )}
        <p>
          <button type="submit" class="primary" disabled={status.state === 'saving'}>
            {status.state === 'saving' ? 'Checking…' : 'Test connection and save'}
          </button>
        </p>
      </form>
      {status.state === 'saved' && (
        <div class="notice ok" role="status" data-testid="saved">
          Saved. This key belongs to <strong>{status.saved.user.name}</strong> ({status.saved.user.email}).
        </div>
      )}
      {status.state === 'saved' && status.saved.warning && (
        <div class="notice warn">{status.saved.warning}</div>
      )}
      {status.state === 'error' && (keyProblem || urlProblem) && (
        <div class="notice warn" role="alert" id="connection-problem" data-testid="connection-problem">
          <strong>{keyProblem ? 'The service refused this key.' : 'This service URL cannot be used.'}</strong>{' '}
          {keyProblem
            ? 'Copy the key again from the API Keys section of your dashboard, paste it in the API key field above and press Test connection and save. (Some services also accept only listed networks.)'
            : `${status.error.message} Correct the Service URL field above, then save again.`}
        </div>
      )}
      {status.state === 'error' && !keyProblem && !urlProblem && <ErrorNotice error={status.error} />}
      {view?.keyKeptUntilBrowserCloses && (
        <div class="notice warn" role="status" data-testid="session-key">
          This browser does not let extensions keep data (it is set to never remember history), so your key is
          kept only until the browser closes: you will be asked for it again next time.
        </div>
      )}
    </section>
  );
}
