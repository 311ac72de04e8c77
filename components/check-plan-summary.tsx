// What a batch of record checks costs, said before anything is spent (the popup's "check all" and the
// workbench): the checks, the free cached answers, the 30-day ratio before and after; past the
// warning threshold a warning, past the hard limit the explicit override.

import { plural } from '@/lib/plural';
import type { CheckAllPlan } from '@/lib/records/economy';

export function CheckPlanSummary(props: {
  plan: CheckAllPlan;
  override: boolean;
  onOverride(on: boolean): void;
}) {
  const p = props.plan;
  return (
    <>
      <p data-testid="check-plan">
        This uses <strong>{plural(p.toCheck.length, 'record check')}</strong>
        {p.cached.length > 0 && ` (${p.cached.length} already known, free)`}. Your checks per report pulled go
        from {p.ratioNow} to {p.ratioAfter}.
      </p>
      {p.warn && (
        <p>The service expects 3 to 5 checks per report and may revoke keys that check without buying.</p>
      )}
      {p.needsOverride && (
        <label class="inline">
          <input
            type="checkbox"
            checked={props.override}
            onChange={() => props.onOverride(!props.override)}
          />{' '}
          I understand: spend {p.toCheck.length} checks anyway
        </label>
      )}
    </>
  );
}

/** The run button's words: what it spends. */
export const spendLabel = (p: CheckAllPlan): string =>
  p.toCheck.length === 0 ? 'Show the known counts' : `Spend ${plural(p.toCheck.length, 'record check')}`;
