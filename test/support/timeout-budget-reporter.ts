// A Vitest reporter that keeps every test and hook far from its timeout. A test that passes at 59.7 s
// of 60 s on a quiet machine fails on a slightly slower one, and a red CI blocks every landing; so
// this prints whatever took more than half its timeout and fails the run above 80 %, on the machine
// where it crept up, before it turns into a flaky timeout somewhere else.
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

type HookEntity = TestSuite | TestModule | TestCase;
interface Row {
  name: string;
  ms: number;
  timeoutMs: number;
}

export const WARN_SHARE = 0.5;
export const FAIL_SHARE = 0.8;

const share = (row: Row) => row.ms / row.timeoutMs;
const label = (entity: HookEntity) =>
  entity.type === 'module'
    ? entity.relativeModuleId
    : `${entity.module.relativeModuleId} > ${entity.fullName}`;

const describe = (row: Row, mark: string) =>
  `${mark} ${(share(row) * 100).toFixed(0).padStart(3)}%  ` +
  `${(row.ms / 1000).toFixed(1)} s of ${(row.timeoutMs / 1000).toFixed(0)} s  ${row.name}`;
const byShare = (a: Row, b: Row) => share(b) - share(a);

/** Rows above WARN_SHARE of their timeout, most loaded first, as lines a person reads. */
export function describeRows(rows: Row[]): string[] {
  return rows
    .filter((row) => share(row) > WARN_SHARE)
    .sort(byShare)
    .map((row) => describe(row, share(row) > FAIL_SHARE ? 'OVER' : 'warn'));
}

/**
 * The `count` rows nearest their timeout, whatever their share: printed after every run, so the
 * margin left is seen while it is still comfortable, not only once it is not.
 */
export function nearestTimeout(rows: Row[], count = 10): string[] {
  return [...rows]
    .sort(byShare)
    .slice(0, count)
    .map((row) => describe(row, '    '));
}

export default class TimeoutBudgetReporter implements Reporter {
  private readonly rows: Row[] = [];
  // Hooks have no duration of their own in the report: timed here from their start and end events
  // (delivered in batches, so a few hundred ms late at most, against timeouts of minutes).
  private readonly hookStarts = new Map<string, number>();

  onHookStart(hook: { name: string; entity: HookEntity }) {
    this.hookStarts.set(`${hook.name}:${hook.entity.id}`, performance.now());
  }

  onHookEnd(hook: { name: string; entity: HookEntity }) {
    const key = `${hook.name}:${hook.entity.id}`;
    const start = this.hookStarts.get(key);
    this.hookStarts.delete(key);
    if (start === undefined) return;
    const timeoutMs = hook.entity.project.config.hookTimeout;
    this.rows.push({
      name: `${hook.name} of ${label(hook.entity)}`,
      ms: performance.now() - start,
      timeoutMs,
    });
  }

  onTestCaseResult(test: TestCase) {
    if (test.result().state === 'skipped') return;
    const timeoutMs = test.options.timeout ?? test.project.config.testTimeout;
    this.rows.push({ name: label(test), ms: test.diagnostic()?.duration ?? 0, timeoutMs });
  }

  onTestRunEnd() {
    if (this.rows.length > 0)
      console.log(`\nNearest their timeout:\n  ${nearestTimeout(this.rows).join('\n  ')}`);
    const lines = describeRows(this.rows);
    if (lines.length === 0) return;
    console.log(`\nTests and hooks above ${WARN_SHARE * 100} % of their timeout:\n  ${lines.join('\n  ')}`);
    if (this.rows.some((row) => share(row) > FAIL_SHARE)) {
      console.error(
        `\nFailing the run: above ${FAIL_SHARE * 100} % of a timeout is a flaky test on a slower machine. ` +
          'Split the test, make it cheaper, or give it an explicit timeout with the reason beside it.',
      );
      process.exitCode = 1;
    }
  }
}
