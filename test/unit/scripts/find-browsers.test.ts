// How `npm test` and `npm start` find the browsers, and what they tell a user who has none
// (scripts/find-browsers.mjs; the CLI around it is scripts/ensure-browsers.mjs).
import { describe, expect, it } from 'vitest';
import { locateBrowser, planForMissing, systemOf } from '../../../scripts/find-browsers.mjs';

const host = (files: string[], env: Record<string, string> = {}) => ({
  env: { PATH: '/usr/local/bin:/usr/bin', ...env },
  isExecutable: (path: string) => files.includes(path),
});

describe('locateBrowser', () => {
  it('takes the variable first, and a variable naming no file is an error that names it', () => {
    const files = ['/usr/bin/chromium', '/opt/chrome'];
    expect(locateBrowser('chromium', host(files, { CHROME_PATH: '/opt/chrome' }))).toEqual({
      path: '/opt/chrome',
      from: 'CHROME_PATH',
    });
    const typo = locateBrowser('chromium', host(files, { CHROME_PATH: '/opt/chrom' }));
    expect(typo).toEqual({
      error: expect.stringContaining('CHROME_PATH=/opt/chrom names no executable file'),
    });
    expect(locateBrowser('firefox', host([], { FIREFOX_PATH: '/x' }))).toEqual({
      error: expect.stringContaining('FIREFOX_PATH'),
    });
  });

  it('then known install paths, then the commands on PATH, in order', () => {
    expect(locateBrowser('chromium', host(['/usr/bin/google-chrome', '/usr/bin/chromium']))).toEqual({
      path: '/usr/bin/chromium',
      from: 'known path',
    });
    expect(locateBrowser('firefox', host(['/usr/local/bin/firefox']))).toEqual({
      path: '/usr/local/bin/firefox',
      from: 'PATH',
    });
    expect(locateBrowser('firefox', host(['/usr/bin/chromium']))).toBeNull();
  });
});

describe('what happens when browsers are missing', () => {
  const osRelease = (id: string, like = '') =>
    `PRETTY_NAME="x"\nID=${id}\n${like ? `ID_LIKE=${like}\n` : ''}`;

  it('tells Debian, Ubuntu (and its derivatives), macOS and the rest apart', () => {
    expect(systemOf(osRelease('debian'), 'linux')).toBe('debian');
    expect(systemOf(osRelease('ubuntu', 'debian'), 'linux')).toBe('ubuntu');
    expect(systemOf(osRelease('linuxmint', '"ubuntu debian"'), 'linux')).toBe('ubuntu');
    expect(systemOf('', 'darwin')).toBe('macos');
    expect(systemOf(osRelease('fedora'), 'linux')).toBe('other');
  });

  it('installs on Debian as root, unless told not to; otherwise gives the exact command', () => {
    const both = ['chromium', 'firefox'] as const;
    expect(planForMissing([...both], { system: 'debian', root: true, optOut: false })).toEqual({
      install: ['chromium', 'firefox-esr'],
    });
    expect(planForMissing(['firefox'], { system: 'debian', root: true, optOut: true })).toEqual({
      advice: 'apt-get install -y firefox-esr',
    });
    expect(planForMissing([...both], { system: 'debian', root: false, optOut: false })).toEqual({
      advice: 'sudo apt-get install -y chromium firefox-esr',
    });
    const ubuntu = planForMissing(['chromium'], { system: 'ubuntu', root: true, optOut: false });
    expect(ubuntu).toEqual({ advice: expect.stringContaining('export CHROME_PATH=') });
    expect(ubuntu).not.toHaveProperty('install');
    expect(planForMissing(['firefox'], { system: 'other', root: true, optOut: false })).toEqual({
      advice: 'export FIREFOX_PATH=/path/to/firefox',
    });
  });
});
