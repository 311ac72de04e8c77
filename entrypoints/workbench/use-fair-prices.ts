// The fair-price gauges of the table's VINs (issue 57): asked once the table changes, from the memory
// of vehicles seen on this device (nothing is fetched); empty while asking or when the memory is off.
import { useEffect, useState } from 'preact/hooks';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { ask } from '@/lib/messaging/messaging';
import type { Vin } from '@/lib/vin/vin-syntax';

export function useFairPrices(vins: readonly Vin[]): Record<string, MarketAnswer> {
  const [prices, setPrices] = useState<Record<string, MarketAnswer>>({});
  const key = vins.join(' ');
  useEffect(() => {
    if (vins.length === 0) return;
    let live = true;
    void ask('getFairPrices', { vins: [...vins] }).then(
      (answer) => live && answer.ok && setPrices(answer.value),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return prices;
}
