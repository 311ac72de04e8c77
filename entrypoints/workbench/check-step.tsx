// "Check records" for the selected rows: what it spends and what the 30-day ratio becomes, first;
// past the hard limit the explicit override; then the batch runs in the background.
import { useEffect, useState } from 'preact/hooks';
import { CheckPlanSummary, spendLabel } from '@/components/check-plan-summary';
import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import type { CheckAllPlan } from '@/lib/records/economy';

export function CheckStep(props: { vins: string[]; onStarted(): void; onCancel(): void }) {
  const [plan, setPlan] = useState<CheckAllPlan | null>(null);
  const [override, setOverride] = useState(false);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    ask('planWorkbenchChecks', { vins: props.vins }).then((r) =>
      r.ok ? setPlan(r.value) : setFailure(r.error),
    );
  }, [props.vins]);

  async function go() {
    if (!plan) return;
    setBusy(true);
    const started = await ask('startWorkbenchChecks', { planId: plan.id, override });
    setBusy(false);
    if (started.ok) props.onStarted();
    else setFailure(started.error);
  }

  return (
    <section class={`step${plan?.warn ? ' notice warn' : ''}`} aria-labelledby="check-title">
      <h2 id="check-title">Check records for {plural(props.vins.length, 'selected row')}</h2>
      {plan ? (
        <CheckPlanSummary plan={plan} override={override} onOverride={setOverride} />
      ) : (
        !failure && <p>Working out what it costs…</p>
      )}
      <p class="muted">
        One check a second, in the background: you may close this page; only Cancel stops it.
      </p>
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={!plan || busy || (plan.needsOverride && !override)}
          onClick={go}
        >
          {plan ? spendLabel(plan) : 'Spend record checks'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {failure && <ErrorNotice error={failure} />}
    </section>
  );
}
