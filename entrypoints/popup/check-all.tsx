// "Check all VINs on this page": first what it costs in record checks and what the ratio becomes;
// past the warning threshold it says so, past the hard limit it needs an explicit override.
import { useState } from 'preact/hooks';
import { CheckPlanSummary, spendLabel } from '@/components/check-plan-summary';
import { ErrorNotice } from '@/components/error-notice';
import type { Result } from '@/lib/errors/result';
import type { CheckAllPlan } from '@/lib/records/economy';
import type { CheckAllOutcome } from '@/lib/records/page-messages';

interface CheckAllProps {
  plan(): Promise<Result<CheckAllPlan>>;
  /** Runs exactly the plan shown (by its id). */
  run(planId: string, override: boolean): Promise<Result<CheckAllOutcome>>;
  onDone(outcome: CheckAllOutcome): void;
}

export function CheckAll({ plan, run, onDone }: CheckAllProps) {
  const [planned, setPlanned] = useState<Result<CheckAllPlan> | null>(null);
  const [running, setRunning] = useState(false);
  const [override, setOverride] = useState(false);
  const [failure, setFailure] = useState<Result<never> | null>(null);
  if (!planned) {
    return (
      <button type="button" onClick={async () => setPlanned(await plan())}>
        Check all VINs on this page…
      </button>
    );
  }
  if (!planned.ok) return <ErrorNotice error={planned.error} />;
  const p = planned.value;
  const go = async () => {
    setRunning(true);
    const result = await run(p.id, override);
    setRunning(false);
    if (result.ok) onDone(result.value);
    else setFailure(result);
  };
  return (
    <fieldset class={`check-all${p.warn ? ' notice warn' : ''}`}>
      <legend>Check all VINs on this page</legend>
      <CheckPlanSummary plan={p} override={override} onOverride={setOverride} />
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={running || (p.needsOverride && !override) || p.toCheck.length + p.cached.length === 0}
          onClick={go}
        >
          {running ? 'Checking…' : spendLabel(p)}
        </button>
        <button type="button" onClick={() => setPlanned(null)}>
          Cancel
        </button>
      </div>
      {failure && !failure.ok && <ErrorNotice error={failure.error} />}
    </fieldset>
  );
}
