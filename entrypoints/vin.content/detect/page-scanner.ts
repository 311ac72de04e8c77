// Keeps a page's VINs and badges up to date: one full scan in time slices, then only what a
// batched MutationObserver reports as added or changed. Nothing here calls the service.

import { CANDIDATES_PER_MESSAGE, MESSAGES_PER_SECOND } from '@/lib/vin/page-limits';
import { createVerdictMemo } from '@/lib/vin/verdict-memo';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { createPageBeat } from '../pace/page-beat';
import { createSliceClock, type Step } from '../pace/slice-clock';
import { watchHiddenText } from './hidden-text';
import { createPlacer, type Placement } from './placement';
import { BADGE_TAG, createScanner, type Occurrence } from './subtree-scanner';

/** A string the page proposes (it passed isVinSyntax here): the background parses it again, as a Vin. */
interface Candidate {
  vin: string;
  labelled: boolean;
}

export interface BadgeHandle {
  remove(): void;
  /** The element the badge lives in, when it has one: a page may remove it. */
  host?: Element;
}

export interface PageScannerOptions {
  doc: Document;
  /**
   * Hands candidates not yet judged to the background (`reset` on the first call of a page: the
   * tab's list starts again); resolves with the decodes of those it accepts as VINs. Rejects when
   * the background is away.
   */
  classify(candidates: Candidate[], reset: boolean): Promise<LocalDecode[]>;
  /** Mounts the badge for a placement (real: a closed shadow root; tests may pass their own). */
  mount(placement: Placement, decode: LocalDecode): BadgeHandle;
  signal: AbortSignal;
  /** Longest slice of work before yielding to the page (ms). */
  sliceMs?: number;
  isVisible?(element: Element): boolean;
  /** Work done by each drain of the queue, in ms of main-thread time (benchmarks). */
  onDrained?(stats: DrainStats): void;
}

export interface DrainStats {
  scanMs: number;
  classifyMs: number;
  /** Placing and mounting badges; `placeMs` is the placing part (reads only). */
  mountMs: number;
  placeMs: number;
  badges: number;
  /** The longest stretch of work between two yields to the page, and the step it ended in. */
  longestSliceMs: number;
  longestSliceIn: Step;
}

// Verdicts kept for VINs that left the page (a virtualised list brings them back).
const MAX_JUDGED = 20_000;

const BUSY_GATHER_MS = 500;

const WATCHED_ATTRIBUTES = ['data-vin', 'href', 'value', 'data-vehicle-details', 'data-override-payload'];

