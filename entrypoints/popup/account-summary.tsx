// The popup's headline: credits, each provider's reports left today, and the 30-day record checks
// per report coloured against the service's 3-to-5 band, with the rule in one sentence.

import type { Account } from '@/lib/account/account-messages';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import { plural } from '@/lib/plural';
import { checkHealth, HEALTH_RULE } from '@/lib/records/check-health';
import type { LedgerView } from '@/lib/records/economy';

// Plain words (issue 56): what the service expects, not its jargon.
const HEALTH_WORDS = { good: 'as the service expects', watch: 'watch this', risk: 'at risk' } as const;

function Allowance({ provider, left, max }: { provider: string; left: number; max: number }) {
  const label = `${provider}: ${left} of ${max} reports left today`;
  return (
    <div class="meter-row">
      <span>{label}</span>
      <meter
        min={0}
        max={Math.max(max, 1)}
        low={Math.ceil(max / 4)}
        optimum={max}
        value={left}
        aria-label={label}
      />
    </div>
  );
}

export function AccountSummary({
  account,
  ledger,
  names = {},
}: {
  account: Account;
  ledger: LedgerView | null;
  names?: ProviderNames;
}) {
  const { user, limits } = account;
  const health = ledger ? checkHealth(ledger) : null;
  return (
    <section aria-label="Account" class="headline">
      <div class="who">
        <strong data-testid="user-name">{user.name}</strong> <span class="muted">{user.email}</span>
      </div>
      <p class="credits" data-testid="credits">
        <span class="big">{limits.credits}</span> {limits.credits === 1 ? 'credit' : 'credits'} left
        <span class="muted"> · a report costs 1</span>
      </p>
      <Allowance
        provider={providerLabel(names, 'providerA')}
        left={limits.providerAReportsLeftToday}
        max={limits.dailyLimit}
      />
      <Allowance
        provider={providerLabel(names, 'providerB')}
        left={limits.providerBReportsLeftToday}
        max={limits.dailyLimit}
      />
      {ledger && health && (
        <div class={`health ${health}`} data-testid="ledger" data-health={health}>
          <p>
            <strong>
              Last 30 days in this browser: {plural(ledger.checks, 'record check')},{' '}
              {plural(ledger.reports, 'report')}
              {ledger.reports > 0 ? ` (${ledger.checksPerReport} checks per report)` : ''}
            </strong>{' '}
            · {HEALTH_WORDS[health]}
            {/* The rule in view at risk; a click away otherwise (issue 65: the popup's first screen
                is for the page's vehicles). */}
            {health !== 'risk' && (
              <>
                {' '}
                <details>
                  <summary>Why?</summary>
                  <span class="rule">{HEALTH_RULE}</span>
                </details>
              </>
            )}
          </p>
          {health === 'risk' && <p class="rule">{HEALTH_RULE}</p>}
        </div>
      )}
    </section>
  );
}
