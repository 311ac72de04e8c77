// Builds the extension once for the whole e2e run (the `e2e` mode also injects the content
// script on loopback pages, where the fixture pages are served) and checks the browsers are there; the Firefox test build as well.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, firefoxPath } from '../../../scripts/browser-paths';

export default function setup() {
  // `npm test` found them first (scripts/ensure-browsers.mjs); run alone, this says what is missing.
  chromiumPath();
  firefoxPath();
  // Once per run: both e2e projects (vitest.config.ts) name this setup, in the same process.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    process.env.E2E_SKIP_BUILD = '1';
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'] as ['ignore', 'ignore', 'inherit'] };
    execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], quiet);
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'loopback'], quiet);
  }
  // The browsers' profiles, in one folder removed when the run ends: a browser handed from file to
  // file (setup-extension.ts) is still open when its worker ends, so no file can remove its own.
  if (!process.env.E2E_PROFILES) {
    const profiles = mkdtempSync(join(tmpdir(), 'vhl-e2e-profiles-'));
    process.env.E2E_PROFILES = profiles;
    return () => {
      closeBrowsersUsing(profiles);
      rmSync(profiles, { recursive: true, force: true });
    };
  }
}

/**
 * Ends the browsers whose profile lies in `root`: the ones still kept for a next file when the
 * run ends (the workers, which would close them, outlive this teardown). Linux's /proc, where the
 * suite runs; elsewhere nothing is ended and the folder is only removed.
 */
function closeBrowsersUsing(root: string) {
  const pids = (() => {
    try {
      return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
    } catch {
      return [];
    }
  })();
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(root)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
}
