// The reporter that keeps tests away from their timeouts (test/support/timeout-budget-reporter.ts).
import { describe, expect, it } from 'vitest';
import { describeRows, nearestTimeout } from '../../support/timeout-budget-reporter';

describe('describeRows', () => {
  it('lists what took over half its timeout, most loaded first, and marks what is over 80 %', () => {
    const lines = describeRows([
      { name: 'quick', ms: 400, timeoutMs: 5_000 },
      { name: 'half', ms: 2_600, timeoutMs: 5_000 },
      { name: 'hook', ms: 100_000, timeoutMs: 120_000 },
    ]);
    expect(lines).toEqual(['OVER  83%  100.0 s of 120 s  hook', 'warn  52%  2.6 s of 5 s  half']);
  });

  it('names the tests nearest their timeout even when all are comfortable, at most the count asked', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}`, ms: i * 100, timeoutMs: 5_000 }));
    const lines = nearestTimeout(rows, 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('1.1 s of 5 s  t11');
    expect(lines[2]).toContain('t9');
    expect(describeRows(rows)).toEqual([]);
  });
});
