// Where VIN detection runs: the curated sites, and the sites the user added (removable here).
import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/lib/messaging';
import { BUILT_IN_SITES } from '@/lib/sites';

export function SitesList() {
  const [sites, setSites] = useState<string[]>([]);
  useEffect(() => {
    sendMessage('getUserSites', undefined).then((r) => r.ok && setSites(r.value));
  }, []);
  const remove = async (origin: string) => {
    const result = await sendMessage('disableSite', { origin });
    if (result.ok) setSites(result.value);
  };
  return (
    <section aria-labelledby="sites-heading">
      <h2 id="sites-heading">Sites</h2>
      <p class="muted">
        Always on: {BUILT_IN_SITES.join(', ')}. Add any other site from the popup while you are on it.
      </p>
      {sites.length === 0 ? (
        <p class="muted">No sites added.</p>
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
