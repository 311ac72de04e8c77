// NHTSA's free facts (issue 46): off until the user turns them on here, the only place the browser
// is asked for NHTSA's hosts (in the click itself, as browsers require). What is sent, and when, is
// said before the browser's own prompt; refused or withdrawn, nothing is sent.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import type { FreeFactsAccess } from '@/lib/nhtsa/nhtsa-messages';

/** "vpic.nhtsa.dot.gov and api.nhtsa.gov": the hosts as the browser's prompt names them. */
const hostsOf = (origins: string[]) =>
  origins.map((o) => o.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '')).join(' and ');

export function FreeFactsForm() {
  const [access, setAccess] = useState<FreeFactsAccess | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const read = () =>
    ask('getFreeFactsAccess', undefined).then((r) => (r.ok ? setAccess(r.value) : setError(r.error)));
  useEffect(() => {
    void read();
    // Withdrawn in the browser's own settings while this page is open: said at once.
    const changed = () => void read();
    browser.permissions.onRemoved.addListener(changed);
    browser.permissions.onAdded.addListener(changed);
    return () => {
      browser.permissions.onRemoved.removeListener(changed);
      browser.permissions.onAdded.removeListener(changed);
    };
  }, []);
  // Opened at #free-facts (a badge's "Turn them on in the options…"): shown once drawn.
  useEffect(() => {
    if (access && location.hash === '#free-facts') document.getElementById('free-facts')?.scrollIntoView();
  }, [access !== null]);
  if (!access) return error ? <ErrorNotice error={error} /> : null;
  const hosts = hostsOf(access.origins);
  const turnOn = async () => {
    setNote(null);
    // Asked in the click itself (browsers require a user gesture); the background is told after.
    const granted = await browser.permissions.request({ origins: access.origins }).catch(() => false);
    if (!granted) return setNote('Not allowed by the browser: nothing is sent to NHTSA.');
    const result = await ask('setFreeFacts', { on: true });
    if (!result.ok) return setError(result.error);
    setAccess(result.value);
    setNote('On: a badge you open, a VIN you look up and your workbench rows now show what NHTSA says.');
  };
  const turnOff = async () => {
    const result = await ask('setFreeFacts', { on: false });
    if (!result.ok) return setError(result.error);
    // Given back to the browser too (a test build's granted host cannot be, which changes nothing).
    await browser.permissions.remove({ origins: access.origins }).catch(() => false);
    setAccess(result.value);
    setNote('Off: nothing more is sent to NHTSA.');
  };
  return (
    <section id="free-facts" aria-labelledby="free-facts-heading">
      <h3 id="free-facts-heading">Free facts from NHTSA</h3>
      <p class="muted">
        Before you spend a credit: what the VIN says the car is (year, make, model, trim, body, engine, drive,
        plant), whether the listing matches it, recall campaigns, complaints and crash ratings, from the US
        National Highway Traffic Safety Administration's free public APIs. Only for a vehicle you act on (a
        badge you open, a VIN you look up, a workbench row): its VIN is sent to NHTSA, then its make, model
        and year for recalls, complaints and ratings. No key, no account, nothing about you; answers are kept
        on this device (decodes for good, the rest a week). Recalls are published by model year: whether one
        car's were repaired is only at NHTSA's own VIN lookup, which the extension links to.
      </p>
      {/* Live, but not role=status: the page's one status is the connection's saved state. */}
      <p data-testid="free-facts-state" aria-live="polite">
        {access.on ? `On: the extension may ask ${hosts}.` : 'Off: nothing is sent to NHTSA.'}
      </p>
      {access.on ? (
        <button type="button" onClick={turnOff}>
          Turn off
        </button>
      ) : (
        <>
          <p class="muted">
            Your browser will ask to let the extension "read and change your data" on {hosts}: it only reads
            NHTSA's public answers there.
          </p>
          <button type="button" class="primary" onClick={turnOn}>
            Turn on free facts…
          </button>
        </>
      )}
      {note && <p class="muted">{note}</p>}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
