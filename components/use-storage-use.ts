// What the extension's storage takes, as the browser counts it (navigator.storage.estimate(): the
// extension origin's IndexedDB, where the library and its complete copies live), for the pages that
// say it plainly before and after a download. Undefined until read, null where the browser will not say.
import { useEffect, useState } from 'preact/hooks';

export interface StorageUse {
  usage: number;
  quota: number;
}

export function useStorageUse(refresh: unknown = 0): StorageUse | null | undefined {
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  useEffect(() => {
    if (!navigator.storage?.estimate) {
      setUse(null);
      return;
    }
    navigator.storage
      .estimate()
      .then(({ usage, quota }) => setUse(usage !== undefined && quota ? { usage, quota } : null))
      .catch(() => setUse(null));
  }, [refresh]);
  return use;
}

/** "1.2 MB", "340 KB", "2.1 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`;
}

export const storageUseText = (use: StorageUse) =>
  `The extension’s storage holds ${formatBytes(use.usage)} of the ${formatBytes(use.quota)} the browser allows it.`;
