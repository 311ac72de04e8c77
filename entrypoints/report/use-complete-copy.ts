// The viewer's side of a complete copy (lib/reports/offline/): the hosts to ask for, read off the
// sanitised document before any click (Firefox grants a permission only to a request made in the
// click itself, before any await); the browser's consent; the download, checked against the
// permission before every file; one more click for hosts found only inside stylesheets; then the
// copy handed to the background, which keeps it beside the report.
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging/messaging';
import type { ReportView } from '@/lib/purchases/purchase-messages';
import { COPY_NOT_KEPT, type CompleteCopy, type CopyKeptAnswer } from '@/lib/reports/library-messages';
import type { ResourceRef } from '@/lib/reports/offline/copy-resources';
import { type DownloadResult, downloadCopy, type Skipped } from '@/lib/reports/offline/download-copy';
import { hostOf, originPattern, refusedUrl, type UrlPolicy } from '@/lib/reports/offline/resource-url';
import { reportResources } from '@/lib/reports/report-document';

export type CopyStep =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'downloading'; files: number; bytes: number }
  | { step: 'large'; bytes: number; answer(go: boolean): void }
  | { step: 'more-hosts'; result: DownloadResult; hosts: string[] }
  | { step: 'saving' }
  | { step: 'done'; kept: CopyKeptAnswer; files: number; skipped: Skipped[] }
  | { step: 'failed'; message: string; skipped: Skipped[] };

export interface CopyPlan {
  refs: ResourceRef[];
  /** The hosts the report's look comes from, as the user reads them, and as the browser is asked. */
  hosts: string[];
  patterns: string[];
  /** Hosts never downloaded from, and why (the service's own host, a private address). */
  refused: Array<{ host: string; reason: string }>;
}

const unique = <T>(items: T[]) => [...new Set(items)];

function planOf(refs: ResourceRef[], policy: UrlPolicy): CopyPlan {
  const allowed: ResourceRef[] = [];
  const refused = new Map<string, string>();
  for (const ref of refs) {
    const reason = refusedUrl(ref.url, policy);
    if (reason) refused.set(hostOf(ref.url), reason);
    else allowed.push(ref);
  }
  return {
    refs,
    hosts: unique(allowed.map((ref) => hostOf(ref.url))),
    patterns: unique(allowed.map((ref) => originPattern(ref.url))),
    refused: [...refused].map(([host, reason]) => ({ host, reason })),
  };
}

const permitted = (origins: string[]) => browser.permissions.request({ origins });

/** Firefox's dns.resolve (the `dns` permission, Firefox builds only), as a list of addresses. */
const dnsApi = (browser as unknown as { dns?: { resolve(host: string): Promise<{ addresses: string[] }> } })
  .dns;
const dnsResolve = dnsApi ? (host: string) => dnsApi.resolve(host).then((r) => r.addresses) : undefined;

