// Lets the content script change a busy page in the same frame as the page's own changes. Any
// change to the document makes the browser render a frame (style, layout, pre-paint, paint), and
// badges mounted when the background's answer arrives, at a moment of its own, would cost the page a
// frame of their own each (bench:feed prints the frames a second with and without the extension). On
// a page that keeps changing (two changes less than `quietMs` apart), mounts wait for the page's next
// change instead: a MutationObserver delivery runs right after the page's own task, before the frame
// it causes; at most `quietMs`. A page that changed once (a listing loading more cards) or not lately
// is changed at once: it has no stream of frames to share, and its badges are not delayed.

export interface PageBeat {
  /** The page changed its document (told by the MutationObserver, never for the badges' own hosts). */
  changed(): void;
  /** Resolves at a busy page's next change (at most `quietMs` later), at once on a page that is not busy. */
  next(): Promise<void>;
  /** Whether the page changed twice less than `quietMs` apart, the last time less than `quietMs` ago. */
  busy(): boolean;
}

export function createPageBeat(quietMs = 100): PageBeat {
  let lastChange = Number.NEGATIVE_INFINITY;
  let changeBefore = Number.NEGATIVE_INFINITY;
  let waiting: Array<() => void> = [];
  const busy = () => performance.now() - lastChange < quietMs && lastChange - changeBefore < quietMs;
  return {
    changed() {
      changeBefore = lastChange;
      lastChange = performance.now();
      const ready = waiting;
      waiting = [];
      for (const resolve of ready) resolve();
    },
    busy,
    next() {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, quietMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        waiting.push(done);
      });
    },
  };
}
