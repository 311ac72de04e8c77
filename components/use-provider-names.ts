// The providers' display names for a page (empty until known: the API's names show meanwhile).
import { useEffect, useState } from 'preact/hooks';
import type { ProviderNames } from '@/lib/account/provider-names';
import { ask } from '@/lib/messaging/messaging';

/** `initial`: names known already (the popup's headline), shown until the background answers. */
export function useProviderNames(initial: ProviderNames = {}): ProviderNames {
  const [names, setNames] = useState<ProviderNames>(initial);
  useEffect(() => {
    ask('getProviderNames', undefined).then((r) => r.ok && setNames(r.value));
  }, []);
  return names;
}
