// How the extension spends record checks: cache period, automatic checks, warning and limit.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import type { EconomySettings } from '@/lib/records/economy';

const NUMBER_FIELDS = [
  { key: 'cacheHours', label: 'Reuse record counts for (hours)', max: 720 },
  { key: 'warnRatio', label: 'Warn above this many checks per report', max: 100 },
  { key: 'hardLimit', label: '"Check all" needs an override above this many checks', max: 1000 },
  { key: 'pageWindowsPerMinute', label: 'Report windows one page may open per minute', max: 60 },
  { key: 'pageChecksPerMinute', label: 'Record checks one page may ask for per minute', max: 200 },
  { key: 'autoChecksPerDay', label: 'Automatic checks per day (all pages)', max: 500 },
] as const;

export function EconomyForm() {
  const [settings, setSettings] = useState<EconomySettings | null>(null);
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  useEffect(() => {
    ask('getEconomySettings', undefined).then((r) => (r.ok ? setSettings(r.value) : setError(r.error)));
  }, []);
  if (!settings) return error ? <ErrorNotice error={error} /> : null;
  const update = (patch: Partial<EconomySettings>) => {
    setSaved(false);
    setDirty(true);
    setSettings({ ...settings, ...patch });
  };
  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const result = await ask('saveEconomySettings', settings);
    if (result.ok) {
      setSettings(result.value);
      setSaved(true);
      setDirty(false);
    } else setError(result.error);
  };
  return (
    <section aria-labelledby="economy-heading">
      <h3 id="economy-heading">Record checks</h3>
      <p class="muted">
        The service expects 3 to 5 record checks per report you buy and may revoke a key that checks without
        buying. The extension checks only when you ask.
      </p>
      <form onSubmit={save}>
        <label class="inline">
          <input
            type="checkbox"
            checked={settings.autoCheckDetailPages}
            onChange={(e) => update({ autoCheckDetailPages: e.currentTarget.checked })}
          />
          Check automatically on a vehicle's own page (a page with a single VIN)
        </label>
        {NUMBER_FIELDS.map(({ key, label, max }) => (
          <Fragment key={key}>
            <label for={key}>{label}</label>
            <input
              id={key}
              type="number"
              min={1}
              max={max}
              value={settings[key]}
              onInput={(e) => update({ [key]: Number(e.currentTarget.value) })}
            />
          </Fragment>
        ))}
        <p>
          <button type="submit" disabled={!dirty}>
            Save record-check settings
          </button>{' '}
          {dirty && <span class="muted">Unsaved changes</span>}
          {saved && <span role="status">Saved.</span>}
        </p>
        {error && <ErrorNotice error={error} />}
      </form>
    </section>
  );
}
