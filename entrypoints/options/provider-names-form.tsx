// Optional display names for the two providers: what the user's service calls them. Shown across
// the extension; the confirmation window shows them beside the API's names (providerA/providerB).
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import type { ProviderNames } from '@/lib/account/provider-names';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';

export function ProviderNamesForm() {
  const [names, setNames] = useState<ProviderNames>({});
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  useEffect(() => {
    ask('getProviderNames', undefined).then((r) => (r.ok ? setNames(r.value) : setError(r.error)));
  }, []);
  const save = async (event: Event) => {
    event.preventDefault();
    const result = await ask('saveProviderNames', names);
    if (!result.ok) return setError(result.error);
    setNames(result.value);
    setDirty(false);
    setSaved(true);
    setError(null);
  };
  return (
    <section aria-labelledby="names-heading">
      <h3 id="names-heading">Provider names</h3>
      <p class="muted">Optional: what your service calls its two report providers.</p>
      <form onSubmit={save}>
        {(['providerA', 'providerB'] as const).map((provider) => (
          <div key={provider}>
            <label for={`name-${provider}`}>Name shown for {provider}</label>
            <input
              id={`name-${provider}`}
              type="text"
              maxLength={40}
              placeholder={provider}
              value={names[provider] ?? ''}
              onInput={(e) => {
                setNames({ ...names, [provider]: e.currentTarget.value });
                setDirty(true);
                setSaved(false);
              }}
            />
          </div>
        ))}
        <p>
          <button type="submit" disabled={!dirty}>
            Save provider names
          </button>{' '}
          {dirty && <span class="muted">Unsaved changes</span>}
          {saved && <span role="status">Saved.</span>}
        </p>
      </form>
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
