// Asks the background for the pills' findings (issue 64), in batches of their own, off the scanner's
// path: a card is asked about once it is seen and its note has gone (listing-notes.ts sends notes at
// most once a second: asked before, the memory would not yet know the price it shows), again after a
// purchase, its report read or its panel closed, and the drawn ones again when the tab comes back
// into view. Only what this device holds answers (background/verdicts/card-verdicts.ts): never a
// record check or a request to NHTSA.
import type { Result } from '@/lib/errors/result';
import type { CardVerdict } from '@/lib/memory/card-verdict';

type Ask = (items: { vin: string; url?: string }[]) => Promise<Result<Record<string, CardVerdict>>>;

/** At most this many cards a message (the request's schema says the same). */
const BATCH = 40;
/** Cards seen together (a page's first screen, a scroll) are asked about together. */
const GATHER_MS = 120;
/** A worker starting up may miss a message: asked again once, this much later. */
const RETRY_MS = 1500;

export function createVerdictFeed(ask: Ask) {
  const due = new Map<string, string | undefined>();
  const urls = new Map<string, string | undefined>();
  const listeners = new Map<string, Set<(verdict: CardVerdict) => void>>();
  let scheduled = false;

  /** Asks about a batch and shows what comes back; a batch a starting worker missed is asked once
   * more (never again and again: the next seen card, closed panel or visible tab asks anew). */
  async function askAbout(batch: Array<[string, string | undefined]>, retry: boolean): Promise<void> {
    const answer = await ask(batch.map(([vin, url]) => (url ? { vin, url } : { vin }))).catch(() => null);
    if (answer?.ok) {
      for (const [vin, verdict] of Object.entries(answer.value))
        for (const show of listeners.get(vin) ?? []) show(verdict);
    } else if (retry && (answer === null || answer.error.kind === 'unanswered'))
      setTimeout(() => {
        const again = batch.filter(([vin]) => !due.has(vin));
        if (again.length) void askAbout(again, false);
      }, RETRY_MS);
  }

  function flush(): void {
    scheduled = false;
    const batch = [...due].slice(0, BATCH);
    for (const [vin] of batch) due.delete(vin);
    if (due.size) schedule();
    if (batch.length) void askAbout(batch, true);
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, GATHER_MS);
  }

  return {
    /** Asks about `vin` (its card's link: the listing it is). */
    want(vin: string, url?: string): void {
      if (url !== undefined) urls.set(vin, url);
      due.set(vin, url ?? urls.get(vin));
      schedule();
    },
    /** `show` hears each answer about `vin` until the returned function is called. */
    listen(vin: string, show: (verdict: CardVerdict) => void): () => void {
      const set = listeners.get(vin) ?? new Set();
      set.add(show);
      listeners.set(vin, set);
      return () => {
        set.delete(show);
        if (set.size === 0) listeners.delete(vin);
      };
    },
    /** Asks again about every card drawn whose VIN was asked about before. */
    refresh(): void {
      for (const vin of listeners.keys()) if (urls.has(vin)) due.set(vin, urls.get(vin));
      if (due.size) schedule();
    },
  };
}

export type VerdictFeed = ReturnType<typeof createVerdictFeed>;
