// Keeps a page's VINs and badges up to date: one full scan in time slices, then only what a
// batched MutationObserver reports as added or changed. Nothing here calls the service.

import { MAX_PAGE_VINS } from '@/lib/page-limits';
import type { Candidate, LocalDecode } from '@/lib/vin-verdict';
import { createPlacer, type Placement } from './placement';
import { BADGE_TAG, createScanner, type Occurrence } from './subtree-scanner';

export interface BadgeHandle {
  remove(): void;
  /** The element the badge lives in, when it has one: a page may remove it. */
  host?: Element;
}

export interface PageScannerOptions {
  doc: Document;
  /**
   * Hands candidates not yet judged to the background, with every candidate VIN still on the page;
   * resolves with the decodes of the new ones it accepts as VINs. Rejects when the background is away.
   */
  classify(candidates: Candidate[], present: string[]): Promise<LocalDecode[]>;
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
  mountMs: number;
  badges: number;
  /** The longest stretch of work between two yields to the page. */
  longestSliceMs: number;
}

const WATCHED_ATTRIBUTES = ['data-vin', 'href', 'value', 'data-vehicle-details', 'data-override-payload'];

/** Yields to the page between slices: scheduler.yield where it exists, else a message-channel task. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function defaultIsVisible(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width >= 2 && rect.height >= 2;
}

export function createPageScanner(options: PageScannerOptions) {
  const { doc, signal } = options;
  const sliceMs = options.sliceMs ?? 8;
  const isVisible = options.isVisible ?? defaultIsVisible;
  const occurrences = new Map<string, Occurrence[]>();
  const seenPairs = new WeakMap<Element, Set<string>>();
  const badges = new Map<string, { anchor: Element; handle: BadgeHandle }>();
  const placer = createPlacer(doc);
  const queue: Node[] = [];
  const accepted = new Map<string, LocalDecode>();
  let draining: Promise<void> | null = null;

  function record(occurrence: Occurrence) {
    if (occurrences.size >= MAX_PAGE_VINS && !occurrences.has(occurrence.vin)) return;
    const vins = seenPairs.get(occurrence.element) ?? new Set<string>();
    seenPairs.set(occurrence.element, vins);
    if (vins.has(occurrence.vin)) return;
    vins.add(occurrence.vin);
    const list = occurrences.get(occurrence.vin);
    if (list) list.push(occurrence);
    else occurrences.set(occurrence.vin, [occurrence]);
    placer.record(occurrence);
  }

  let sliceStart = 0;
  let longestSlice = 0;
  const timeUp = () => performance.now() - sliceStart > sliceMs;
  async function slice() {
    longestSlice = Math.max(longestSlice, performance.now() - sliceStart);
    await yieldToPage();
    sliceStart = performance.now();
  }

  async function drain() {
    const stats: DrainStats = {
      scanMs: 0,
      classifyMs: 0,
      mountMs: 0,
      badges: badges.size,
      longestSliceMs: 0,
    };
    longestSlice = 0;
    sliceStart = performance.now();
    while (queue.length && !signal.aborted) {
      const root = queue.shift() as Node;
      // An empty fragment only asks for a new classification (after removals).
      if (!root.isConnected && root.nodeType !== 11) continue;
      const scanner = createScanner(root, record);
      for (;;) {
        const done = scanner.step(timeUp);
        stats.scanMs += performance.now() - sliceStart;
        if (done) break;
        await slice();
        if (signal.aborted) return;
      }
      sliceStart = performance.now();
    }
    const classifyStart = performance.now();
    await classify();
    stats.classifyMs = performance.now() - classifyStart;
    sliceStart = performance.now();
    stats.mountMs = await mountDirty();
    stats.badges = badges.size - stats.badges;
    stats.longestSliceMs = Math.max(longestSlice, performance.now() - sliceStart);
    options.onDrained?.(stats);
  }

  // What the background said of each candidate ("VIN" or "VIN+" when labelled): its decode, or null.
  const judged = new Map<string, LocalDecode | null>();
  let lastPresent = '';

  async function classify() {
    const present = [...occurrences.keys()];
    const fresh: Candidate[] = [];
    for (const [vin, list] of occurrences) {
      const labelled = list.some((o) => o.labelled);
      if (!judged.has(labelled ? `${vin}+` : vin)) fresh.push({ vin, labelled });
    }
    const presentKey = present.join(',');
    if (fresh.length === 0 && presentKey === lastPresent) return;
    let decodes: LocalDecode[];
    try {
      decodes = await options.classify(fresh, present);
    } catch {
      // A service worker that is starting up may miss the first message: one more try, later.
      await new Promise((resolve) => setTimeout(resolve, 500));
      try {
        decodes = await options.classify(fresh, present);
      } catch {
        return; // judged again with the next change of the page
      }
    }
    lastPresent = presentKey;
    const byVin = new Map(decodes.map((d) => [d.vin, d]));
    for (const { vin, labelled } of fresh) {
      const decode = byVin.get(vin) ?? null;
      judged.set(labelled ? `${vin}+` : vin, decode);
      if (decode) accepted.set(vin, decode);
    }
    // Accepted: the VINs on the page now that were judged to be VINs, so one that left and came
    // back (a card re-rendered) is accepted again without asking the background.
    for (const vin of accepted.keys()) if (!occurrences.has(vin)) accepted.delete(vin);
    for (const vin of occurrences.keys()) {
      const decode = accepted.has(vin) ? null : (judged.get(vin) ?? judged.get(`${vin}+`));
      if (decode) accepted.set(vin, decode);
    }
  }

  /**
   * Badges for accepted VINs that have none yet (new, or whose anchor left the page); returns work ms.
   * All placements are read first, then all badges written: interleaving would force a layout of
   * the whole page for every badge.
   */
  async function mountDirty(): Promise<number> {
    let work = 0;
    const pause = async () => {
      work += performance.now() - sliceStart;
      await slice();
      return signal.aborted;
    };
    if (forgotten) {
      // Something changed in place: where each VIN is held has to be worked out afresh.
      forgotten = false;
      placer.reset();
      for (const list of occurrences.values()) for (const o of list) placer.record(o);
    }
    // Badges whose VIN left, whose card left, or that the page removed on its own (put back below).
    for (const [vin, badge] of badges)
      if (!occurrences.has(vin) || !badge.anchor.isConnected || badge.handle.host?.isConnected === false)
        dropBadge(vin, badge);
    placer.beginPass();
    const placements: Array<[Placement, LocalDecode]> = [];
    for (const [vin, decode] of [...accepted]) {
      if (badges.has(vin)) continue;
      const placement = placer.place(vin, occurrences.get(vin) ?? [], isVisible);
      if (placement) placements.push([placement, decode]);
      if (timeUp() && (await pause())) return work;
    }
    for (const [placement, decode] of placements) {
      if (badges.has(placement.vin) || !placement.anchor.isConnected) continue;
      badges.set(placement.vin, { anchor: placement.anchor, handle: options.mount(placement, decode) });
      if (timeUp() && (await pause())) return work;
    }
    return work + performance.now() - sliceStart;
  }

  function schedule(root: Node) {
    queue.push(root);
    draining ??= (async () => {
      // Let the caller queue all its roots first: one pass for one batch of mutations.
      await Promise.resolve();
      // Work queued while draining is picked up by the same loop.
      while (queue.length && !signal.aborted) await drain();
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
    for (const vin of vins) {
      const kept = (occurrences.get(vin) ?? []).filter((o) => o.element !== element);
      if (kept.length) occurrences.set(vin, kept);
      else occurrences.delete(vin);
    }
  }

  function dropBadge(vin: string, badge: { handle: BadgeHandle }) {
    badges.delete(vin);
    badge.handle.remove();
  }

  /** Drops what was removed from the page: its occurrences (badges follow in mountDirty). */
  function prune() {
    for (const [vin, list] of occurrences) {
      const alive = list.filter((o) => o.element.isConnected);
      if (alive.length === list.length) continue;
      // A removed element may come back (moved, re-rendered): then it is scanned afresh.
      for (const o of list) if (!o.element.isConnected) seenPairs.delete(o.element);
      if (alive.length) occurrences.set(vin, alive);
      else occurrences.delete(vin);
    }
  }

  function onMutations(records: MutationRecord[]) {
    let removed = false;
    const roots = new Set<Node>();
    // Elements changed in place: their text or a watched attribute.
    const changed = new Set<Node>();
    for (const record of records) {
      if (record.type === 'childList') {
        if (record.removedNodes.length) removed = true;
        for (const node of record.removedNodes) if (node.nodeType === 3) changed.add(record.target);
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && (node as Element).localName === BADGE_TAG) continue;
          // Added text joins a run in its block: rescan the parent so split VINs are seen whole.
          if (node.nodeType === 1) roots.add(node);
          else changed.add(record.target);
        }
      } else {
        changed.add(
          record.type === 'characterData' ? (record.target.parentNode ?? record.target) : record.target,
        );
      }
    }
    for (const node of changed) {
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
        for (const { handle } of badges.values()) handle.remove();
        badges.clear();
      });
    },
    /** After an in-page navigation: forget what left the page and look again. */
    rescan() {
      prune();
      schedule(doc.documentElement);
    },
    /** Resolves when everything queued so far has been scanned and badged. */
    idle: () => draining ?? Promise.resolve(),
    /** The VINs the background accepted, in order of discovery. */
    vins: () => [...accepted.keys()],
  };
}
