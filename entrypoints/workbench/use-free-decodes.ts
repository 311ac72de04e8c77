// NHTSA's decodes of the workbench's rows (issue 46): asked when the rows change and the user has
// turned the free facts on (every row is a VIN the user put there), 50 to a request, kept by the
// background so a reopened workbench asks nothing. Off, failed or under way: said, never guessed.
import { useEffect, useState } from 'preact/hooks';
import type { ErrorData } from '@/lib/errors/error-data';
import { unanswered } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import type { DecodeRow } from '@/lib/nhtsa/nhtsa-wire';

export type FreeDecodes =
  | { state: 'off' | 'asking' }
  | { state: 'failed'; error: ErrorData }
  | { state: 'on'; decodes: Record<string, DecodeRow>; failed: string | null };

export function useFreeDecodes(vins: string[]): FreeDecodes {
  const [free, setFree] = useState<FreeDecodes>({ state: 'asking' });
  const key = vins.join();
  useEffect(() => {
    let current = true;
    if (vins.length === 0) return setFree({ state: 'on', decodes: {}, failed: null });
    setFree((was) => (was.state === 'on' ? was : { state: 'asking' }));
    void ask('getFreeDecodes', { vins: vins as never })
      .catch(unanswered)
      .then((r) => {
        if (!current) return;
        if (!r.ok) setFree({ state: 'failed', error: r.error });
        else
          setFree(
            r.value.on ? { state: 'on', decodes: r.value.decodes, failed: r.value.failed } : { state: 'off' },
          );
      });
    return () => {
      current = false;
    };
  }, [key]);
  return free;
}
