// First step of `npm test`, `npm start` and `.ci/run`: make sure this Node.js is supported, then that
// the browsers the tests drive are here and start, before any other work. On Debian as root a missing one is installed with
// apt-get (SKIP_BROWSER_INSTALL=1 to be told the command instead); elsewhere the run stops with the
// exact command. Usage: node scripts/ensure-browsers.mjs [chromium] [firefox] (default: both).
import { execFileSync, spawnSync } from 'node:child_process';
import { BROWSERS, locateBrowser, planForMissing, readOsRelease, systemOf } from './find-browsers.mjs';
import { requireSupportedNode } from './node-version.mjs';

// A Node the project does not support stops everything first, with the version to install.
requireSupportedNode();

const kinds = process.argv.slice(2).filter((arg) => arg in BROWSERS);
const wanted = kinds.length > 0 ? kinds : ['chromium', 'firefox'];

function stop(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function locateAll() {
  const found = {};
  for (const kind of wanted) {
    const located = locateBrowser(kind);
    if (located && 'error' in located) stop(located.error);
    if (located) found[kind] = located.path;
  }
  return found;
}

let found = locateAll();
const missing = wanted.filter((kind) => !found[kind]);
if (missing.length > 0) {
  const plan = planForMissing(missing, {
    system: systemOf(readOsRelease()),
    root: process.getuid?.() === 0,
    optOut: process.env.SKIP_BROWSER_INSTALL === '1',
  });
  const labels = missing.map((kind) => BROWSERS[kind].label).join(' and ');
  if ('advice' in plan) stop(`No ${labels} found. Install with:\n  ${plan.advice}\nthen run this again.`);
  console.log(`No ${labels} found: installing ${plan.install.join(' ')} with apt-get (Debian, root).`);
  const apt = (args) =>
    spawnSync('apt-get', args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...plan.install],
  ]) {
    const run = apt(args);
    if (run.status !== 0) stop(`apt-get ${args.join(' ')} failed:\n${run.stderr || run.stdout}`);
  }
  found = locateAll();
  const still = wanted.filter((kind) => !found[kind]);
  if (still.length > 0) stop(`apt-get finished but no ${still.join(', ')} was found.`);
}

// Found is not enough: a snap wrapper or a broken install is a file that does not start a browser.
const versions = wanted.map((kind) => {
  try {
    const version = execFileSync(found[kind], ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
      // Debian's chromium wrapper prints shell noise on stderr; the version is on stdout.
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
    return `${version} (${found[kind]})`;
  } catch (error) {
    return stop(
      `${found[kind]} does not start (${error.message.split('\n')[0]}). Install ${BROWSERS[kind].label} ` +
        `another way, or set ${BROWSERS[kind].variable} to a working binary.`,
    );
  }
});
console.log(`Browsers: ${versions.join('; ')}`);
