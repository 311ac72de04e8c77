// Hands the page's candidates to the background a message at a time (at most CANDIDATES_PER_MESSAGE,
// at most MESSAGES_PER_SECOND): the background decides which are VINs, and those it accepts are
// queued for their badges. Nothing here calls the service.
import { CANDIDATES_PER_MESSAGE, MESSAGES_PER_SECOND } from '@/lib/vin/page-limits';
import type { LocalDecode } from '@/lib/vin/vin-verdict';
import { createMessagePace } from '../pace/message-pace';
import type { PageState } from './page-state';

/** A string the page proposes (it passed isVinSyntax here): the background parses it again, as a Vin. */
export interface Candidate {
  vin: string;
  labelled: boolean;
}

/**
 * Hands candidates not yet judged to the background (`reset` on the first call of a page: the tab's
 * list starts again); resolves with the decodes of those it accepts. Rejects when the background is away.
 */
export type Classify = (candidates: Candidate[], reset: boolean) => Promise<LocalDecode[]>;

export function createJudgeQueue(state: PageState, classify: Classify) {
  const pace = createMessagePace(MESSAGES_PER_SECOND);
  const queue = {
    /** The next message starts the tab's list afresh (a new page). */
    resetPending: true,
    /** The background did not answer: candidates wait for the page's next change, not a busy loop. */
    stalled: false,

    /** Judges the next message's worth of candidates. */
    async judgeNext() {
      const { toJudge, occurrences } = state;
      if (toJudge.size === 0 && !queue.resetPending) return;
      const batch: Candidate[] = [];
      for (const vin of toJudge) {
        if (batch.length >= CANDIDATES_PER_MESSAGE) break;
        const list = occurrences.get(vin);
        if (list) batch.push({ vin, labelled: list.some((o) => o.labelled) });
        else toJudge.delete(vin); // gone meanwhile: never a batch of nothing sent forever
      }
      await pace();
      const reset = queue.resetPending;
      let decodes: LocalDecode[];
      try {
        decodes = await classify(batch, reset);
      } catch {
        // A service worker that is starting up may miss the first message: one more try, later.
        await new Promise((resolve) => setTimeout(resolve, 500));
        try {
          decodes = await classify(batch, reset);
        } catch {
          queue.stalled = true; // judged again with the next change of the page
          return;
        }
      }
      queue.stalled = false;
      queue.resetPending = false;
      remember(batch, decodes);
    },

    /** After an in-page navigation: every VIN on the page is judged again, for a new list. */
    restart() {
      queue.resetPending = true;
      state.judged.clear();
      for (const vin of state.occurrences.keys()) state.toJudge.add(vin);
    },
  };

  function remember(batch: Candidate[], decodes: LocalDecode[]) {
    const byVin = new Map<string, LocalDecode>(decodes.map((d) => [d.vin, d]));
    for (const { vin, labelled } of batch) {
      state.toJudge.delete(vin);
      const decode = byVin.get(vin) ?? null;
      state.judged.remember(vin, labelled, decode);
      if (decode && state.occurrences.has(vin)) {
        state.accepted.set(vin, decode);
        state.toPlace.add(vin);
      }
    }
    state.judged.trim((vin) => state.occurrences.has(vin));
  }

  return queue;
}
