// The fair-price gauges of the VINs a page shows (issue 57: the workbench's column, the library's
// vehicles), from the memory of vehicles seen on this device (nothing is fetched). Each VIN is asked
// once per page: a filter typed in the library asks only for VINs not asked before. Empty while asking
// or when the memory is off.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { ask } from '@/lib/messaging/messaging';
import type { Vin } from '@/lib/vin/vin-syntax';

export function useFairPrices(vins: readonly Vin[]): Record<string, MarketAnswer> {
  const [prices, setPrices] = useState<Record<string, MarketAnswer>>({});
  const asked = useRef(new Set<string>());
  const key = vins.join(' ');
  useEffect(() => {
    const fresh = vins.filter((vin) => !asked.current.has(vin));
    if (fresh.length === 0) return;
    for (const vin of fresh) asked.current.add(vin);
    void ask('getFairPrices', { vins: fresh }).then(
      (answer) => answer.ok && setPrices((known) => ({ ...known, ...answer.value })),
    );
  }, [key]);
  return prices;
}
