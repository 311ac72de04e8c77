// Where VIN detection runs: the curated sites (each can be switched off) and sites the user adds
// (each asked for with its own permission).
import { useEffect, useState } from 'preact/hooks';
import { enableSiteWithPermission } from '@/components/enable-site';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import { errorOf } from '@/lib/errors/error-kinds';
import { ask } from '@/lib/messaging/messaging';
import { BUILT_IN_SITES, type BuiltInSite, siteOrigin } from '@/lib/sites/sites';

export function SitesList() {
  const [sites, setSites] = useState<string[]>([]);
  const [disabled, setDisabled] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ErrorData | null>(null);
  useEffect(() => {
    ask('getUserSites', undefined).then((r) => (r.ok ? setSites(r.value) : setError(r.error)));
    ask('getDisabledBuiltInSites', undefined).then((r) => (r.ok ? setDisabled(r.value) : setError(r.error)));
  }, []);

  // One save model on this page: boxes and fields change nothing until their section's Save;
  // buttons that name an action (Add, Remove, Clear…) act when pressed.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const shownDisabled = draft ?? disabled;
  const toggle = (site: BuiltInSite, enabled: boolean) => {
    setSaved(null);
    setDraft(enabled ? shownDisabled.filter((s) => s !== site) : [...shownDisabled, site]);
  };
  const saveSites = async (event: Event) => {
    event.preventDefault();
    if (!draft) return;
    setError(null);
    let now = disabled;
    for (const site of BUILT_IN_SITES) {
      const enabled = !draft.includes(site);
      if (enabled === !now.includes(site)) continue;
      const result = await ask('setBuiltInSite', { site, enabled });
      if (!result.ok) return setError(result.error);
      now = result.value;
    }
    setDisabled(now);
    setDraft(null);
    setSaved('Saved.');
  };
  const remove = async (origin: string) => {
    setError(null);
    const result = await ask('disableSite', { origin });
    if (result.ok) {
      setSites(result.value);
      setSaved(`Removed ${origin}.`);
    } else setError(result.error);
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
      <h3 id="sites-heading">Sites</h3>
      <form onSubmit={saveSites}>
        <fieldset>
          <legend>Listing sites (on unless you switch them off)</legend>
          <div class="site-grid">
            {BUILT_IN_SITES.map((site) => (
              <label key={site} class="inline">
                <input
                  type="checkbox"
                  checked={!shownDisabled.includes(site)}
                  onChange={(e) => toggle(site, e.currentTarget.checked)}
                />
                {site}
              </label>
            ))}
          </div>
        </fieldset>
        <p>
          <button type="submit" disabled={!draft}>
            Save sites
          </button>{' '}
          {draft && <span class="muted">Unsaved changes</span>}
          {saved && <span role="status">{saved}</span>}
        </p>
      </form>
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
