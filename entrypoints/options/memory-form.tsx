// The memory of vehicles seen (issue 45): on or off, sites left out, how long it keeps a listing,
// news of watched vehicles (the notifications permission, asked here and nowhere else), and
// "Clear browsing memory". Everything it keeps stays on this device.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import type { MemorySettings } from '@/lib/memory/memory-messages';
import { ask } from '@/lib/messaging/messaging';

export function MemoryForm() {
  const [settings, setSettings] = useState<MemorySettings | null>(null);
  const [sites, setSites] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    ask('getMemorySettings', undefined).then((r) => {
      if (!r.ok) return setError(r.error);
      setSettings(r.value);
      setSites(r.value.offSites.join('\n'));
    });
  }, []);
  if (!settings) return error ? <ErrorNotice error={error} /> : null;
  const save = async (next: MemorySettings, said: string) => {
    setError(null);
    const result = await ask('saveMemorySettings', next);
    if (!result.ok) return setError(result.error);
    setSettings(result.value);
    setSites(result.value.offSites.join('\n'));
    setNote(said);
  };
  const notify = async (on: boolean) => {
    // Asked in the click itself (browsers require a user gesture); refused: the option stays off.
    const granted = on ? await browser.permissions.request({ permissions: ['notifications'] }) : true;
    if (!on) await browser.permissions.remove({ permissions: ['notifications'] }).catch(() => false);
    await save(
      { ...settings, notify: on && granted },
      on && !granted ? 'Notifications were not allowed: news of watched vehicles stays off.' : 'Saved.',
    );
  };
  const clear = async () => {
    setConfirming(false);
    const result = await ask('clearBrowsingMemory', undefined);
    if (result.ok) setNote('Browsing memory cleared: no vehicle seen or watched is kept on this device now.');
    else setError(result.error);
  };
  return (
    <section aria-labelledby="memory-heading">
      <h3 id="memory-heading">Browsing memory</h3>
      <p class="muted">
        Each vehicle a listing page shows is remembered on this device only: the site, the listing's address,
        the price and mileage it states, when you saw it. Badges use it to say a car was seen before, listed
        elsewhere for less, relisted, or shown with fewer miles than earlier. Nothing of it is ever sent
        anywhere, and no page is ever fetched to update it. Private windows are never remembered.
      </p>
      <label class="inline">
        <input
          type="checkbox"
          checked={settings.on}
          onChange={(e) =>
            save(
              { ...settings, on: e.currentTarget.checked },
              e.currentTarget.checked
                ? 'Browsing memory is on.'
                : 'Browsing memory is off: nothing new is kept.',
            )
          }
        />
        Remember vehicles I see on listing pages
      </label>
      <label for="retention">Forget a listing not seen for (days)</label>
      <input
        id="retention"
        type="number"
        min={1}
        max={3650}
        value={settings.retentionDays}
        onChange={(e) => {
          const days = Math.round(Number(e.currentTarget.value));
          if (days >= 1 && days <= 3650) void save({ ...settings, retentionDays: days }, 'Saved.');
        }}
      />
      <label for="memory-off-sites">
        Never remember on these sites (one per line, such as cars.com; its subdomains too)
      </label>
      <textarea
        id="memory-off-sites"
        rows={3}
        value={sites}
        onInput={(e) => setSites(e.currentTarget.value)}
      />
      <p>
        <button
          type="button"
          onClick={() =>
            save({ ...settings, offSites: sites.split(/\s+/).filter(Boolean).slice(0, 500) }, 'Sites saved.')
          }
        >
          Save the sites never remembered
        </button>
      </p>
      <label class="inline">
        <input type="checkbox" checked={settings.notify} onChange={(e) => notify(e.currentTarget.checked)} />
        Tell me when a watched vehicle's price drops or it is relisted (on a page I open)
      </label>
      <p>
        {confirming ? (
          <>
            <span>Forget every vehicle seen and watched?</span>{' '}
            <button type="button" class="danger" onClick={clear}>
              Yes, clear browsing memory
            </button>{' '}
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Clear browsing memory
          </button>
        )}
      </p>
      {note && <p role="status">{note}</p>}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
