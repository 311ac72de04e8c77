// The user and their limits in plain words, with a meter for each allowance.
import type { Account } from '@/lib/message-shapes';
import { plural } from '@/lib/plural';

function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div class="meter-row">
      <span>{label}</span>
      <meter min={0} max={Math.max(max, 1)} value={value} aria-label={label} />
    </div>
  );
}

export function AccountSummary({ account }: { account: Account }) {
  const { user, limits } = account;
  return (
    <section aria-label="Account">
      <div>
        <strong data-testid="user-name">{user.name}</strong> <span class="muted">{user.email}</span>
      </div>
      <p data-testid="credits">{plural(limits.credits, 'credit')} left</p>
      <Meter
        label={`providerA: ${limits.providerAReportsLeftToday} of ${limits.dailyLimit} reports left today`}
        value={limits.providerAReportsLeftToday}
        max={limits.dailyLimit}
      />
      <Meter
        label={`providerB: ${limits.providerBReportsLeftToday} of ${limits.dailyLimit} reports left today`}
        value={limits.providerBReportsLeftToday}
        max={limits.dailyLimit}
      />
    </section>
  );
}
