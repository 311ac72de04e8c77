// Once for the whole e2e run: checks the browsers are there, builds the extension for both (the
// loopback mode also injects the content script on loopback pages, where the fixture pages are
// served), and makes the profile every Firefox of the run starts from a copy of.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromiumPath, firefoxPath } from '../../../scripts/browser-paths';
import { FIREFOX_PROFILE_TEMPLATE, makeFirefoxProfileTemplate } from '../../../scripts/firefox';

export default async function setup() {
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
  // Once per run too: the profile every Firefox of the run starts from a copy of (scripts/firefox.ts).
  // Not for Chromium: from a copied profile the same 12 Chromium files took 189 CPU-s against 152.
  if (!process.env[FIREFOX_PROFILE_TEMPLATE]) {
    const template = await makeFirefoxProfileTemplate();
    process.env[FIREFOX_PROFILE_TEMPLATE] = template;
    return () => {
      rmSync(template, { recursive: true, force: true });
      delete process.env[FIREFOX_PROFILE_TEMPLATE];
    };
  }
}
