// The dealer workbench: many VINs at once. Paste or drop a list, see every VIN decoded at once, check
// the records of the rows chosen within the record-check budget, buy them with one confirmation on
// this page. Batches run in the background (lib/workbench/workbench.ts, entrypoints/background/workbench/):
// this page only shows them, so closing it stops nothing; only Cancel does.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BrandMark } from '@/components/brand-mark';
import { downloadFile } from '@/components/download-file';
import { ErrorNotice } from '@/components/error-notice';
import { useProviderNames } from '@/components/use-provider-names';
import type { ReportSummary } from '@/lib/domain';
import type { ErrorData } from '@/lib/messaging/error-data';
import { ask } from '@/lib/messaging/messaging';
import { plural } from '@/lib/plural';
import type { Vin } from '@/lib/vin/vin-syntax';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { extractVinList, type VinList } from '@/lib/workbench/vin-list';
import { isActive, MAX_WORKBENCH_VINS, type WorkbenchView, workbenchCsv } from '@/lib/workbench/workbench';
import { BatchPanel } from './batch-panel';
import { BuyStep } from './buy-step';
import { CheckStep } from './check-step';
import { VinInput } from './vin-input';
import { VinTable } from './vin-table';

const tabParam = new URLSearchParams(location.search).get('tab');
const TAB_ID = tabParam && /^\d+$/.test(tabParam) ? Number(tabParam) : undefined;
/** How often the page asks for the batch's progress while it runs. */
const POLL_MS = 700;

interface Added extends VinList {
  /** VINs already in the table before. */
  already: number;
  /** VINs left out: the table was full. */
  overflow: number;
}

