// A sliding-window budget: at most `limit` uses in any `periodMs`, from the times of the uses. Pure.
// A use stamped in the future (the clock was set back since) counts as now: dropping it, as before,
// gave a clock set back a whole new budget, and keeping it as it is would make it last past its time.

export interface Spent {
  spent: boolean;
  /** The times to keep: the uses still inside the window, with this one when it was spent. */
  times: number[];
}

export function spendFrom(times: readonly number[], limit: number, periodMs: number, now: number): Spent {
  const recent = times.map((t) => Math.min(t, now)).filter((t) => now - t < periodMs);
  if (recent.length >= limit) return { spent: false, times: recent };
  return { spent: true, times: [...recent, now] };
}
