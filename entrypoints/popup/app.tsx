// The toolbar popup: who is signed in and what they can still spend, and the VINs on this tab.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AccountSummary } from '@/components/account-summary';
import { ErrorNotice } from '@/components/error-notice';
import { SiteSwitch } from '@/components/site-switch';
import { TabVins } from '@/components/tab-vins';
import type { ApiErrorData } from '@/lib/api/errors';
import { type Account, sendMessage } from '@/lib/messaging';
import type { Result } from '@/lib/result';
import { isBuiltInHost, originMatchPattern, siteOrigin } from '@/lib/sites';

interface CurrentTab {
  id: number;
  origin: string | null;
  vins: string[];
}

const unreachable = (error: Error): Result<never> => ({
  ok: false,
  error: { kind: 'network', message: `The extension could not answer: ${error.message}` },
});

/** The tab the popup is about: the active one, or `?tab=<id>` when the popup is opened as a page (tests). */
async function currentTab() {
  const asked = Number(new URLSearchParams(location.search).get('tab'));
  if (asked) return browser.tabs.get(asked);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active;
}

export function App() {
  const [account, setAccount] = useState<Result<Account> | null>(null);
  const [tab, setTab] = useState<CurrentTab | null>(null);
  const [userSites, setUserSites] = useState<string[]>([]);
  const [siteError, setSiteError] = useState<ApiErrorData | null>(null);

  useEffect(() => {
    sendMessage('getAccount', undefined).then(setAccount, (error: Error) => setAccount(unreachable(error)));
    sendMessage('getUserSites', undefined).then((r) => r.ok && setUserSites(r.value));
    currentTab().then(async (active) => {
      if (active?.id === undefined) return;
      const vins = await sendMessage('getTabVins', { tabId: active.id });
      setTab({ id: active.id, origin: siteOrigin(active.url), vins: vins.ok ? vins.value : [] });
    });
  }, []);

  async function enableSite(origin: string, tabId: number) {
    setSiteError(null);
    // Asked inside the click: browsers grant host permissions only on a user gesture.
    const granted = await browser.permissions.request({ origins: [originMatchPattern(origin)] });
    if (!granted) {
      setSiteError({
        kind: 'invalid-input',
        message: 'Without that permission the extension cannot look at this site.',
      });
      return;
    }
    const result = await sendMessage('enableSite', { origin, tabId });
    if (result.ok) setUserSites(result.value);
    else setSiteError(result.error);
  }

  const host = tab?.origin ? new URL(tab.origin).host : null;
  const detecting =
    !!tab?.origin && (isBuiltInHost(new URL(tab.origin).hostname) || userSites.includes(tab.origin));
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
      <h2>This page</h2>
      {tab && host && tab.origin && !detecting && (
        <SiteSwitch
          host={host}
          enabled={detecting}
          error={siteError}
          onEnable={() => enableSite(tab.origin as string, tab.id)}
        />
      )}
      {tab && (
        <TabVins
          vins={tab.vins}
          checkRecords={(vin) => sendMessage('getRecordCounts', { vin }).catch(unreachable)}
        />
      )}
    </main>
  );
}
