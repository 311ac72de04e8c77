// "Buy selected…": the one confirmation of a batch of purchases, on this extension page (no website
// can draw over it). Every row, its provider (providerA, providerB or both), what happens to it, the
// credits spent and left, each provider's allowance left today and what does not fit: all said
// before anything is spent. Reports already held are opened, never bought again.
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/error-notice';
import { type ProviderNames, providerWithWire } from '@/lib/account/provider-names';
import type { Provider } from '@/lib/domain';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import type { PlanFate, PurchasePlan } from '@/lib/workbench/purchase-plan';

type Choice = Provider | 'both';
const providersOf = (choice: Choice): Provider[] =>
  choice === 'both' ? ['providerA', 'providerB'] : [choice];

function ChoiceSelect(props: {
  id: string;
  label: string;
  value: Choice;
  names: ProviderNames;
  onChange(c: Choice): void;
}) {
  return (
    <select
      id={props.id}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value as Choice)}
    >
      <option value="providerA">{providerWithWire(props.names, 'providerA')}</option>
      <option value="providerB">{providerWithWire(props.names, 'providerB')}</option>
      <option value="both">both</option>
    </select>
  );
}

const FATE: Record<PlanFate, string> = {
  buy: 'bought · 1 credit',
  held: 'already yours: opens free, not bought',
  'no-credits': 'does not fit: not enough credits',
  'no-allowance': "does not fit: today's allowance is used up",
};

export function BuyStep(props: {
  vins: string[];
  names: ProviderNames;
  onStarted(): void;
  onCancel(): void;
}) {
  const [all, setAll] = useState<Choice>('providerA');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [plan, setPlan] = useState<PurchasePlan | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const choiceOf = (vin: string) => choices[vin] ?? all;
  const items = props.vins.flatMap((vin) =>
    providersOf(choiceOf(vin)).map((provider) => ({ vin, provider })),
  );
  const key = JSON.stringify(items);

  useEffect(() => {
    setPlan(null);
    let current = true;
    ask('planWorkbenchPurchase', { items }).then((r) => {
      if (!current) return;
      if (r.ok) setPlan(r.value);
      else setFailure(r.error);
    });
    return () => {
      current = false;
    };
  }, [key]);

  async function confirm() {
    if (!plan) return;
    setBusy(true);
    const started = await ask('startWorkbenchPurchase', { planId: plan.id });
    setBusy(false);
    if (started.ok) props.onStarted();
    else setFailure(started.error);
  }

  const count = (fate: PlanFate) => plan?.rows.filter((r) => r.fate === fate).length ?? 0;
  const buying = count('buy');
  const noFit = count('no-credits') + count('no-allowance');
  return (
    <section class="step confirm-step" aria-labelledby="buy-title">
      <h2 id="buy-title">Confirm the purchase</h2>
      <div class="row">
        <label for="provider-all">Provider for every row</label>
        <ChoiceSelect
          id="provider-all"
          label="Provider for every row"
          value={all}
          names={props.names}
          onChange={(c) => {
            setAll(c);
            setChoices({});
          }}
        />
      </div>
      {plan ? (
        <div data-testid="buy-summary">
          <p>
            <strong>
              {plural(buying, 'report')} · {plural(plan.credits, 'credit')}
            </strong>{' '}
            of your {plan.creditsNow}: {plan.creditsNow - plan.credits} left after.
          </p>
          <p>
            Allowance left today: {providerWithWire(props.names, 'providerA')} {plan.allowanceLeft.providerA}{' '}
            of {plan.dailyLimit} · {providerWithWire(props.names, 'providerB')} {plan.allowanceLeft.providerB}{' '}
            of {plan.dailyLimit}.
          </p>
          {count('held') > 0 && (
            <p>{plural(count('held'), 'report')} already yours: they open free and are not bought again.</p>
          )}
          {noFit > 0 && (
            <p class="notice warn" data-testid="no-fit">
              {plural(noFit, 'report')} do not fit ({count('no-credits')} for credits, {count('no-allowance')}{' '}
              for today's allowance): they are not bought.
            </p>
          )}
        </div>
      ) : (
        !failure && <p>Reading your credits and allowance…</p>
      )}
      <table class="plan-table" aria-label="What will be bought">
        <thead>
          <tr>
            <th scope="col">VIN</th>
            <th scope="col">Provider</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {props.vins.map((vin) => (
            <tr key={vin} data-vin={vin}>
              <td>
                <code>{vin}</code>
              </td>
              <td data-label="Provider">
                <ChoiceSelect
                  id={`provider-${vin}`}
                  label={`Provider for ${vin}`}
                  value={choiceOf(vin)}
                  names={props.names}
                  onChange={(c) => setChoices({ ...choices, [vin]: c })}
                />
              </td>
              <td data-label="What happens">
                {plan?.rows
                  .filter((r) => r.vin === vin)
                  .map((r) => (
                    <div key={r.provider} data-fate={r.fate}>
                      {r.provider}: {FATE[r.fate]}
                    </div>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">
        Bought one at a time, a second apart, in the background. The batch stops at the first refusal for
        credits or allowance and at the first purchase whose outcome is unknown; nothing is ever bought twice.
      </p>
      <div class="row">
        <button type="button" class="primary" disabled={!plan || busy || buying === 0} onClick={confirm}>
          {buying === 0 ? 'Nothing to buy' : `Buy ${plural(buying, 'report')} · ${plural(buying, 'credit')}`}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {failure && <ErrorNotice error={failure} />}
    </section>
  );
}
