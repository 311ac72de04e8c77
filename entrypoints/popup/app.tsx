// The toolbar popup: the account and what it can still spend, the VINs on this tab, a VIN box and
// the reports the user holds. Cached data shows at once; the service's answer replaces it.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { enableSiteWithPermission } from '@/components/enable-site';
import { ErrorNotice } from '@/components/error-notice';
import { FreeFactsLines } from '@/components/free-facts-lines';
import { PrivacyLink } from '@/components/privacy-link';
import { useProviderNames } from '@/components/use-provider-names';
import type { Account } from '@/lib/account/account-messages';
import type { Provider, RecordCounts } from '@/lib/domain';
import type { ErrorData } from '@/lib/errors/error-data';
import { ok, type Result } from '@/lib/errors/result';
import { type CardVerdict, TabPills } from '@/lib/memory/card-verdict';
import { PILLS_ASKED } from '@/lib/memory/pills-asked';
import { ask } from '@/lib/messaging/messaging';
import { countsText } from '@/lib/records/counts-text';
import type { LedgerView } from '@/lib/records/economy';
import type { CheckAllOutcome } from '@/lib/records/page-messages';
import { isBuiltInHost, siteOrigin } from '@/lib/sites/sites';
import type { Vin } from '@/lib/vin/vin-syntax';
import { CheckAll } from './check-all';
import type { FirstHeadline } from './first-headline';
import { OpenPurchases } from './open-purchases';
import { PopupHead } from './popup-head';
import { RECENT_REPORTS, ReportsList } from './reports-list';
import { SiteSwitch } from './site-switch';
import { TabVins } from './tab-vin-list';
import { VinBox } from './vin-box';
import { WatchedShortList } from './watched-list';

interface CurrentTab {
  id: number;
  origin: string | null;
  vins: Vin[];
  /** Counts the background had cached for them when the popup opened. */
  known: Record<string, Result<RecordCounts>>;
  /** The providers whose report the user holds, by VIN. */
  owned: Record<string, Provider[]>;
  /** What each card's pill says, by VIN (null: the page's content script did not answer). */
  pills: Record<string, CardVerdict> | null;
}

/** What the tab's pills say, asked of its content script (the top frame's: the one that badges). */
async function pillsOf(tabId: number): Promise<Record<string, CardVerdict> | null> {
  const answer = await browser.tabs.sendMessage(tabId, PILLS_ASKED, { frameId: 0 }).catch(() => null);
  const parsed = TabPills.safeParse(answer);
  return parsed.success ? Object.fromEntries(parsed.data.pills.map((p) => [p.vin, p.verdict])) : null;
}

/** The tab the popup is about: the active one, or `?tab=<id>` when the popup is opened as a page (tests). */
async function currentTab() {
  const asked = Number(new URLSearchParams(location.search).get('tab'));
  if (asked) return browser.tabs.get(asked);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active;
}

