// The providers' display names for a page (empty until known: the API's names show meanwhile).
import { useEffect, useState } from 'preact/hooks';
import type { ProviderNames } from '@/lib/account/provider-names';
import { ask } from '@/lib/messaging/messaging';

/** Asks again after an unanswered question (a worker starting up): 3 times, a second apart. */
const TRIES = 3;

/** `initial`: names known already (the popup's headline), shown until the background answers. */
export function useProviderNames(initial: ProviderNames = {}): ProviderNames {
  const [names, setNames] = useState<ProviderNames>(initial);
  useEffect(() => {
    let live = true;
    const load = (left: number) =>
      ask('getProviderNames', undefined).then((r) => {
        if (!live) return;
        if (r.ok) setNames(r.value);
        else if (left > 1) setTimeout(() => load(left - 1), 1000);
      });
    void load(TRIES);
    return () => {
      live = false;
    };
  }, []);
  return names;
}
