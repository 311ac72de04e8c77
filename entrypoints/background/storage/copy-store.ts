// The reports' complete copies (lib/reports/offline/): each file kept once, by the SHA-256 of its
// content, and each copy a list of which file each address is. A dealer's hundred reports of one
// provider share one stylesheet, one font and a handful of images: per-report copies would keep
// them a hundred times. The report itself is never touched: a copy that cannot be kept (the disk is
// full) leaves the bare report exactly as it was.
import type { Provider } from '@/lib/domain';
import type { CopyFiles } from '@/lib/reports/offline/copy-resources';
import {
  DEFAULT_BUDGET_BYTES,
  dropUnusedAssets,
  isStorageRefusal,
  type KeptCopy,
  openLibrary,
  trimLibrary,
} from './report-store';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type CopyKept =
  | { saved: true; bytes: number; newBytes: number }
  | { saved: false; why: 'not-kept' | 'refused' | 'budget' };

/**
 * Keeps a report's complete copy. `newBytes` is what it added (files no other copy had); `refused`
 * when the browser would not write it (a full quota): nothing of it is kept, nothing else changes.
 */
export async function keepCopy(
  provider: Provider,
  id: string,
  files: CopyFiles,
  budgetBytes = DEFAULT_BUDGET_BYTES,
): Promise<CopyKept> {
  const hashed = await Promise.all(
    Object.entries(files).map(async ([url, data]) => ({ url, data, hash: await sha256(data) })),
  );
  try {
    const database = await openLibrary();
    // One transaction: the copy and its files land together, or (quota, a refused write) not at all.
    const transaction = database.transaction(['reports', 'copies', 'assets'], 'readwrite');
    if ((await transaction.objectStore('reports').getKey([provider, id])) === undefined) {
      transaction.abort();
      await transaction.done.catch(() => undefined);
      return { saved: false, why: 'not-kept' };
    }
    const assets = transaction.objectStore('assets');
    let newBytes = 0;
    for (const { hash, data } of hashed)
      if ((await assets.getKey(hash)) === undefined) {
        await assets.put({ hash, data });
        newBytes += data.length;
      }
    const copy: KeptCopy = {
      provider,
      id,
      files: Object.fromEntries(hashed.map(({ url, hash }) => [url, hash])),
      sizes: Object.fromEntries(hashed.map(({ hash, data }) => [hash, data.length])),
      bytes: hashed.reduce((sum, { data }) => sum + data.length, 0),
      savedAt: Date.now(),
    };
    await transaction.objectStore('copies').put(copy);
    await transaction.done;
    // One budget with the reports: older reports (and their copies) make room; if this copy still
    // does not fit, it is not kept (its report stays as it came).
    if ((await trimLibrary(database, budgetBytes, [provider, id])) > budgetBytes) {
      await database.delete('copies', [provider, id]);
      await dropUnusedAssets(database);
      return { saved: false, why: 'budget' };
    }
    return { saved: true, bytes: copy.bytes, newBytes };
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
    console.warn('[library] complete copy not kept:', error);
    return { saved: false, why: 'refused' };
  }
}

/** A report's complete copy joined (URL → data: URI), or undefined when none is kept (or a file of
 * it went missing: a partial copy is not shown as complete). */
export async function copyOf(
  provider: Provider,
  id: string,
): Promise<{ files: CopyFiles; bytes: number; savedAt: number } | undefined> {
  try {
    const database = await openLibrary();
    const transaction = database.transaction(['copies', 'assets'], 'readonly');
    const copy = await transaction.objectStore('copies').get([provider, id]);
    if (!copy) return undefined;
    const files: CopyFiles = {};
    for (const [url, hash] of Object.entries(copy.files)) {
      const asset = await transaction.objectStore('assets').get(hash);
      if (!asset) return undefined;
      files[url] = asset.data;
    }
    return { files, bytes: copy.bytes, savedAt: copy.savedAt };
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
    return undefined;
  }
}

/** The reports that have a complete copy, as "provider:id"; and what all copies' files take, shared. */
export async function copiesSummary(): Promise<{ keys: string[]; sharedBytes: number; bytes: number }> {
  try {
    // The copies alone (a few hundred bytes each): their files, megabytes for a dealer, are not read.
    const copies = await (await openLibrary()).getAll('copies');
    const shared = new Map<string, number>();
    for (const copy of copies) for (const [hash, size] of Object.entries(copy.sizes)) shared.set(hash, size);
    return {
      keys: copies.map((copy) => `${copy.provider}:${copy.id}`),
      bytes: copies.reduce((sum, copy) => sum + copy.bytes, 0),
      sharedBytes: [...shared.values()].reduce((sum, size) => sum + size, 0),
    };
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
    return { keys: [], sharedBytes: 0, bytes: 0 };
  }
}

/** Forgets one report's complete copy (the bare report stays), and the files only it used. */
export async function dropCopy(provider: Provider, id: string): Promise<void> {
  try {
    const database = await openLibrary();
    await database.delete('copies', [provider, id]);
    await dropUnusedAssets(database);
  } catch (error) {
    if (!isStorageRefusal(error)) throw error;
  }
}
