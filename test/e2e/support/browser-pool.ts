// Browsers a finished e2e file leaves to the next file of its Vitest worker (the e2e projects keep a
// worker's modules from file to file: vitest.config.ts), one per kind. A Chromium launch costs about
// 4.6 CPU-seconds here and a Firefox one about 9; a reinstall under one. The next file gets the
// extension as a new user has it: `reinstall()` (scripts/chromium.ts, scripts/firefox.ts) drops its
// storage, IndexedDB, permissions and worker, the pages, routes and cookies.
import { type ExtensionBrowser, launchExtension } from '../../../scripts/chromium';
import { type FirefoxExtension, launchFirefoxExtension } from '../../../scripts/firefox';

interface Reusable {
  reinstall(): Promise<void>;
  close(): Promise<void>;
}

function browserPool<Kind extends string, B extends Reusable>(
  launch: (kind: Kind) => Promise<B>,
  connected: (browser: B) => boolean,
) {
  const idle = new Map<Kind, B>();
  return {
    /** A kept browser of this kind, reinstalled; a new one when none is kept or it will not reinstall. */
    async take(kind: Kind): Promise<B> {
      const kept = idle.get(kind);
      idle.delete(kind);
      if (kept) {
        try {
          await kept.reinstall();
          return kept;
        } catch (error) {
          // A browser the last file broke (crashed, closed): a new one, and say so.
          console.warn(`[e2e] a kept browser could not be reused, launching anew: ${error}`);
          await kept.close().catch(() => undefined);
        }
      }
      return launch(kind);
    },
    /** Keeps a file's browser for the next file: one of each kind (a second one is closed). */
    async release(kind: Kind, browser: B): Promise<void> {
      if (idle.has(kind) || !connected(browser)) return browser.close();
      idle.set(kind, browser);
    },
  };
}

/** A Chromium whose extension can be reinstalled; one loaded the old way where CDP cannot load it. */
async function launchChromium(kind: 'phone' | 'desktop'): Promise<ExtensionBrowser> {
  const phone = kind === 'phone';
  try {
    return await launchExtension({ phone, reinstallable: true });
  } catch (error) {
    // A Chromium before 126 has no Extensions domain: each file then launches its own, as before.
    console.warn(`[e2e] the extension could not be loaded over CDP, loaded at launch instead: ${error}`);
    return launchExtension({ phone });
  }
}

const chromiums = browserPool(
  launchChromium,
  (browser: ExtensionBrowser) => browser.context.browser()?.isConnected() ?? false,
);
const firefoxes = browserPool(
  (scheme: 'light' | 'dark') => launchFirefoxExtension({ colorScheme: scheme }),
  (firefox: FirefoxExtension) => firefox.browser.connected,
);

/** Chromium with the extension freshly installed; `release` it when the file is done. */
export const takeChromium = (kind: 'phone' | 'desktop') => chromiums.take(kind);
export const releaseChromium = (kind: 'phone' | 'desktop', browser: ExtensionBrowser) =>
  chromiums.release(kind, browser);

/**
 * Firefox ESR with the extension freshly installed, for one file: its `close()` hands it on to the
 * next file instead of ending it.
 */
export async function firefoxForFile(options: { colorScheme?: 'light' | 'dark' } = {}) {
  const scheme = options.colorScheme ?? 'light';
  const firefox = await firefoxes.take(scheme);
  return { ...firefox, close: () => firefoxes.release(scheme, firefox) } satisfies FirefoxExtension;
}
