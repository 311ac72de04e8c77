// Keeps storage.local away from content scripts where the browser allows it (Chromium's per-area
// access levels). Firefox has no such switch for storage.local: there content scripts can read and
// write it, which is why what the background decides with lives in its own store (store.ts).
import { browser } from 'wxt/browser';

export async function restrictStorage(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  try {
    await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
  } catch (error) {
    // Older browsers allow access levels on session storage only; nothing more can be done there.
    if (!(error instanceof Error)) throw error;
  }
}
