// Builds the extension once for the whole e2e run (the `e2e` mode also injects the content
// script on loopback pages, where the fixture pages are served) and checks a browser exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../../scripts/browser-paths';

export default function setup() {
  const chrome = chromiumPath();
  if (!existsSync(chrome)) {
    throw new Error(
      `No Chromium at ${chrome}. Install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