export function createPageScanner(options: PageScannerOptions) {
  const { doc, signal } = options;
  const sliceMs = options.sliceMs ?? 4;
  // Text shown to the eye gets the badge beside it; text found hidden hands its badge to the top of
  // its card (hidden-text.ts).
  const hidden = watchHiddenText(
    options.isVisible,
    (vin, anchor) => {
      if (badges.get(vin)?.anchor !== anchor) return false;
      dropBadge(vin);
      return true;
    },
    () => schedule(doc.createDocumentFragment()),
  );
  const { isVisible } = hidden;
  // What is on the page now: every map below drops an element or a VIN when it leaves the page, so
  // memory follows the page (a 5,000-card scroll, or a virtualised list of any length).
  const occurrences = new Map<string, Occurrence[]>();
  const seenPairs = new WeakMap<Element, Set<string>>();
  const badges = new Map<string, { anchor: Element; handle: BadgeHandle }>();
  const placer = createPlacer(doc);
  // Badges join the page in the frame of the page's own next change (page-beat.ts).
  const beat = createPageBeat();
  const queue: Node[] = [];
  // VINs on the page the background accepted, with their decode.
  const accepted = new Map<string, LocalDecode>();
  // Candidates to hand the background; accepted VINs to place now; those that found no place yet.
  const toJudge = new Set<string>();
  const toPlace = new Set<string>();
  const waiting = new Set<string>();
  // What the background said of each candidate: kept for VINs that left too (a virtualised list
  // brings them back), up to a bound.
  const judged = createVerdictMemo<LocalDecode>(MAX_JUDGED);
  let resetPending = true;
  let checkBadges = false;
  // The background did not answer: candidates wait for the page's next change, not a busy loop.
  let stalled = false;
  let draining: Promise<void> | null = null;

  function record(occurrence: Occurrence) {
    const { vin, element } = occurrence;
    const vins = seenPairs.get(element) ?? new Set<string>();
    seenPairs.set(element, vins);
    if (vins.has(vin)) return;
    vins.add(vin);
    const list = occurrences.get(vin);
    if (list) list.push(occurrence);
    else occurrences.set(vin, [occurrence]);
    placer.record(occurrence);
    // A candidate is judged once; a "VIN" label may turn a rejected one into a VIN.
    if (judged.needsJudging(vin, occurrence.labelled)) toJudge.add(vin);
    const decode = judged.verdictOf(vin);
    if (decode) {
      accepted.set(vin, decode);
      // A badge the page removed is found and put back by the badge check of this pass.
      if (!badges.has(vin)) {
        waiting.delete(vin);
        toPlace.add(vin);
      }
    }
  }

  /** Removes a VIN's badge; a VIN still accepted is placed again in this pass. */
  function dropBadge(vin: string) {
    badges.get(vin)?.handle.remove();
    badges.delete(vin);
    if (accepted.has(vin)) toPlace.add(vin);
  }

  /** A VIN has no occurrence left on the page. */
  function gone(vin: string) {
    occurrences.delete(vin);
    accepted.delete(vin);
    toJudge.delete(vin);
    toPlace.delete(vin);
    waiting.delete(vin);
    placer.forgetVin(vin);
  }

  const clock = createSliceClock(sliceMs);
  const { timeUp } = clock;

  async function drain() {
    const stats: DrainStats = {
      scanMs: 0,
      classifyMs: 0,
      mountMs: 0,
      placeMs: 0,
      badges: badges.size,
      longestSliceMs: 0,
      longestSliceIn: 'scan',
    };
    clock.newPass();
    while (queue.length && !signal.aborted) {
      const root = queue.shift() as Node;
      // An empty fragment only asks for a new pass (after removals).
      if (!root.isConnected && root.nodeType !== 11) continue;
      placer.noteAdded(root);
      const scanner = createScanner(root, record);
      for (;;) {
        const stepStart = performance.now();
        const done = scanner.step(timeUp);
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
      await classify();
      stats.classifyMs += performance.now() - classifyStart;
      clock.restart();
      stats.mountMs += await mountDirty(stats);
    } while (toJudge.size && !stalled && !signal.aborted && !queue.length);
    stats.badges = badges.size - stats.badges;
    clock.end();
    const longest = clock.longest();
    stats.longestSliceMs = longest.ms;
    stats.longestSliceIn = longest.in;
    options.onDrained?.(stats);
  }

  const sentAt: number[] = [];
  /** Waits until one more message keeps this page within MESSAGES_PER_SECOND. */
  async function pace() {
    const now = performance.now();
    while (sentAt.length && (sentAt[0] as number) <= now - 1000) sentAt.shift();
    if (sentAt.length >= MESSAGES_PER_SECOND)
      await new Promise((resolve) => setTimeout(resolve, (sentAt[0] as number) + 1000 - now));
    sentAt.push(performance.now());
  }

  async function classify() {
    if (toJudge.size === 0 && !resetPending) return;
    const batch: Candidate[] = [];
    for (const vin of toJudge) {
      if (batch.length >= CANDIDATES_PER_MESSAGE) break;
      const list = occurrences.get(vin);
      if (list) batch.push({ vin, labelled: list.some((o) => o.labelled) });
      else toJudge.delete(vin); // gone meanwhile: never a batch of nothing sent forever
    }
    await pace();
    const reset = resetPending;
    let decodes: LocalDecode[];
    try {
      decodes = await options.classify(batch, reset);
    } catch {
      // A service worker that is starting up may miss the first message: one more try, later.
      await new Promise((resolve) => setTimeout(resolve, 500));
      try {
        decodes = await options.classify(batch, reset);
      } catch {
        stalled = true; // judged again with the next change of the page
        return;
      }
    }
    stalled = false;
    resetPending = false;
    const byVin = new Map<string, LocalDecode>(decodes.map((d) => [d.vin, d]));
    for (const { vin, labelled } of batch) {
      toJudge.delete(vin);
      const decode = byVin.get(vin) ?? null;
      judged.remember(vin, labelled, decode);
      if (decode && occurrences.has(vin)) {
        accepted.set(vin, decode);
        toPlace.add(vin);
      }
    }
    judged.trim((vin) => occurrences.has(vin));
  }

  /**
   * Badges for accepted VINs that have none yet (new, or whose anchor left the page); returns work ms.
   * Only the VINs that changed are looked at. All placements are read first, then all badges
   * written: interleaving would force a layout of the whole page for every badge.
   */
  async function mountDirty(stats: DrainStats): Promise<number> {
    clock.step = 'place';
    let work = 0;
    const pause = async () => {
      work += clock.elapsed();
      await clock.yield();
      return signal.aborted;
    };
    if (forgotten) {
      // Something changed in place: where each VIN is held has to be worked out afresh.
      forgotten = false;
      placer.reset();
      for (const list of occurrences.values()) for (const o of list) placer.record(o);
      for (const vin of waiting) toPlace.add(vin);
      waiting.clear();
    }
    if (checkBadges) {
      // Badges whose VIN left, whose card left, or that the page removed on its own (put back below).
      checkBadges = false;
      for (const [vin, badge] of badges)
        if (!occurrences.has(vin) || !badge.anchor.isConnected || badge.handle.host?.isConnected === false)
          dropBadge(vin);
    }
    // VINs known only from the page's data: their cards are found by what they share with them.
    const dataOnly = new Map<string, Occurrence[]>();
    for (const vin of toPlace) {
      const list = occurrences.get(vin) ?? [];
      if (list.every((o) => o.kind === 'json')) dataOnly.set(vin, list);
    }
    if (dataOnly.size || waiting.size) {
      clock.step = 'index';
      while (!placer.indexStep(timeUp)) if (await pause()) return work;
      clock.step = 'prepare';
      let ready = placer.prepareData(dataOnly, waiting, timeUp);
      while (!ready) {
        if (await pause()) return work;
        ready = placer.prepareData(dataOnly, waiting, timeUp);
      }
      for (const vin of ready) {
        waiting.delete(vin);
        toPlace.add(vin);
      }
    }
    clock.step = 'place';
    const placements: Array<[Placement, LocalDecode]> = [];
    for (const vin of [...toPlace]) {
      toPlace.delete(vin);
      const decode = accepted.get(vin);
      if (!decode || badges.has(vin)) continue;
      const placement = placer.place(vin, occurrences.get(vin) ?? [], isVisible);
      if (placement) placements.push([placement, decode]);
      // No card for it yet: listed in the popup all the same, and tried again when the page changes.
      else waiting.add(vin);
      if (timeUp() && (await pause())) return work;
    }
    stats.placeMs += work + clock.elapsed();
    clock.step = 'mount';
    if (placements.length) {
      work += clock.elapsed();
      clock.end();
      await beat.next();
      if (signal.aborted) return work;
      clock.restart();
    }
    for (const [placement, decode] of placements) {
      if (badges.has(placement.vin)) continue;
      if (!placement.anchor.isConnected) {
        waiting.add(placement.vin);
        continue;
      }
      badges.set(placement.vin, { anchor: placement.anchor, handle: options.mount(placement, decode) });
      if (placement.append === 'end') hidden.watch(placement.anchor, placement.vin);
      if (timeUp() && (await pause())) return work;
    }
    return work + clock.elapsed();
  }

  function schedule(root: Node) {
    queue.push(root);
    stalled = false;
    draining ??= (async () => {
      // Let the caller queue all its roots first: one pass for one batch of mutations. A busy page's
      // changes are gathered a while longer: one pass, one message and one frame of draws for them all.
      await (beat.busy() ? new Promise((resolve) => setTimeout(resolve, BUSY_GATHER_MS)) : Promise.resolve());
      // Work queued while draining is picked up by the same loop.
      while ((queue.length || (toJudge.size && !stalled)) && !signal.aborted) await drain();
      draining = null;
    })();
  }

  let forgotten = false;
  /**
   * An element changed in place (an attribute, its text; list views recycle cards this way): what
   * was found in it is forgotten, and the rescan that follows finds what it holds now.
   */
  function forget(element: Element) {
    const vins = seenPairs.get(element);
    if (!vins) return;
    seenPairs.delete(element);
    forgotten = true;
    checkBadges = true;
    for (const vin of vins) {
      const kept = (occurrences.get(vin) ?? []).filter((o) => o.element !== element);
      if (kept.length) occurrences.set(vin, kept);
      else gone(vin);
    }
  }

  /** Drops what was removed from the page: its occurrences (badges follow in mountDirty). */
  function prune() {
    checkBadges = true;
    placer.noteRemoved();
    for (const [vin, list] of occurrences) {
      const alive = list.filter((o) => o.element.isConnected);
      if (alive.length === list.length) continue;
      // A removed element may come back (moved, re-rendered): then it is scanned afresh.
      for (const o of list) if (!o.element.isConnected) seenPairs.delete(o.element);
      if (alive.length) occurrences.set(vin, alive);
      else gone(vin);
    }
  }

  // Elements holding only a short text and no VIN (a like counter, a timer, a price): a busy page
  // replaces their text many times a second (bench:feed's page, 400 times).
  const shortTexts = new WeakSet<Node>();
  function onMutations(records: MutationRecord[]) {
    let removed = false;
    // Whether the page changed anything itself (not only the badges' hosts joining or leaving).
    let pageChanged = false;
    const roots = new Set<Node>();
    // Elements whose text changed in place, and elements a watched attribute changed on.
    const changed = new Set<Node>();
    const attributed = new Set<Node>();
    for (const record of records) {
      const target = record.target;
      // A watched attribute set on it (a data-vin) is read as on any element, below.
      if (record.type !== 'attributes' && shortTexts.has(target)) {
        // Its text replaced again, still short, still no element in it: the record's node lists
        // (a wrapper for each list and node, in this world) are not even read.
        if ((target as Element).firstElementChild === null && (target.textContent?.length ?? 0) < 17) {
          pageChanged = true;
          continue;
        }
        shortTexts.delete(target);
      }
      if (record.type === 'childList') {
        // Text replaced in place (a counter, a clock) is a change of its element, handled below; only
        // an element leaving can take occurrences with it.
        for (const node of record.removedNodes) {
          if (node.nodeType === 3) changed.add(record.target);
          else removed = true;
          if (node.nodeType !== 1 || (node as Element).localName !== BADGE_TAG) pageChanged = true;
        }
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && (node as Element).localName === BADGE_TAG) continue;
          pageChanged = true;
          // Added text joins a run in its block: rescan the parent so split VINs are seen whole.
          if (node.nodeType === 1) roots.add(node);
          else changed.add(record.target);
        }
      } else if (record.type === 'attributes') {
        pageChanged = true;
        attributed.add(target);
      } else {
        pageChanged = true;
        changed.add(target.parentNode ?? target);
      }
    }
    if (pageChanged) beat.changed();
    // A watched attribute changed (a recycled card's data-vin, a link): read again whatever the
    // length of the element's text (an empty card holding only its data-vin was passed over).
    for (const node of attributed) {
      forget(node as Element);
      roots.add(node);
    }
    for (const node of changed) {
      // A busy page rewrites small texts many times a second (likes, timers, prices): one shorter
      // than a VIN that held none cannot hold one now, and is not worth a pass. (A VIN split across
      // inline elements is read when its block is scanned, not from one of its parts.)
      if (!seenPairs.has(node as Element) && (node.textContent?.length ?? 0) < 17) {
        if ((node as Element).firstElementChild === null) shortTexts.add(node);
        continue;
      }
      forget(node as Element);
      roots.add(node);
    }
    if (removed) prune();
    // Only the outermost changed nodes: a subtree is scanned once.
    const list = [...roots].filter((node) => {
      for (let up = node.parentNode; up; up = up.parentNode) if (roots.has(up)) return false;
      return true;
    });
    for (const root of list) schedule(root);
    if (removed && list.length === 0) schedule(doc.createDocumentFragment());
  }

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
        for (const { handle } of badges.values()) handle.remove();
        badges.clear();
      });
    },
    /** After an in-page navigation: a new page for the tab's list; forget what left and look again. */
    rescan() {
      prune();
      resetPending = true;
      judged.clear();
      for (const vin of occurrences.keys()) toJudge.add(vin);
      schedule(doc.documentElement);
    },
    /** Resolves when everything queued so far has been scanned and badged. */
    idle: async () => {
      while (draining) await draining;
    },
    /** The VINs on the page the background accepted, in order of discovery. */
    vins: () => [...accepted.keys()],
    /** Resolves at a busy page's next change of its own, at once on a quiet page (page-beat.ts). */
    nextBeat: () => beat.next(),
  };
}
