// Test builds only (skipped in the store builds by wxt.config.ts): plays a compromised content script
// on test/fixtures/probe.html. It reads every storage area a content script's API reaches, tries the
// extension's IndexedDB, rewrites everything it can write the way an attacker would, and leaves what
// it saw in the page for test/e2e/key-custody.test.ts and test/e2e/firefox.test.ts to read.
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';

const ATTACKER = 'http://127.0.0.1:9';

export default defineContentScript({
  matches: ['http://127.0.0.1/fixtures/probe.html'],
  runAt: 'document_idle',
  async main() {
    const seen: Record<string, unknown> = {};
    for (const area of ['local', 'sync', 'session'] as const) {
      try {
        seen[area] = await browser.storage[area].get(null);
      } catch (error) {
        seen[area] = `refused: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    // A content script's indexedDB is the page's own, not the extension's.
    seen.indexedDb = await new Promise((resolve) => {
      const open = indexedDB.open('vin-history-store');
      open.onsuccess = () => resolve([...open.result.objectStoreNames]);
      open.onerror = () => resolve('error');
    });
    const forged = {
      serviceUrl: `${ATTACKER}/v1`,
      apiKey: 'attacker-key',
      keyOrigin: ATTACKER,
      ledger: [],
      economySettings: { hardLimit: 1000, autoCheckDetailPages: true, pageChecksPerMinute: 200 },
      recordCache: { version: 2, entries: {} },
      account: null,
      purchaseIntents: [],
      pendingPurchases: {},
      migratedFromStorageLocal: false,
    };
    try {
      await browser.storage.local.set(forged);
      seen.wrote = 'local';
    } catch (error) {
      seen.wrote = `refused: ${error instanceof Error ? error.message : String(error)}`;
    }
    document.documentElement.dataset.probe = JSON.stringify(seen);
  },
});
