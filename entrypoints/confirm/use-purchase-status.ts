// The purchase state of each provider's report for this VIN, as the background holds it. The window
// reconnects to a purchase already under way (a second window, a reopened one, a restarted worker)
// instead of offering Buy, and keeps asking while the outcome is not known, so the user sees it settle.
import { useEffect, useState } from 'preact/hooks';
import { PROVIDERS, type Provider } from '@/lib/domain';
import { ask } from '@/lib/messaging/messaging';
import type { PurchaseStatus } from '@/lib/purchases/purchase-messages';

const OPEN = new Set(['intended', 'sent', 'unknown']);
const POLL_MS = 2_000;

export type Statuses = Partial<Record<Provider, PurchaseStatus | null>>;

export const isOpen = (status: PurchaseStatus | null | undefined) => !!status && OPEN.has(status.state);

/**
 * Statuses for both providers; `refresh` after a purchase answer. `onSettled` is called when a purchase
 * seen open settles, or when one this window did not see before turns up settled (its answer was lost
 * with a stopped worker): not for what was already settled when the window opened.
 */
export function usePurchaseStatus(vin: string | null, onSettled: (status: PurchaseStatus) => void) {
  const [statuses, setStatuses] = useState<Statuses>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!vin) return;
    let stopped = false;
    for (const provider of PROVIDERS) {
      void ask('getPurchaseStatus', { provider, vin }).then((result) => {
        if (stopped || !result.ok) return;
        setStatuses((before) => {
          const loaded = provider in before;
          const previous = before[provider];
          const now = result.value;
          if (loaded && now && !isOpen(now) && (isOpen(previous) || previous?.id !== now.id)) onSettled(now);
          return { ...before, [provider]: now };
        });
      });
    }
    return () => {
      stopped = true;
    };
  }, [vin, tick]);
  const anyOpen = PROVIDERS.some((p) => isOpen(statuses[p]));
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setTimeout(() => setTick((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [anyOpen, tick]);
  return { statuses, refresh: () => setTick((t) => t + 1) };
}
