// At most `perSecond` messages from a page in any second: a page that floods the scanner with new
// candidates is worked through at a bounded pace (lib/vin/page-limits.ts says how many).

/** Resolves when one more message keeps the page within `perSecond`, and counts it. */
export function createMessagePace(perSecond: number): () => Promise<void> {
  const sentAt: number[] = [];
  return async () => {
    const now = performance.now();
    while (sentAt.length && (sentAt[0] as number) <= now - 1000) sentAt.shift();
    if (sentAt.length >= perSecond)
      await new Promise((resolve) => setTimeout(resolve, (sentAt[0] as number) + 1000 - now));
    sentAt.push(performance.now());
  };
}
