// Keeps a page's VINs and badges up to date: one full scan in time slices, then only what a
// batched MutationObserver reports as added or changed (mutation-triage.ts). Each pass scans, has
// the background judge (judge-queue.ts) and places (place-pass.ts). Nothing here calls the service.
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { createPageBeat } from '../pace/page-beat';
import { createSliceClock } from '../pace/slice-clock';
import { watchHiddenText } from './hidden-text';
import { type Classify, createJudgeQueue } from './judge-queue';
import { createMutationTriage, WATCHED_ATTRIBUTES } from './mutation-triage';
import type { Occurrence } from './occurrence';
import { type BadgeHandle, createPageState } from './page-state';
import { createPlacePass, type DrainStats } from './place-pass';
import { createPlacer, type Placement } from './placement';
import { createScanner } from './subtree-scanner';

export type { BadgeHandle } from './page-state';
export type { DrainStats } from './place-pass';

export interface PageScannerOptions {
  doc: Document;
  classify: Classify;
  /**
   * Mounts the badge for a placement (real: a closed shadow root; tests may pass their own), given
   * where the page shows or holds the VIN (its data records say what the listing states).
   */
  mount(placement: Placement, decode: LocalDecode, found: Occurrence[]): BadgeHandle;
  signal: AbortSignal;
  /** Longest slice of work before yielding to the page (ms). */
  sliceMs?: number;
  isVisible?(element: Element): boolean;
  /** Work done by each drain of the queue, in ms of main-thread time (benchmarks). */
  onDrained?(stats: DrainStats): void;
}

const BUSY_GATHER_MS = 500;

export function createPageScanner(options: PageScannerOptions) {
  const { doc, signal } = options;
  const placer = createPlacer(doc);
  const state = createPageState(placer);
  const judge = createJudgeQueue(state, options.classify);
  // Text shown to the eye gets the badge beside it; text found hidden hands its badge to the top of
  // its card (hidden-text.ts).
  const hidden = watchHiddenText(
    options.isVisible,
    (vin, anchor) => {
      if (state.badges.get(vin)?.anchor !== anchor) return false;
      state.dropBadge(vin);
      return true;
    },
    () => schedule(doc.createDocumentFragment()),
  );
  const beat = createPageBeat();
  const clock = createSliceClock(options.sliceMs ?? 4);
  const placePass = createPlacePass({ state, placer, clock, beat, hidden, mount: options.mount, signal });
  const queue: Node[] = [];
  let draining: Promise<void> | null = null;

  async function drain() {
    const stats: DrainStats = {
      scanMs: 0,
      classifyMs: 0,
      mountMs: 0,
      placeMs: 0,
      badges: state.badges.size,
      longestSliceMs: 0,
      longestSliceIn: 'scan',
    };
    clock.newPass();
    while (queue.length && !signal.aborted) {
      const root = queue.shift() as Node;
      // An empty fragment only asks for a new pass (after removals).
      if (!root.isConnected && root.nodeType !== 11) continue;
      placer.noteAdded(root);
      const scanner = createScanner(root, state.record);
      for (;;) {
        const stepStart = performance.now();
        const done = scanner.step(clock.timeUp);
        stats.scanMs += performance.now() - stepStart;
        if (done) break;
        await clock.yield();
        if (signal.aborted) return;
      }
      // The next root is scanned in the same slice: no yield here, so the slice's clock runs on.
    }
    // Judged a message at a time, and badged after each: a flood is worked through at a bounded pace.
    do {
      clock.end();
      clock.step = 'judge';
      const classifyStart = performance.now();
      await judge.judgeNext();
      stats.classifyMs += performance.now() - classifyStart;
      clock.restart();
      stats.mountMs += await placePass(stats);
    } while (state.toJudge.size && !judge.stalled && !signal.aborted && !queue.length);
    stats.badges = state.badges.size - stats.badges;
    clock.end();
    const longest = clock.longest();
    stats.longestSliceMs = longest.ms;
    stats.longestSliceIn = longest.in;
    options.onDrained?.(stats);
  }

  function schedule(root: Node) {
    queue.push(root);
    judge.stalled = false;
    draining ??= (async () => {
      // Let the caller queue all its roots first: one pass for one batch of mutations. A busy page's
      // changes are gathered a while longer: one pass, one message and one frame of draws for them all.
      await (beat.busy() ? new Promise((resolve) => setTimeout(resolve, BUSY_GATHER_MS)) : Promise.resolve());
      // Work queued while draining is picked up by the same loop.
      while ((queue.length || (state.toJudge.size && !judge.stalled)) && !signal.aborted) await drain();
      draining = null;
    })();
  }

  const onMutations = createMutationTriage(state, doc, { pageChanged: () => beat.changed(), schedule });

  return {
    /** Scans the whole document, in slices. */
    start() {
      schedule(doc.documentElement);
      const observer = new MutationObserver(onMutations);
      observer.observe(doc.documentElement, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: WATCHED_ATTRIBUTES,
      });
      signal.addEventListener('abort', () => {
        observer.disconnect();
        hidden.disconnect();
        for (const { handle } of state.badges.values()) handle.remove();
        state.badges.clear();
      });
    },
    /** After an in-page navigation: a new page for the tab's list; forget what left and look again. */
    rescan() {
      state.prune();
      judge.restart();
      schedule(doc.documentElement);
    },
    /** Resolves when everything queued so far has been scanned and badged. */
    idle: async () => {
      while (draining) await draining;
    },
    /** The VINs on the page the background accepted, in order of discovery. */
    vins: () => [...state.accepted.keys()],
    /** Resolves at a busy page's next change of its own, at once on a quiet page (page-beat.ts). */
    nextBeat: () => beat.next(),
  };
}
