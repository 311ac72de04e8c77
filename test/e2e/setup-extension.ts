// Shared set-up of e2e files: the simulator serving fixture pages, Chromium with the extension
// (the Firefox file uses the server alone).
import { fileURLToPath } from 'node:url';
import { startSimulatorServer } from '@/simulator/server';
import { launchExtension } from '../../scripts/chromium';

/** The simulator on a free loopback port, serving the fixture pages and the demo listing beside it. */
export const startFixtureServer = () =>
  startSimulatorServer({
    port: 0,
    staticDirs: {
      '/fixtures': fileURLToPath(new URL('../fixtures', import.meta.url)),
      '/demo': fileURLToPath(new URL('../../simulator/demo', import.meta.url)),
    },
  });

export async function startStack(options: { configure?: boolean } = {}) {
  const server = await startFixtureServer();
  const browser = await launchExtension();
  if (options.configure !== false) {
    // What the options page stores once the user saved the demo key (tested in extension.test.ts).
    await browser.worker.evaluate(
      (url) =>
        (
          globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }
        ).chrome.storage.local.set({ serviceUrl: url, apiKey: 'demo-api-key' }),
      server.baseUrl,
    );
  }
  return {
    server,
    browser,
    async stop() {
      await browser.close();
      await server.close();
    },
  };
}
