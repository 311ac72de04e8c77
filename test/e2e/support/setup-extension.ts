// Shared set-up of e2e files: the simulator serving fixture pages, Chromium with the extension
// and Firefox with it (startFirefoxStack).
import { fileURLToPath } from 'node:url';
import { startSimulatorServer } from '@/simulator/server';
import { launchExtension } from '../../../scripts/chromium';
import { launchFirefoxExtension } from '../../../scripts/firefox';

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

/**
 * The Firefox files' set-up: the simulator serving the fixture pages, Firefox ESR with the extension
 * and the blank loopback page extension pages are opened from (scripts/firefox.ts says why); set up
 * with the demo key unless `configure` is false.
 */
export async function startFirefoxStack(options: { configure?: boolean } = {}) {
  const server = await startFixtureServer();
  const launcher = `${server.origin}/fixtures/blank.html`;
  const firefox = await launchFirefoxExtension();
  if (options.configure !== false) await firefox.configure(server.baseUrl, 'demo-api-key', launcher);
  return {
    server,
    firefox,
    launcher,
    async stop() {
      await firefox.close();
      await server.close();
    },
  };
}
