// The providers' display names for a page (empty until known: the API's names show meanwhile).
import { useEffect, useState } from 'preact/hooks';
import { ask } from '@/lib/messaging';
import type { ProviderNames } from '@/lib/provider-names';

export function useProviderNames(): ProviderNames {
  const [names, setNames] = useState<ProviderNames>({});
  useEffect(() => {
    ask('getProviderNames', undefined).then((r) => r.ok && setNames(r.value));
  }, []);
  return names;
}
