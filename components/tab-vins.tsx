// The VINs the current tab shows, each with what it tells offline and, on request, its record counts.
import { useState } from 'preact/hooks';
import type { RecordCounts } from '@/lib/api/schemas';
import type { Result } from '@/lib/result';
import { decodeVin } from '@/lib/vin';
import { ErrorNotice } from './error-notice';

interface TabVinsProps {
  vins: string[];
  checkRecords(vin: string): Promise<Result<RecordCounts>>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function VinRow({ vin, checkRecords }: { vin: string; checkRecords: TabVinsProps['checkRecords'] }) {
  const [counts, setCounts] = useState<Result<RecordCounts> | 'checking' | null>(null);
  const decode = decodeVin(vin);
  const check = async () => {
    setCounts('checking');
    setCounts(await checkRecords(vin));
  };
  return (
    <li class="vin-row" data-vin={vin}>
      <div>
        <code>{vin}</code>
        <div class="muted">
          {[decode.modelYear, decode.make ?? `code ${decode.wmi}`, decode.country ?? decode.region]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
      {counts === null && (
        <button type="button" onClick={check} aria-label={`Check records for ${vin} (uses 1 record check)`}>
          Check records
        </button>
      )}
      {counts === 'checking' && <span class="muted">Checking…</span>}
      {counts !== null && counts !== 'checking' && counts.ok && (
        <span data-testid="counts">
          providerA {plural(counts.value.records.providerA, 'record')}, providerB{' '}
          {plural(counts.value.records.providerB, 'record')}
        </span>
      )}
      {counts !== null && counts !== 'checking' && !counts.ok && <ErrorNotice error={counts.error} />}
    </li>
  );
}

export function TabVins({ vins, checkRecords }: TabVinsProps) {
  if (vins.length === 0) return <p class="muted">No VINs on this page.</p>;
  return (
    <ul class="vin-list" aria-label="VINs on this page">
      {vins.map((vin) => (
        <VinRow key={vin} vin={vin} checkRecords={checkRecords} />
      ))}
    </ul>
  );
}
