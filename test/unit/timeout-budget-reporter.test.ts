// The reporter that keeps tests away from their timeouts (test/support/timeout-budget-reporter.ts).
import { describe, expect, it } from 'vitest';
import { describeRows } from '../support/timeout-budget-reporter';

describe('describeRows', () => {
  it('lists what took over half its timeout, most loaded first, and marks what is over 80 %', () => {
    const lines = describeRows([
      { name: 'quick', ms: 400, timeoutMs: 5_000 },
      { name: 'half', ms: 2_600, timeoutMs: 5_000 },
      { name: 'hook', ms: 100_000, timeoutMs: 120_000 },
    ]);
    expect(lines).toEqual(['OVER  83%  100.0 s of 120 s  hook', 'warn  52%  2.6 s of 5 s  half']);
  });
});
