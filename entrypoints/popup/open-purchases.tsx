// Purchases whose outcome is not known yet (or unresolved), as the background holds them: the popup
// says what is being checked and shows it settle, so a lost answer is never silently forgotten.
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import type { PurchaseStatus } from '@/lib/purchases/purchase-messages';
import { reportUrl } from '@/lib/reports/report-url';

const POLL_MS = 3_000;

export function OpenPurchases() {
  const [open, setOpen] = useState<PurchaseStatus[]>([]);
  const [settled, setSettled] = useState<PurchaseStatus[]>([]);
  const [error, setError] = useState<ErrorData | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    void ask('getOpenPurchases', undefined).then(async (result) => {
      if (!result.ok) return setError(result.error);
      setError(null);
      // Those that were open and are gone now settled: say how.
      const still = new Set(result.value.map((s) => s.id));
      const gone = open.filter((s) => !still.has(s.id));
      const outcomes = await Promise.all(
        gone.map((s) => ask('getPurchaseStatus', { provider: s.provider, vin: s.vin })),
      );
      setSettled((before) => [...before, ...outcomes.flatMap((o) => (o.ok && o.value ? [o.value] : []))]);
      setOpen(result.value);
    });
  }, [tick]);
  const checking = open.some((s) => s.state !== 'unresolved' && s.state !== 'held');
  useEffect(() => {
    if (!checking) return;
    const timer = setTimeout(() => setTick((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [checking, tick]);
  if (!error && open.length === 0 && settled.length === 0) return null;
  return (
    <section aria-label="Purchases being checked" data-testid="open-purchases">
      {error && <ErrorNotice error={error} />}
      {open.map((s) => (
        <div key={s.id} class="notice warn" role="status">
          <strong>
            {s.provider} · {s.vin}:
          </strong>{' '}
          {s.message}
        </div>
      ))}
      {settled.map((s) => (
        <div key={s.id} class="notice ok" role="status">
          <strong>
            {s.provider} · {s.vin}:
          </strong>{' '}
          {s.message}{' '}
          {s.state === 'held' && s.reportId && <a href={reportUrl(s.provider, s.reportId)}>Open it</a>}
        </div>
      ))}
    </section>
  );
}
