// Builds the extension once for the whole e2e run (the `e2e` mode also injects the content
// script on loopback pages, where the fixture pages are served) and checks the browsers exist; the Firefox test build as well.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, firefoxPath } from '../../scripts/browser-paths';

export default function setup() {
  const chrome = chromiumPath();
  if (!existsSync(chrome)) {
    throw new Error(
      `No Chromium at ${chrome}. Install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
  const firefox = firefoxPath();
  if (!existsSync(firefox)) {
    throw new Error(
      `No Firefox at ${firefox}. Install it (Debian: apt-get install firefox-esr) or set FIREFOX_PATH to a Firefox binary.`,
    );
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'] as ['ignore', 'ignore', 'inherit'] };
    execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], quiet);
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'loopback'], quiet);
  }
}
