// Keeps a page's VINs and badges up to date: one full scan in time slices, then only what a
// batched MutationObserver reports as added or changed. Nothing here calls the service.
import type { Candidate } from '@/lib/accept-candidates';
import type { LocalDecode } from '@/lib/vin';
import { createPlacer, type Placement } from './placement';
import { BADGE_TAG, createScanner, type Occurrence } from './scanner';

export interface BadgeHandle {
  remove(): void;
}

export interface PageScannerOptions {
  doc: Document;
  /**
   * Hands the page's candidates (in order of discovery) to the background whenever they change;
   * resolves with the decodes of those it accepts as VINs. Rejects when the background is away.
   */
  classify(candidates: Candidate[]): Promise<LocalDecode[]>;
  /** Mounts the badge for a placement (real: a closed shadow root; tests may pass their own). */
  mount(placement: Placement, decode: LocalDecode): Promise<BadgeHandle>;
  signal: AbortSignal;
  /** Longest slice of work before yielding to the page (ms). */
  sliceMs?: number;
  isVisible?(element: Element): boolean;
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
  const badges = new Map<string, { anchor: Element; handle: Promise<BadgeHandle> }>();
  const placer = createPlacer(doc);
  const queue: Node[] = [];
  const accepted = new Map<string, LocalDecode>();
  let draining: Promise<void> | null = null;
  let classified = '';

  function record(occurrence: Occurrence) {
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
  const timeUp = () => performance.now() - sliceStart > sliceMs;
  async function slice() {
    await yieldToPage();
    sliceStart = performance.now();
  }

  async function drain() {
    sliceStart = performance.now();
    while (queue.length && !signal.aborted) {
      const root = queue.shift() as Node;
      // An empty fragment only asks for a new classification (after removals).
      if (!root.isConnected && root.nodeType !== 11) continue;
      const scanner = createScanner(root, record);
      while (!scanner.step(timeUp)) {
        await slice();
        if (signal.aborted) return;
      }
    }
    await classify();
    await mountDirty();
  }

  async function classify() {
    const candidates = [...occurrences].map(([vin, list]) => ({
      vin,
      labelled: list.some((o) => o.labelled),
    }));
    const key = candidates.map((c) => `${c.vin}${c.labelled ? '+' : ''}`).join(',');
    if (key === classified) return;
    let decodes: LocalDecode[];
    try {
      decodes = await options.classify(candidates);
    } catch {
      // A service worker that is starting up may miss the first message: one more try, later.
      await new Promise((resolve) => setTimeout(resolve, 500));
      decodes = await options.classify(candidates).catch(() => []);
    }
    classified = key;
    accepted.clear();
    for (const decode of decodes) accepted.set(decode.vin, decode);
  }

  /** Badges for accepted VINs that have none yet (new, or whose anchor left the page). */
  async function mountDirty() {
    for (const [vin, decode] of [...accepted]) {
      if (badges.has(vin)) continue;
      const placement = placer.place(vin, occurrences.get(vin) ?? [], isVisible);
      if (!placement) continue;
      badges.set(vin, { anchor: placement.anchor, handle: options.mount(placement, decode) });
      if (timeUp()) {
        await slice();
        if (signal.aborted) return;
      }
    }
  }

  function schedule(root: Node) {
    queue.push(root);
    draining ??= (async () => {
      // Work queued while draining is picked up by the same loop.
      while (queue.length && !signal.aborted) await drain();
      draining = null;
    })();
  }

  /** Drops what was removed from the page: its occurrences and badges. */
  function prune() {
    for (const [vin, list] of occurrences) {
      const alive = list.filter((o) => o.element.isConnected);
      if (alive.length === 0) occurrences.delete(vin);
      else if (alive.length !== list.length) occurrences.set(vin, alive);
      const badge = badges.get(vin);
      if (badge && !badge.anchor.isConnected) {
        badges.delete(vin);
        void badge.handle.then((h) => h.remove());
      }
    }
  }

  function onMutations(records: MutationRecord[]) {
    let removed = false;
    const roots = new Set<Node>();
    for (const record of records) {
      if (record.type === 'childList') {
        if (record.removedNodes.length) removed = true;
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && (node as Element).localName === BADGE_TAG) continue;
          // Added text joins a run in its block: rescan the parent so split VINs are seen whole.
          roots.add(node.nodeType === 1 ? node : (record.target as Node));
        }
      } else {
        roots.add(
          record.type === 'characterData' ? (record.target.parentNode ?? record.target) : record.target,
        );
      }
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
        for (const { handle } of badges.values()) void handle.then((h) => h.remove());
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