export function App() {
  const [view, setView] = useState<WorkbenchView | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  const [acting, setActing] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [step, setStep] = useState<'check' | 'buy' | null>(null);
  const names = useProviderNames();

  async function refresh() {
    const answer = await ask('getWorkbench', undefined);
    if (answer.ok) {
      setView(answer.value);
      setFailure(null);
    } else setFailure(answer.error);
  }
  useEffect(() => {
    void refresh();
    // Credits, allowance and the reports held, read afresh (the table shows the cached ones meanwhile).
    void ask('getAccount', { fresh: true }).then(refresh);
  }, []);
  // Opened from the popup's "Add the VINs on this tab": they are added once the table is known.
  const [tabAdded, setTabAdded] = useState(TAB_ID === undefined);
  useEffect(() => {
    if (tabAdded || !view || TAB_ID === undefined) return;
    setTabAdded(true);
    void ask('getTabVins', { tabId: TAB_ID }).then((r) =>
      r.ok ? add(r.value.vins.join('\n')) : setFailure(r.error),
    );
  }, [view, tabAdded]);

  // A finished batch whose rows all left the table is not shown any more (its VINs are gone).
  const batch =
    view?.batch && (isActive(view.batch) || view.batch.rows.some((r) => view.vins.includes(r.vin)))
      ? view.batch
      : null;
  const live = isActive(batch) || !!batch?.rows.some((r) => r.state === 'unsure');
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [live]);

  const vins = view?.vins ?? [];
  const decodes = useMemo(() => vins.map((vin) => decodeVin(vin)), [vins.join()]);
  const held = useMemo(() => {
    const byVin = new Map<string, ReportSummary[]>();
    for (const r of view?.held ?? []) byVin.set(r.vin, [...(byVin.get(r.vin) ?? []), r]);
    return byVin;
  }, [view?.held]);
  const chosen = vins.filter((vin) => selected.has(vin));

  async function saveVins(next: Vin[]) {
    // Sent with the table it changes: another workbench tab's VINs added meanwhile stay.
    const base = view?.vins;
    if (view) setView({ ...view, vins: next });
    const saved = await ask('setWorkbenchVins', { vins: next, ...(base ? { base } : {}) });
    if (!saved.ok) setFailure(saved.error);
    await refresh();
  }

  function add(text: string) {
    const list = extractVinList(text);
    const known = new Set(vins);
    const fresh = list.vins.filter((vin) => !known.has(vin));
    const room = Math.max(0, MAX_WORKBENCH_VINS - vins.length);
    setAdded({
      ...list,
      vins: fresh.slice(0, room),
      already: list.vins.length - fresh.length,
      overflow: Math.max(0, fresh.length - room),
    });
    if (fresh.length > 0) void saveVins([...vins, ...fresh.slice(0, room)]);
  }

  function select(list: string[], on: boolean) {
    const next = new Set(selected);
    for (const vin of list) on ? next.add(vin) : next.delete(vin);
    setSelected(next);
  }

  async function act(type: 'cancelWorkbenchBatch' | 'resumeWorkbenchBatch') {
    if (acting) return;
    setActing(true);
    try {
      const answer = await ask(type, undefined);
      if (!answer.ok) setFailure(answer.error);
      await refresh();
    } finally {
      setActing(false);
    }
  }

  const busy = isActive(batch);
  return (
    <main class="workbench">
      <h1>
        <BrandMark />
        Workbench
      </h1>
      <p class="muted">
        Many VINs at once: paste a run list, check records within your budget, buy with one confirmation.
        {view?.limits && (
          <span data-testid="workbench-account">
            {' '}
            {plural(view.limits.credits, 'credit')} · allowance left today: providerA{' '}
            {view.limits.providerAReportsLeftToday}, providerB {view.limits.providerBReportsLeftToday} of{' '}
            {view.limits.dailyLimit}.
          </span>
        )}
      </p>
      <VinInput
        tabId={TAB_ID}
        onAdd={add}
        onProblem={(message) => setFailure({ kind: 'invalid-input', message })}
      />
      {added && (
        <div class="added" role="status" data-testid="added">
          <p>
            {added.vins.length === 0 && added.already === 0
              ? 'No VIN found in that text.'
              : `Added ${plural(added.vins.length, 'VIN')} to the table.`}
            {added.already > 0 && ` ${added.already} already in it.`}
            {added.duplicates > 0 && ` ${plural(added.duplicates, 'duplicate')} left out.`}
            {added.overflow > 0 && ` ${added.overflow} left out: the table holds ${MAX_WORKBENCH_VINS}.`}
          </p>
          {added.rejected.length > 0 && (
            <>
              <p>{plural(added.rejected.length, 'entry')} not added:</p>
              <ul aria-label="Not added" class="rejected">
                {added.rejected.map((r, i) => (
                  <li key={`${i}:${r.text}`}>
                    <code>{r.text}</code>: {r.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {failure && <ErrorNotice error={failure} />}
      {batch && (
        <BatchPanel
          batch={batch}
          onCancel={() => act('cancelWorkbenchBatch')}
          onResume={() => act('resumeWorkbenchBatch')}
          acting={acting}
        />
      )}
      {step === 'check' && (
        <CheckStep
          vins={chosen}
          onCancel={() => setStep(null)}
          onStarted={() => {
            setStep(null);
            void refresh();
          }}
        />
      )}
      {step === 'buy' && (
        <BuyStep
          vins={chosen}
          names={names}
          onCancel={() => setStep(null)}
          onStarted={() => {
            setStep(null);
            void refresh();
          }}
        />
      )}
      <div class="row toolbar">
        {/* Shown once the background has answered: tests and the bench wait for it. */}
        {view && (
          <span data-testid="table-count">
            {plural(vins.length, 'VIN')} · {chosen.length} selected
          </span>
        )}
        <button
          type="button"
          disabled={chosen.length === 0 || busy || step !== null}
          onClick={() => setStep('check')}
        >
          Check records ({chosen.length})
        </button>
        <button
          type="button"
          disabled={chosen.length === 0 || busy || step !== null}
          onClick={() => setStep('buy')}
        >
          Buy selected…
        </button>
        <button
          type="button"
          disabled={vins.length === 0}
          onClick={() =>
            downloadFile(
              workbenchCsv(decodes, view?.counts ?? {}, view?.held ?? [], batch),
              'text/csv',
              'vin-workbench.csv',
            )
          }
        >
          Export CSV
        </button>
        <button
          type="button"
          disabled={chosen.length === 0 || busy}
          onClick={() => {
            setSelected(new Set());
            void saveVins(vins.filter((vin) => !selected.has(vin)));
          }}
        >
          Remove selected
        </button>
      </div>
      {vins.length > 0 ? (
        <VinTable
          decodes={decodes}
          counts={view?.counts ?? {}}
          held={held}
          batch={batch}
          selected={selected}
          names={names}
          onSelect={select}
        />
      ) : (
        view && <p class="muted">No VINs yet: paste some above.</p>
      )}
    </main>
  );
}
