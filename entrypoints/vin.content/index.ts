// Runs on listing pages: finds VINs, badges each vehicle, and tells the background which VINs the
// tab shows. It never calls the service and never holds the key: it asks the background.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { BUILT_IN_SITES, sitePatterns } from '@/lib/sites';
import type { BadgeActions } from './badge';
import { mountBadge } from './mount-badge';
import { createPageScanner } from './page-scanner';
import { send } from './send';

export default defineContentScript({
  matches: BUILT_IN_SITES.flatMap(sitePatterns),
  runAt: 'document_idle',
  main(ctx) {
    if (import.meta.env.MODE === 'loopback') document.dispatchEvent(new CustomEvent('vhr:started'));
    const actions: BadgeActions = {
      checkRecords: (vin) => send('getRecordCounts', { vin }),
      openPurchase: (vin) => send('openPurchase', { vin }),
    };
    const scanner = createPageScanner({
      doc: document,
      signal: ctx.signal,
      classify: async (candidates, present) => {
        const result = await send('reportPageVins', { candidates, present });
        return result.ok ? result.value.vins : [];
      },
      mount: async (placement, decode) => mountBadge(placement, decode, actions),
      // The loopback build (tests, benchmarks) tells the page how much work each pass took.
      ...(import.meta.env.MODE === 'loopback'
        ? {
            onDrained: (stats) =>
              document.dispatchEvent(new CustomEvent('vhr:drained', { detail: JSON.stringify(stats) })),
          }
        : {}),
    });
    scanner.start();
    ctx.addEventListener(window, 'wxt:locationchange', () => scanner.rescan());
  },
});
