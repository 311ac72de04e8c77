// The page scanner's clock: work in slices of at most `sliceMs`, yielding to the page between them,
// with the longest slice of a pass and the step it ended in kept for the benchmark's account.
import { yieldToPage } from './yield-to-page';

/** The steps of a pass, named for the benchmark's account of where the longest slice went. */
export type Step = 'scan' | 'judge' | 'index' | 'prepare' | 'place' | 'mount';

export function createSliceClock(sliceMs: number) {
  let start = 0;
  let longest = 0;
  let longestIn: Step = 'scan';
  const clock = {
    /** The step under way: what a slice ending now is put down to. */
    step: 'scan' as Step,
    /** A new pass: its longest slice is counted from zero, its first slice starts now. */
    newPass() {
      longest = 0;
      clock.step = 'scan';
      start = performance.now();
    },
    /** A slice starts now (after a wait that was not the scanner's work: the background's answer). */
    restart() {
      start = performance.now();
    },
    /** The current slice's work so far (ms). */
    elapsed: () => performance.now() - start,
    /** Whether the current slice has used its time. */
    timeUp: () => performance.now() - start > sliceMs,
    /** Ends a slice of work: noted if it is the longest of the pass. */
    end() {
      const ms = performance.now() - start;
      if (ms > longest) {
        longest = ms;
        longestIn = clock.step;
      }
    },
    /** Ends the slice, lets the page run, and starts the next. */
    async yield() {
      clock.end();
      await yieldToPage();
      start = performance.now();
    },
    longest: () => ({ ms: longest, in: longestIn }),
  };
  return clock;
}
