// What the popup says about the account's state: loading, no key yet, key rejected, offline, updating.
// The browser's own API (no polyfill): this component is part of the popup's first paint (main.tsx).
import { browser } from '@wxt-dev/browser';
import { ErrorNotice } from '@/components/error-notice';
import type { Account } from '@/lib/account/account-messages';
import type { Result } from '@/lib/errors/result';

function age(at: number): string {
  const minutes = Math.round((Date.now() - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

export function AccountState({ account }: { account: Result<Account> | null }) {
  if (account === null) return <p class="muted">Loading your account…</p>;
  if (!account.ok) {
    const noKey = account.error.kind === 'no-key';
    return (
      <>
        {noKey ? (
          <p data-testid="no-key">Welcome! Connect the extension to your report service to start.</p>
        ) : (
          <ErrorNotice error={account.error} />
        )}
        <button type="button" class="primary" onClick={() => browser.runtime.openOptionsPage()}>
          {noKey ? 'Set up' : 'Open settings'}
        </button>
      </>
    );
  }
  if (!account.value.refreshError) return null;
  return (
    <div class="notice warn" role="status" data-testid="stale">
      Showing what was known {age(account.value.at)}: {account.value.refreshError.message}
    </div>
  );
}

/**
 * What is on screen is the last known account until the service answers: say so, and how old it is
 * when that matters (the first popup after a night, or after a restart). Beside the title, so the
 * figures and buttons below do not move when it goes (a slow answer put it on a line of its own, 44 px
 * that pushed the VIN box past the popup's 600 px, and moved every button once the answer came).
 */
export function UpdatingNote({
  account,
  refreshing,
}: {
  account: Result<Account> | null;
  refreshing: boolean;
}) {
  if (!refreshing || !account?.ok || account.value.refreshError) return null;
  const old = Date.now() - account.value.at > 60_000;
  return (
    <p class="muted updating" aria-live="polite" data-testid="updating">
      Updating…{old && ` These figures are from ${age(account.value.at)}.`}
    </p>
  );
}
