// The workbench's title and what the account has left today, so a dealer sees what a batch can spend
// before choosing rows.
import { BrandMark } from '@/components/brand-mark';
import type { Limits } from '@/lib/domain';
import { plural } from '@/lib/plural';

export function WorkbenchHeader({ limits }: { limits: Limits | null | undefined }) {
  return (
    <>
      <h1>
        <BrandMark />
        Workbench
      </h1>
      {/* The other pages a dealer goes to from here (issue 65: none led there). */}
      <nav class="page-links" aria-label="Other pages">
        <a href="library.html#reports">Your reports</a>
        <a href="library.html#watched">Watched vehicles</a>
      </nav>
      <p class="muted">
        Many VINs at once: paste a run list, check records within your budget, buy with one confirmation.
        {limits && (
          <span data-testid="workbench-account">
            {' '}
            {plural(limits.credits, 'credit')} · allowance left today: providerA{' '}
            {limits.providerAReportsLeftToday}, providerB {limits.providerBReportsLeftToday} of{' '}
            {limits.dailyLimit}.
          </span>
        )}
      </p>
    </>
  );
}
