// One call per key at a time (lib/shared-calls.ts): what keeps a burst of asks from becoming a burst
// of record checks or purchase checks.
import { describe, expect, it } from 'vitest';
import { sharedCalls } from '@/lib/shared-calls';

describe('sharedCalls', () => {
  it('shares a running call per key, starts another key its own, and forgets a key once settled', async () => {
    const share = sharedCalls<string>();
    const started: string[] = [];
    const call = (key: string, fail = false) =>
      share(key, async () => {
        started.push(key);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error(`${key} failed`);
        return `${key}:${started.length}`;
      });
    const [a1, a2, b] = await Promise.all([call('a'), call('a'), call('b')]);
    expect([a1, a2, b]).toEqual(['a:2', 'a:2', 'b:2']);
    expect(started).toEqual(['a', 'b']);
    // A failure is shared too, and does not stick: the next ask starts afresh.
    const failures = await Promise.allSettled([call('c', true), call('c')]);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(await call('c')).toBe('c:4');
  });
});
