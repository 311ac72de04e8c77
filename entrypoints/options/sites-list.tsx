// Where VIN detection runs: the curated sites (each can be switched off) and sites the user adds
// (each asked for with its own permission).
import { useEffect, useState } from 'preact/hooks';
import { enableSiteWithPermission } from '@/components/enable-site';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/error-data';
import { errorOf } from '@/lib/error-kinds';
import { ask } from '@/lib/messaging';
import { BUILT_IN_SITES, type BuiltInSite, siteOrigin } from '@/lib/sites';

export function SitesList() {
  const [sites, setSites] = useState<string[]>([]);
  const [disabled, setDisabled] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ErrorData | null>(null);
  useEffect(() => {
    ask('getUserSites', undefined).then((r) => (r.ok ? setSites(r.value) : setError(r.error)));
    ask('getDisabledBuiltInSites', undefined).then((r) => (r.ok ? setDisabled(r.value) : setError(r.error)));
  }, []);

  const toggle = async (site: BuiltInSite, enabled: boolean) => {
    setError(null);
    const result = await ask('setBuiltInSite', { site, enabled });
    if (result.ok) setDisabled(result.value);
    else setError(result.error);
  };
  const remove = async (origin: string) => {
    setError(null);
    const result = await ask('disableSite', { origin });
    if (result.ok) setSites(result.value);
    else setError(result.error);
  };
  const add = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const origin = siteOrigin(/^https?:\/\//i.test(typed.trim()) ? typed.trim() : `https://${typed.trim()}`);
    if (!origin) return setError(errorOf('invalid-input', `"${typed}" is not a web address.`));
    const result = await enableSiteWithPermission(origin);
    if (result.ok) {
      setSites(result.value);
      setTyped('');
    } else setError(result.error);
  };

  return (
    <section aria-labelledby="sites-heading">
      <h2 id="sites-heading">Sites</h2>
      <fieldset>
        <legend>Listing sites (on unless you switch them off)</legend>
        <div class="site-grid">
          {BUILT_IN_SITES.map((site) => (
            <label key={site} class="inline">
              <input
                type="checkbox"
                checked={!disabled.includes(site)}
                onChange={(e) => toggle(site, e.currentTarget.checked)}
              />
              {site}
            </label>
          ))}
        </div>
      </fieldset>
      <form onSubmit={add}>
        <label for="add-site">Add a site</label>
        <div class="row">
          <input
            id="add-site"
            type="text"
            placeholder="dealer.example.com"
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
          <button type="submit" disabled={!typed.trim()}>
            Add
          </button>
        </div>
      </form>
      {error && <ErrorNotice error={error} />}
      {sites.length === 0 ? (
        <p class="muted">No sites added. You can also add the site you are on from the popup.</p>
      ) : (
        <ul aria-label="Sites you added">
          {sites.map((origin) => (
            <li key={origin}>
              {origin}{' '}
              <button
                type="button"
                onClick={() => remove(origin)}
                aria-label={`Stop finding VINs on ${origin}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
