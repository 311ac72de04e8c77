// Export the report list (for dealers' records) and clear what the extension keeps locally.
import { useState } from 'preact/hooks';
import { downloadFile } from '@/components/download-file';
import { ErrorNotice } from '@/components/error-notice';
import { exportedReportsCsv } from '@/components/reports-csv';
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';

export function DataTools() {
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const exportCsv = async () => {
    const result = await exportedReportsCsv();
    if (!result.ok) return setError(result.error);
    downloadFile(
      result.value,
      'text/csv',
      `vehicle-history-reports-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    setNote('Report history exported.');
  };
  const [confirming, setConfirming] = useState(false);
  const clear = async () => {
    setConfirming(false);
    const result = await ask('clearCachedData', undefined);
    if (result.ok)
      setNote(
        'Cached record counts, account data and saved reports were cleared. Your settings, key and notes are kept.',
      );
    else setError(result.error);
  };
  return (
    <section aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p>
        <button type="button" onClick={exportCsv}>
          Export report history (CSV)
        </button>{' '}
        <button
          type="button"
          onClick={() => {
            setNote(null);
            setConfirming(true);
          }}
          disabled={confirming}
        >
          Clear cached data…
        </button>
      </p>
      {confirming && (
        <div class="notice warn" role="alertdialog" aria-labelledby="clear-what" data-testid="clear-confirm">
          <p id="clear-what">
            <strong>This deletes</strong> the record counts the extension remembers, the cached account and
            report list, and every report saved on this computer for offline reading (they can be opened again
            from the service, free). <strong>It keeps</strong> your key, your settings, your notes and
            everything at the service.
          </p>
          <div class="row">
            <button type="button" class="danger" onClick={clear}>
              Delete cached data
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {note && (
        <p role="status" class="notice ok">
          {note}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
