// The top of the popup: its title, the account's state and its headline. The first paint
// (main.tsx) and the whole popup (app.tsx) render it alike, so the moment the rest arrives changes
// nothing above the fold.
import type { ComponentChildren } from 'preact';
import { BrandMark } from '@/components/brand-mark';
import type { Account } from '@/lib/account/account-messages';
import type { ProviderNames } from '@/lib/account/provider-names';
import type { Result } from '@/lib/errors/result';
import type { LedgerView } from '@/lib/records/economy';
import { AccountState, UpdatingNote } from './account-state';
import { AccountSummary } from './account-summary';

export function PopupHead({
  account,
  refreshing,
  ledger,
  names,
  notices,
}: {
  account: Result<Account> | null;
  refreshing: boolean;
  ledger: LedgerView | null;
  names: ProviderNames;
  /** Between the state and the headline: the popup's own failures, purchases being checked. */
  notices?: ComponentChildren;
}) {
  return (
    <>
      <div class="title-row">
        <h1>
          <BrandMark />
          VIN History Lens
        </h1>
        <UpdatingNote account={account} refreshing={refreshing} />
      </div>
      <AccountState account={account} />
      {notices}
      {account?.ok && <AccountSummary account={account.value} ledger={ledger} names={names} />}
    </>
  );
}