/** `first`: the headline the first paint showed (main.tsx), shown on until the worker answers. */
export function App({ first }: { first: FirstHeadline }) {
  const [account, setAccount] = useState<Result<Account> | null>(first.account && ok(first.account));
  const names = useProviderNames(first.names);
  const [refreshing, setRefreshing] = useState(true);
  const [ledger, setLedger] = useState<LedgerView | null>(null);
  const [tab, setTab] = useState<CurrentTab | null>(null);
  const [userSites, setUserSites] = useState<string[]>([]);
  const [siteError, setSiteError] = useState<ErrorData | null>(null);
  /** A failure of something the popup asked for on its own (ledger, sites, the tab's VINs). */
  const [panelError, setPanelError] = useState<ErrorData | null>(null);
  const [checked, setChecked] = useState<CheckAllOutcome | null>(null);
  const [lookup, setLookup] = useState<{ vin: string; result: Result<RecordCounts> | null } | null>(null);
  /** The VIN whose free NHTSA facts the user asked for in the VIN box. */
  const [freeFor, setFreeFor] = useState<Vin | null>(null);

  /** The tab's VINs, the counts known and what the user holds of them, as the background has them. */
  const loadTab = () =>
    currentTab().then(async (active) => {
      if (active?.id === undefined) return;
      const [answer, pills] = await Promise.all([
        ask('getTabVins', { tabId: active.id }),
        pillsOf(active.id),
      ]);
      if (!answer.ok) setPanelError(answer.error);
      const { vins, known, owned } = answer.ok ? answer.value : { vins: [], known: {}, owned: {} };
      setTab({
        id: active.id,
        origin: siteOrigin(active.url),
        vins,
        known: Object.fromEntries(Object.entries(known).map(([vin, counts]) => [vin, ok(counts)])),
        owned,
        pills,
      });
    });

  useEffect(() => {
    // The headline came first (main.tsx); then the worker's cached account, then the service's.
    // Stale-while-revalidate: the cached account first, alone so nothing delays it; then the rest.
    const asked = performance.now();
    ask('getAccount', { recent: RECENT_REPORTS })
      .then((cached) => {
        // Test builds say how long the worker took to answer (the load test logs it).
        if (import.meta.env.MODE === 'loopback')
          document.documentElement.dataset.accountAnsweredMs = (performance.now() - asked).toFixed(0);
        // The worker's copy replaces the headline (it may be newer); an error never hides a headline.
        setAccount((current) => (cached.ok || !current ? cached : current));
      })
      .finally(() => {
        // The tab's rows again once the service's account is in: what the user holds is then known
        // (the rows' "Open your report"), though the popup opened before any account was read.
        ask('getAccount', { fresh: true, recent: RECENT_REPORTS })
          .then(setAccount)
          .then(loadTab)
          .finally(() => setRefreshing(false));
        ask('getLedger', undefined).then((r) => (r.ok ? setLedger(r.value) : setPanelError(r.error)));
        ask('getUserSites', undefined).then((r) => (r.ok ? setUserSites(r.value) : setPanelError(r.error)));
        void loadTab();
      });
  }, []);

  async function enableSite(origin: string, tabId: number) {
    setSiteError(null);
    const result = await enableSiteWithPermission(origin, tabId);
    if (result.ok) setUserSites(result.value);
    else setSiteError(result.error);
  }

  const checkRecords = (vin: string) => ask('getRecordCounts', { vin });
  const openOwned = (vin: string) =>
    void ask('openOwnedReport', { vin }).then((r) => (r.ok ? window.close() : setPanelError(r.error)));
  const getReport = (vin: string) =>
    void ask('openPurchase', { vin }).then((r) => (r.ok ? window.close() : setPanelError(r.error)));
  const host = tab?.origin ? new URL(tab.origin).host : null;
  // VINs reported from the tab mean the detector runs there, whatever the lists say.
  const detecting =
    !!tab?.origin &&
    (tab.vins.length > 0 || isBuiltInHost(new URL(tab.origin).hostname) || userSites.includes(tab.origin));
  const signedIn = account?.ok === true;
  return (
    <main>
      <PopupHead
        account={account}
        refreshing={refreshing}
        ledger={ledger}
        names={names}
        notices={
          <>
            {panelError && <ErrorNotice error={panelError} />}
            {signedIn && <OpenPurchases />}
          </>
        }
      />

      <div class="page-head">
        <h2>This page</h2>
        {tab && signedIn && tab.vins.length > 1 && (
          <CheckAll
            plan={() => ask('planCheckAll', { tabId: tab.id })}
            run={(planId, override) => ask('checkAll', { planId, override })}
            onDone={setChecked}
          />
        )}
      </div>
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
          checkRecords={checkRecords}
          getReport={getReport}
          results={checked ? { ...tab.known, ...checked.results } : tab.known}
          owned={tab.owned}
          openOwned={openOwned}
          names={names}
          pills={tab.pills}
        />
      )}

      {/* No heading above it: its field is labelled "Look up a VIN" already (issue 65). */}
      {signedIn && (
        <VinBox
          onCheck={async (vin) => {
            setLookup({ vin, result: null });
            setLookup({ vin, result: await checkRecords(vin) });
          }}
          onGetReport={getReport}
          onFreeFacts={(vin) => setFreeFor(vin as Vin)}
        />
      )}
      {freeFor && <FreeFactsLines vin={freeFor} />}
      {signedIn && (
        <p class="row" data-testid="workbench-links">
          <a href="workbench.html" target="_blank" rel="noreferrer">
            Many VINs…
          </a>
          {tab && tab.vins.length > 0 && (
            <a href={`workbench.html?tab=${tab.id}`} target="_blank" rel="noreferrer">
              Add the VINs on this tab to the workbench
            </a>
          )}
        </p>
      )}
      {lookup && lookup.result === null && <p class="muted">Checking {lookup.vin}…</p>}
      {lookup?.result?.ok && <p data-testid="lookup-counts">{countsText(lookup.result.value, names)}</p>}
      {lookup?.result && !lookup.result.ok && <ErrorNotice error={lookup.result.error} />}

      <h2>Your reports</h2>
      {account?.ok ? (
        <ReportsList
          recent={account.value.reports}
          count={account.value.reportCount ?? account.value.reports.length}
          names={names}
        />
      ) : (
        <p class="muted">Your reports show here once the key is set.</p>
      )}
      <WatchedShortList />
      <footer class="popup-footer muted">
        <PrivacyLink /> ·{' '}
        <a href="options.html" target="_blank" rel="noreferrer">
          Settings
        </a>
      </footer>
    </main>
  );
}
