// The page scanner's memory of the background's verdicts (lib/vin/verdict-memo.ts): a candidate is
// judged once, a "VIN" label earns a rejected one a second look, and the verdicts of VINs that left
// the page are kept for their return up to a bound, never those still on it.
import { describe, expect, it } from 'vitest';
import { createVerdictMemo } from '@/lib/vin/verdict-memo';

describe('verdict memo', () => {
  it('judges a candidate once; a labelled sighting of a rejected one is judged again', () => {
    const memo = createVerdictMemo<string>(10);
    expect(memo.needsJudging('A', false)).toBe(true);
    memo.remember('A', false, null);
    expect([memo.needsJudging('A', false), memo.needsJudging('A', true)]).toEqual([false, true]);
    memo.remember('A', true, 'decode of A');
    expect(memo.verdictOf('A')).toBe('decode of A');
    // Accepted once: no sighting needs judging again.
    expect([memo.needsJudging('A', false), memo.needsJudging('A', true)]).toEqual([false, false]);
  });

  it('keeps at most its bound, forgetting the oldest verdicts of VINs gone from the page first', () => {
    const memo = createVerdictMemo<string>(2);
    for (const vin of ['GONE1', 'ONPAGE', 'GONE2']) memo.remember(vin, false, `d${vin}`);
    memo.trim((vin) => vin === 'ONPAGE');
    expect([memo.verdictOf('GONE1'), memo.verdictOf('ONPAGE'), memo.verdictOf('GONE2')]).toEqual([
      undefined,
      'dONPAGE',
      'dGONE2',
    ]);
    // VINs on the page are never forgotten, even past the bound.
    const full = createVerdictMemo<string>(1);
    full.remember('X', false, 'dX');
    full.remember('Y', false, 'dY');
    full.trim(() => true);
    expect([full.verdictOf('X'), full.verdictOf('Y')]).toEqual(['dX', 'dY']);
  });
});
