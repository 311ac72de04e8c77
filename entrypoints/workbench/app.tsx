// The dealer workbench: many VINs at once. Paste or drop a list, see every VIN decoded at once, check
// the records of the rows chosen within the record-check budget, buy them with one confirmation on
// this page. Batches run in the background (lib/workbench/batch.ts, entrypoints/background/workbench/):
// this page only shows them (use-workbench.ts), so closing it stops nothing; only Cancel does.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { downloadFile } from '@/components/download-file';
import { ErrorNotice } from '@/components/error-notice';
import { useFairPrices } from '@/components/use-fair-prices';
import { useProviderNames } from '@/components/use-provider-names';
import type { ReportSummary } from '@/lib/domain';
import { ask } from '@/lib/messaging/messaging';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { isActive } from '@/lib/workbench/batch';
import { extractVinList } from '@/lib/workbench/vin-list';
import { MAX_WORKBENCH_VINS } from '@/lib/workbench/workbench';
import { workbenchCsv } from '@/lib/workbench/workbench-csv';
import { type Added, AddedNotice } from './added-notice';
import { BatchPanel } from './batch-panel';
import { BuyStep } from './buy-step';
import { CheckStep } from './check-step';
import { FreeDecodesNote } from './free-decodes-note';
import { TableToolbar } from './table-toolbar';
import { useFreeDecodes } from './use-free-decodes';
import { useWorkbench } from './use-workbench';
import { VinInput } from './vin-input';
import { VinTable } from './vin-table';
import { WorkbenchHeader } from './workbench-header';

const tabParam = new URLSearchParams(location.search).get('tab');
const TAB_ID = tabParam && /^\d+$/.test(tabParam) ? Number(tabParam) : undefined;

export function App() {
  const { view, batch, failure, setFailure, acting, refresh, saveVins, act } = useWorkbench();
  const [added, setAdded] = useState<Added | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [step, setStep] = useState<'check' | 'buy' | null>(null);
  const names = useProviderNames();

  const vins = view?.vins ?? [];
  const prices = useFairPrices(vins);
  const decodes = useMemo(() => vins.map((vin) => decodeVin(vin)), [vins.join()]);
  const held = useMemo(() => {
    const byVin = new Map<string, ReportSummary[]>();
    for (const r of view?.held ?? []) byVin.set(r.vin, [...(byVin.get(r.vin) ?? []), r]);
    return byVin;
  }, [view?.held]);
  const chosen = vins.filter((vin) => selected.has(vin));
  const nhtsa = useFreeDecodes(vins);

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

  // Opened from the popup's "Add the VINs on this tab": they are added once the table is known.
  const [tabAdded, setTabAdded] = useState(TAB_ID === undefined);
  useEffect(() => {
    if (tabAdded || !view || TAB_ID === undefined) return;
    setTabAdded(true);
    void ask('getTabVins', { tabId: TAB_ID }).then((r) =>
      r.ok ? add(r.value.vins.join('\n')) : setFailure(r.error),
    );
  }, [view, tabAdded]);

  function select(list: string[], on: boolean) {
    const next = new Set(selected);
    for (const vin of list) on ? next.add(vin) : next.delete(vin);
    setSelected(next);
  }

  const closeStep = (started: boolean) => {
    setStep(null);
    if (started) void refresh();
  };
  return (
    <main class="workbench">
      <WorkbenchHeader limits={view?.limits} />
      <VinInput
        tabId={TAB_ID}
        onAdd={add}
        onProblem={(message) => setFailure({ kind: 'invalid-input', message })}
      />
      {added && <AddedNotice added={added} />}
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
        <CheckStep vins={chosen} onCancel={() => closeStep(false)} onStarted={() => closeStep(true)} />
      )}
      {step === 'buy' && (
        <BuyStep
          vins={chosen}
          names={names}
          onCancel={() => closeStep(false)}
          onStarted={() => closeStep(true)}
        />
      )}
      <TableToolbar
        loaded={!!view}
        total={vins.length}
        chosen={chosen.length}
        busy={isActive(batch)}
        stepOpen={step !== null}
        onCheck={() => setStep('check')}
        onBuy={() => setStep('buy')}
        onExport={() =>
          downloadFile(
            workbenchCsv(
              decodes,
              view?.counts ?? {},
              view?.held ?? [],
              batch,
              nhtsa.state === 'on' ? nhtsa.decodes : {},
              prices,
            ),
            'text/csv',
            'vin-workbench.csv',
          )
        }
        onRemove={() => {
          setSelected(new Set());
          void saveVins(vins.filter((vin) => !selected.has(vin)));
        }}
      />
      <FreeDecodesNote free={nhtsa} />
      {vins.length > 0 ? (
        <VinTable
          decodes={decodes}
          counts={view?.counts ?? {}}
          held={held}
          batch={batch}
          selected={selected}
          names={names}
          onSelect={select}
          nhtsa={nhtsa}
          prices={prices}
        />
      ) : (
        view && <p class="muted">No VINs yet: paste some above.</p>
      )}
    </main>
  );
}
