// Runs on listing pages: finds VINs, badges each vehicle, and tells the background which VINs the
// tab shows. It never calls the service and never holds the key: it asks the background.
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { RecordCounts } from '@/lib/api/schemas';
import { BUILT_IN_SITES, sitePatterns } from '@/lib/sites';
import type { BadgeActions } from './badge';
import { mountBadge } from './mount-badge';
import { createPageScanner } from './page-scanner';
import { send } from './send';

export default defineContentScript({
  matches: BUILT_IN_SITES.flatMap(sitePatterns),
  runAt: 'document_idle',
  // WXT's default also announces each start to the page with window.postMessage (naming the
  // extension's id): pages have no business knowing, and hostile ones listen.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    if (import.meta.env.MODE === 'loopback') document.dispatchEvent(new CustomEvent('vhr:started'));
    // The user may have switched this site off in the options. Without an answer, detection runs.
    const enabled = await send('isSiteEnabled', undefined).catch(() => ({ ok: true as const, value: true }));
    if (enabled.ok && !enabled.value) return;
    const actions: BadgeActions = {
      checkRecords: (vin) => send('getRecordCounts', { vin }),
      openPurchase: (vin) => send('openPurchase', { vin }),
    };
    // Counts the background already knows (cached, or checked because the user asked for automatic
    // checks on detail pages): the badge shows them at once.
    const known = new Map<string, RecordCounts>();
    const scanner = createPageScanner({
      doc: document,
      signal: ctx.signal,
      classify: async (candidates, present) => {
        const result = await send('reportPageVins', { candidates, present });
        if (!result.ok) return [];
        for (const [vin, counts] of Object.entries(result.value.known)) known.set(vin, counts);
        return result.value.vins;
      },
      mount: async (placement, decode) => mountBadge(placement, decode, actions, known.get(placement.vin)),
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
