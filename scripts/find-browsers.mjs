// Where the tests and `npm start` find a browser, and what to tell a user who has none.
// Plain JavaScript (no dependencies) so `.ci/run` can call it before `npm ci`; the TypeScript
// side (`browser-paths.ts`) imports the same `locateBrowser`, so both agree on the path. Its types
// are written once, in find-browsers.d.mts.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What each browser is looked for by: its variable, known install paths, then commands on PATH. */
export const BROWSERS = {
  chromium: {
    label: 'Chromium or Chrome',
    variable: 'CHROME_PATH',
    debianPackage: 'chromium',
    paths: [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
      '/usr/bin/google-chrome-stable',
      '/opt/google/chrome/chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ],
    commands: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
  },
  firefox: {
    label: 'Firefox',
    variable: 'FIREFOX_PATH',
    debianPackage: 'firefox-esr',
    paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'],
    commands: ['firefox-esr', 'firefox'],
  },
};

/** The real machine: its environment and file system. */
export const realHost = () => ({
  env: process.env,
  isExecutable: (path) => {
    try {
      accessSync(path, constants.X_OK);
      return existsSync(path);
    } catch {
      // Not there, or not executable: either way not a browser we can start.
      return false;
    }
  },
});

/**
 * The first browser of `kind` on this machine: the variable when set (an error when it names no
 * executable file: a typo must not silently fall back to another browser), else a known path, else
 * a command on PATH; null when there is none.
 */
export function locateBrowser(kind, host = realHost()) {
  const spec = BROWSERS[kind];
  const named = host.env[spec.variable];
  if (named !== undefined && named !== '') {
    return host.isExecutable(named)
      ? { path: named, from: spec.variable }
      : { error: `${spec.variable}=${named} names no executable file. Fix or unset ${spec.variable}.` };
  }
  for (const path of spec.paths) if (host.isExecutable(path)) return { path, from: 'known path' };
  const dirs = (host.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const command of spec.commands) {
    for (const dir of dirs) {
      const path = join(dir, command);
      if (host.isExecutable(path)) return { path, from: 'PATH' };
    }
  }
  return null;
}

/** The path of a browser the caller has already made sure exists (`ensure-browsers.mjs`). */
export function browserPath(kind) {
  const found = locateBrowser(kind);
  if (found && 'path' in found) return found.path;
  throw new Error(found?.error ?? `No ${BROWSERS[kind].label} found: run node scripts/ensure-browsers.mjs`);
}

/**
 * What kind of system this is, for the advice: Debian installs with apt-get; Ubuntu's apt packages
 * of both browsers are snap wrappers, which Playwright cannot drive with an extension profile.
 * `osRelease` is the contents of /etc/os-release ('' when there is none).
 */
export function systemOf(osRelease, platform = process.platform) {
  if (platform === 'darwin') return 'macos';
  const id = /^ID=["']?([\w-]+)/m.exec(osRelease)?.[1] ?? '';
  if (id === 'debian') return 'debian';
  if (id === 'ubuntu' || /^ID_LIKE=.*ubuntu/m.test(osRelease)) return 'ubuntu';
  return 'other';
}

export const readOsRelease = () => {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    // No os-release (macOS, some containers): the platform decides.
    return '';
  }
};

/**
 * What to do about the browsers that are missing: install them (Debian, as root, not opted out), or
 * stop with the exact command for the user to run.
 */
export function planForMissing(missing, where) {
  const packages = missing.map((kind) => BROWSERS[kind].debianPackage);
  const variables = missing.map((kind) => `${BROWSERS[kind].variable}=/path/to/${kind}`).join(' ');
  if (where.system === 'debian') {
    if (where.root && !where.optOut) return { install: packages };
    const sudo = where.root ? '' : 'sudo ';
    return { advice: `${sudo}apt-get install -y ${packages.join(' ')}` };
  }
  if (where.system === 'ubuntu') {
    return {
      advice:
        "Ubuntu's chromium and firefox packages are snaps, which cannot load the test profile. Install " +
        "Google Chrome (its .deb) and Firefox from Mozilla's apt repository, or point to other builds: " +
        `export ${variables}`,
    };
  }
  if (where.system === 'macos') {
    const casks = missing.map((kind) => (kind === 'chromium' ? 'chromium' : 'firefox@esr')).join(' ');
    return { advice: `brew install --cask ${casks}   (or export ${variables})` };
  }
  return { advice: `export ${variables}` };
}
