// Whether the text showing a VIN is shown to the eye: learnt from an IntersectionObserver after the
// page's next layout, never by measuring here (a measurement forces the page's style and layout on
// our time: 8 ms for 25 cards appended to a 2,000-card grid, where the whole scan took 1 ms). Text
// found hidden (no box, or a 1-px "sr-only" clip) hands its badge to the top of its card.

export interface HiddenText {
  /** False for text found hidden (or as the scanner's own rule says, in tests). */
  isVisible(element: Element): boolean;
  /** Watches the text a VIN's badge was placed beside, once. */
  watch(anchor: Element, vin: string): void;
  disconnect(): void;
}

/**
 * `moveBadge(vin, anchor)` is told of text found hidden that carries `vin`'s badge and answers
 * whether it moved it; `afterMoves` runs once after a batch of entries in which any badge moved.
 */
export function watchHiddenText(
  override: ((element: Element) => boolean) | undefined,
  moveBadge: (vin: string, anchor: Element) => boolean,
  afterMoves: () => void,
): HiddenText {
  const hidden = new WeakSet<Element>();
  const beside = new Map<Element, string>();
  const watcher =
    override || typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => {
          let moved = false;
          for (const { target, boundingClientRect } of entries) {
            watcher?.unobserve(target);
            const vin = beside.get(target);
            beside.delete(target);
            if (boundingClientRect.width >= 2 && boundingClientRect.height >= 2) continue;
            hidden.add(target);
            if (vin && moveBadge(vin, target)) moved = true;
          }
          if (moved) afterMoves();
        });
  return {
    isVisible: override ?? ((element) => !hidden.has(element)),
    watch(anchor, vin) {
      if (!watcher || beside.has(anchor)) return;
      beside.set(anchor, vin);
      watcher.observe(anchor);
    },
    disconnect: () => watcher?.disconnect(),
  };
}
