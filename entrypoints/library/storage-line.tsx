// What the library takes on this computer, said plainly: the browser's own count of the extension's
// storage, and the reports kept with their look (complete copies), whose files are kept once however
// many reports share them.
import { formatBytes, storageUseText, useStorageUse } from '@/components/use-storage-use';
import { plural } from '@/lib/plural';
import type { CopiesSummary } from '@/lib/reports/library-messages';

export function StorageLine({ copies }: { copies: CopiesSummary | null }) {
  const use = useStorageUse(copies);
  if (!use && !copies) return null;
  return (
    <p class="muted" data-testid="storage-line">
      {use ? storageUseText(use) : 'The browser does not say how much storage the extension uses.'}
      {copies && copies.keys.length > 0 && (
        <>
          {' '}
          {plural(copies.keys.length, 'report')} kept with their look (complete copies):{' '}
          {formatBytes(copies.sharedBytes)} of files, shared between them
          {copies.bytes > copies.sharedBytes ? ` (${formatBytes(copies.bytes)} if each kept its own)` : ''}.
        </>
      )}
    </p>
  );
}
