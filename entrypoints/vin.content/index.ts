// Runs on listing pages: finds VINs, badges each vehicle, and tells the background which VINs the
// tab shows. It never calls the service and never holds the key: it asks the background.
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { RecordCounts } from '@/lib/domain';
import type { TabPillsSent } from '@/lib/memory/card-verdict';
import { PILLS_ASKED } from '@/lib/memory/pills-asked';
import { BUILT_IN_SITES, sitePatterns } from '@/lib/sites/sites';
import { MAX_TAB_VINS } from '@/lib/vin/page-limits';
import { badgesOwn, mountBadge, pillsSaid } from './badge/mount-badge';
import type { BadgeActions } from './badge/panel-contract';
import { createVerdictFeed } from './badge/verdict-feed';
import { createListingNotes, pageLocale } from './detect/listing-notes';
import { createPageScanner } from './detect/page-scanner';
import { setNearScreenGate, whenSeen } from './pace/near-screen';
import { send } from './send';

export default defineContentScript({
  matches: BUILT_IN_SITES.flatMap(sitePatterns),
  runAt: 'document_idle',
  // WXT's default also announces each start to the page with window.postMessage (naming the
  // extension's id): pages have no business knowing, and hostile ones listen.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    // One live copy per frame. WXT stops a content script when a page event says a newer copy
    // started, and any page can forge that event (test/e2e/hostile-page.test.ts), so here it counts
    // only once the extension itself is gone (reloaded or updated: the runtime id disappears). A
    // second copy injected while this one lives (the popup's "Find VINs here") leaves at once.
    const frame = window as { vhlAlive?: () => boolean };
    if (frame.vhlAlive?.()) return;
    const life = new AbortController();
    const alive = () => !life.signal.aborted && !!browser.runtime?.id;
    frame.vhlAlive = alive;
    ctx.onInvalidated(() => alive() || life.abort());
    if (import.meta.env.MODE === 'loopback') document.dispatchEvent(new CustomEvent('vhl:started'));
    // The user may have switched this site off in the options. Without an answer, detection runs.
    const enabled = await send('isSiteEnabled', undefined);
    if (enabled.ok && !enabled.value) return;
    // The background answers a badge only about a VIN its tab's list holds, the newest MAX_TAB_VINS
    // found: on a longer feed an early vehicle has left it. A badge the user acts on says first that
    // its vehicle is still on the page (one candidate, never a new page: no automatic check).
    // Each VIN's badges not yet seen: opening one's panel sees it (the `mount` below).
    const openedBy = new Map<string, Set<() => void>>();
    const onPage = <T>(vin: string, then: () => Promise<T>) =>
      send('reportPageVins', { candidates: [{ vin, labelled: true }], reset: false }).then(then);
    const actions: BadgeActions = {
      checkRecords: (vin) => onPage(vin, () => send('getRecordCounts', { vin })),
      openPurchase: (vin) => onPage(vin, () => send('openPurchase', { vin })),
      openOwned: (vin) => onPage(vin, () => send('openOwnedReport', { vin })),
      checkNewRecords: (vin) => onPage(vin, () => send('checkNewRecords', { vin })),
      ownedFacts: (vin) => onPage(vin, () => send('getOwnedFacts', { vin })),
      history: (vin, url) => {
        for (const see of openedBy.get(vin) ?? []) see();
        notes.sendNow(vin);
        return onPage(vin, () => send('getVehicleHistory', { vin, ...(url ? { url } : {}) }));
      },
      watch: (vin, on, title) =>
        onPage(vin, () =>
          send('watchVehicle', { vin, on, ...(title ? { title: title.slice(0, 200) } : {}) }),
        ),
      forget: (vin) => onPage(vin, () => send('forgetVehicle', { vin })),
      freeFacts: (vin) => onPage(vin, () => send('getFreeFacts', { vin })),
      turnOnFreeFacts: () => send('openFreeFactsOptions', undefined),
    };
    // The pills' findings, asked for once their cards' notes went (badge/verdict-feed.ts).
    const verdicts = createVerdictFeed((items) => send('getCardVerdicts', { items }));
    // What the page shows of each vehicle, for the memory of vehicles seen (the background decides
    // whether anything is kept).
    // The loopback build tells bench:memory how long each message's cards took to read.
    const notes = createListingNotes(
      document,
      (sightings) => void send('noteSightings', { sightings, page: pageLocale(document) }),
      import.meta.env.MODE === 'loopback'
        ? (ms) => document.dispatchEvent(new CustomEvent('vhl:notes-read', { detail: ms }))
        : undefined,
      // Asked about once its note went (with the listing it names): the memory then knows the price
      // its card shows.
      (sent) => {
        for (const { vin, url } of sent) verdicts.want(vin, url);
      },
    );
    // Leaving the page or its tab: the notes waiting for their second go now (listing-notes.ts).
    // Back in view: the pills ask again what changed meanwhile.
    window.addEventListener('pagehide', () => alive() && notes.sendAll());
    document.addEventListener('visibilitychange', () => {
      if (!alive()) return;
      if (document.visibilityState === 'visible') verdicts.refresh();
      else notes.sendAll();
    });
    // And the notes' share of each pass.
    let notesMs = 0;
    const note: typeof notes.note =
      import.meta.env.MODE === 'loopback'
        ? (...args) => {
            const start = performance.now();
            notes.note(...args);
            notesMs += performance.now() - start;
          }
        : notes.note;
    // Counts the background already knows (cached, or checked because the user asked for automatic
    // checks on detail pages): the badge shows them at once.
    const known = new Map<string, RecordCounts>();
    const owned = new Set<string>();
    // A report bought meanwhile (the background tells every tab: library/tell-tabs-owned.ts).
    browser.runtime.onMessage.addListener((message: unknown) => {
      const vin = (message as { vhlOwned?: unknown } | null)?.vhlOwned;
      if (typeof vin === 'string' && alive()) {
        owned.add(vin);
        badgesOwn(vin);
      }
    });
    // The popup's rows say what the pills say (and mark a VIN with no badge as the page's data only).
    // Only the extension's own pages reach this listener; the page never sees the answer.
    browser.runtime.onMessage.addListener((message: unknown, sender) => {
      if ((message as { vhlPills?: unknown } | null)?.vhlPills !== PILLS_ASKED.vhlPills) return undefined;
      if (sender.id !== browser.runtime.id || !alive()) return undefined;
      return Promise.resolve({ pills: pillsSaid().slice(0, MAX_TAB_VINS) } satisfies TabPillsSent);
    });
    const scanner = createPageScanner({
      doc: document,
      signal: life.signal,
      classify: async (candidates, reset) => {
        const result = await send('reportPageVins', { candidates, reset });
        // A worker starting up may miss the message: the scanner asks again later.
        if (!result.ok && result.error.kind === 'unanswered') throw new Error(result.error.message);
        if (!result.ok) return [];
        for (const [vin, counts] of Object.entries(result.value.known)) known.set(vin, counts);
        for (const vin of result.value.owned) owned.add(vin);
        return result.value.vins;
      },
      mount: (placement, decode, found) => {
        const badge = mountBadge(
          placement,
          decode,
          actions,
          known.get(placement.vin),
          owned.has(placement.vin),
          () => notes.link(placement, found),
          verdicts,
        );
        // Noted once seen (issue 61): a card the page never shows is no car the user has seen. One
        // whose badge the user opens is seen, and noted before its panel asks about it.
        let noted = false;
        const see = () => {
          if (noted) return;
          noted = true;
          unseen();
          note(placement, found);
        };
        const unseen = whenSeen(placement.anchor, see);
        const opened = openedBy.get(placement.vin) ?? new Set();
        openedBy.set(placement.vin, opened.add(see));
        return {
          ...badge,
          remove() {
            unseen();
            opened.delete(see);
            badge.remove();
          },
        };
      },
      // The loopback build (tests, benchmarks) tells the page how much work each pass took.
      ...(import.meta.env.MODE === 'loopback'
        ? {
            onDrained: (stats) => {
              document.dispatchEvent(
                new CustomEvent('vhl:drained', { detail: JSON.stringify({ ...stats, notesMs }) }),
              );
              notesMs = 0;
            },
          }
        : {}),
    });
    // Badges drawn or put away as they near the screen change a busy page with its own changes too.
    setNearScreenGate(scanner.nextBeat);
    scanner.start();
    // In-page navigation (single-page apps), checked once a second; this is also where an orphaned
    // copy notices that its extension is gone.
    let href = location.href;
    const timer = setInterval(() => {
      if (!alive()) {
        life.abort();
        clearInterval(timer);
      } else if (href !== location.href) {
        href = location.href;
        scanner.rescan();
      }
    }, 1000);
  },
});
