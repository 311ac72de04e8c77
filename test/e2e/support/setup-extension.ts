// Shared set-up of e2e files: the simulator serving fixture pages, Chromium with the extension
// (the Firefox file uses the server alone).
import { fileURLToPath } from 'node:url';
import { startSimulatorServer } from '@/simulator/server';
import { launchExtension } from '../../../scripts/chromium';

/** The simulator on a free loopback port, serving the fixture pages and the demo listing beside it. */
export const startFixtureServer = () =>
  startSimulatorServer({
    port: 0,
    staticDirs: {
      '/fixtures': fileURLToPath(new URL('../../fixtures', import.meta.url)),
      '/demo': fileURLToPath(new URL('../../../simulator/demo', import.meta.url)),
    },
  });

export async function startStack(options: { configure?: boolean; phone?: boolean } = {}) {
  const server = await startFixtureServer();
  const browser = await launchExtension({ phone: options.phone ?? false });
  if (options.configure !== false) {
    // What the options page does when the user saves the demo key (tested in extension.test.ts).
    await browser.configure(server.baseUrl, 'demo-api-key');
    server.sim.log.length = 0;
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
