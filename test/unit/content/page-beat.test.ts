// When the content script writes its badges into the page (page-beat.ts): with the page's own
// change on a busy page (a feed ticking every 50 ms), so the two share one frame; at once on a page
// that changed once or not lately (a listing loading more cards: no badge waits for nothing).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageBeat } from '@/entrypoints/vin.content/pace/page-beat';

describe('page beat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return () => done;
  };

  it('a page that has not changed, or changed once, is written to at once', async () => {
    const beat = createPageBeat(100);
    expect((await settled(beat.next()))()).toBe(true);
    beat.changed();
    expect((await settled(beat.next()))()).toBe(true);
  });

  it('a busy page is written to at its next change, not before', async () => {
    const beat = createPageBeat(100);
    beat.changed();
    await vi.advanceTimersByTimeAsync(50);
    beat.changed();
    await vi.advanceTimersByTimeAsync(10);
    const done = await settled(beat.next());
    await vi.advanceTimersByTimeAsync(30);
    expect(done()).toBe(false);
    beat.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('a busy page that falls quiet is written to after the quiet time at most', async () => {
    const beat = createPageBeat(100);
    beat.changed();
    await vi.advanceTimersByTimeAsync(50);
    beat.changed();
    const done = await settled(beat.next());
    await vi.advanceTimersByTimeAsync(99);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    // Quiet since: the next write is not held.
    await vi.advanceTimersByTimeAsync(100);
    expect((await settled(beat.next()))()).toBe(true);
  });
});