export function useCompleteCopy(report: ReportView | null) {
  const [copy, setCopy] = useState<CompleteCopy | undefined>(undefined);
  const [policy, setPolicy] = useState<UrlPolicy | null>(null);
  const [state, setState] = useState<CopyStep>({ step: 'idle' });

  useEffect(() => {
    if (!report) return;
    ask('getCompleteCopy', { provider: report.provider, id: report.id }).then((r) =>
      setCopy(r.ok ? r.value : null),
    );
    ask('getSettings', undefined).then((r) =>
      setPolicy({
        ...(r.ok && r.value.serviceUrl ? { serviceOrigin: r.value.serviceUrl } : {}),
        // The test build's CDN stands on loopback (simulator/cdn-server.ts); a store build never
        // downloads from this machine or its network.
        allowPrivate: import.meta.env.MODE === 'loopback',
      }),
    );
  }, [report]);

  // A second sanitising pass (tens of ms for a large report): only for a report without a copy.
  const plan = useMemo(
    () =>
      report && policy && copy === null
        ? planOf(reportResources(report.html, { purify: DOMPurify, parser: new DOMParser() }), policy)
        : null,
    [report, policy, copy === null],
  );

  const deps = (activePolicy: UrlPolicy) => ({
    fetch: (url: string, init: RequestInit) => fetch(url, init),
    granted: (pattern: string) => browser.permissions.contains({ origins: [pattern] }),
    // Firefox can say where a name leads (a rebinding name to this computer is refused); Chrome cannot.
    ...(dnsResolve ? { resolve: dnsResolve } : {}),
    policy: activePolicy,
    confirmLarge: (bytes: number) =>
      new Promise<boolean>((resolve) => setState({ step: 'large', bytes, answer: resolve })),
    onProgress: (files: number, bytes: number) => setState({ step: 'downloading', files, bytes }),
  });

  const save = async (result: DownloadResult, left: Skipped[] = []) => {
    if (!report) return;
    const skipped = [...result.skipped, ...left];
    const files = Object.keys(result.files).length;
    if (result.stopped === 'declined') {
      setState({
        step: 'failed',
        message: 'Stopped: nothing was kept. The report is shown as before.',
        skipped,
      });
      return;
    }
    if (result.withdrawn.length) {
      // The user took the permission back while the copy was made: what came before is not kept either.
      setState({
        step: 'failed',
        message: `The permission for ${result.withdrawn.map(hostOf).join(', ')} was withdrawn during the download: nothing was kept. The report is shown as before.`,
        skipped,
      });
      return;
    }
    if (files === 0) {
      setState({
        step: 'failed',
        message: 'None of the report’s files could be downloaded. The report is shown as before.',
        skipped,
      });
      return;
    }
    setState({ step: 'saving' });
    const kept = await ask('keepCompleteCopy', {
      provider: report.provider,
      id: report.id,
      files: result.files,
    });
    if (!kept.ok || !kept.value.saved) {
      setState({
        step: 'failed',
        message: kept.ok ? COPY_NOT_KEPT[kept.value.why ?? 'refused'] : kept.error.message,
        skipped,
      });
      return;
    }
    const fresh = await ask('getCompleteCopy', { provider: report.provider, id: report.id });
    setCopy(fresh.ok ? fresh.value : null);
    setState({ step: 'done', kept: kept.value, files, skipped });
  };

  const afterRound = async (result: DownloadResult) => {
    const hosts = unique(result.waiting.map((ref) => hostOf(ref.url)));
    if (hosts.length && result.stopped !== 'declined') setState({ step: 'more-hosts', result, hosts });
    else await save(result);
  };

  /** The first click: the browser's consent for the report's hosts, asked before anything else. */
  const start = () => {
    if (!plan || !policy) return;
    const request = permitted(plan.patterns);
    setState({ step: 'asking' });
    request
      .then(async (granted) => {
        if (!granted) {
          setState({
            step: 'failed',
            message: `You did not allow ${plan.hosts.join(', ')}: nothing was downloaded. The report is shown as before, without its look.`,
            skipped: [],
          });
          return;
        }
        setState({ step: 'downloading', files: 0, bytes: 0 });
        await afterRound(await downloadCopy(plan.refs, new Set(plan.patterns), deps(policy)));
      })
      .catch((error: unknown) =>
        setState({ step: 'failed', message: `The copy could not be made: ${String(error)}`, skipped: [] }),
      );
  };

  /** The second click: the hosts named only inside the stylesheets (a font service's font host). */
  const more = (allow: boolean) => {
    if (state.step !== 'more-hosts' || !plan || !policy) return;
    const { result } = state;
    const patterns = unique(result.waiting.map((ref) => originPattern(ref.url)));
    const notAllowed = (reason: string) => result.waiting.map((ref) => ({ url: ref.url, reason }));
    if (!allow) {
      void save(result, notAllowed('you left its host out'));
      return;
    }
    const request = permitted(patterns);
    setState({ step: 'asking' });
    request
      .then(async (granted) => {
        if (!granted) return save(result, notAllowed('you did not allow its host'));
        setState({ step: 'downloading', files: Object.keys(result.files).length, bytes: result.bytes });
        const agreed = new Set([...plan.patterns, ...patterns]);
        const next = await downloadCopy(result.waiting, agreed, deps(policy), result);
        // At most one more question: hosts named only by the files of this round are left out, named.
        await save(
          { ...next, waiting: [] },
          next.waiting.map((ref) => ({
            url: ref.url,
            reason: 'its host was named only by a stylesheet of another host',
          })),
        );
      })
      .catch((error: unknown) =>
        setState({ step: 'failed', message: `The copy could not be made: ${String(error)}`, skipped: [] }),
      );
  };

  const forget = async () => {
    if (!report) return;
    await ask('forgetCompleteCopy', { provider: report.provider, id: report.id });
    setCopy(null);
    setState({ step: 'idle' });
  };

  return { copy, plan, state, start, more, forget };
}
