// The toolbar popup: who is signed in and what they can still spend.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AccountSummary } from '@/components/account-summary';
import { ErrorNotice } from '@/components/error-notice';
import { type Account, sendMessage } from '@/lib/messaging';
import type { Result } from '@/lib/result';

export function App() {
  const [account, setAccount] = useState<Result<Account> | null>(null);
  useEffect(() => {
    sendMessage('getAccount', undefined).then(setAccount, (error: Error) =>
      setAccount({
        ok: false,
        error: { kind: 'network', message: `The extension could not answer: ${error.message}` },
      }),
    );
  }, []);
  return (
    <main>
      <h1>VIN History Lens</h1>
      {account === null && <p class="muted">Loading your account…</p>}
      {account?.ok === true && <AccountSummary account={account.value} />}
      {account?.ok === false && (
        <>
          <ErrorNotice error={account.error} />
          <button type="button" class="primary" onClick={() => browser.runtime.openOptionsPage()}>
            Open settings
          </button>
        </>
      )}
    </main>
  );
}
