// Which Node.js the project runs on (package.json's engines, .nvmrc) and what a user on another one
// is told, before any other work (scripts/node-version.mjs: the preinstall and the first step of
// `npm test` and `npm start`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, satisfies } from '../../../scripts/node-version.mjs';

const ROOT = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const range: string = pkg.engines.node;
const recommended = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();

describe('supported Node.js', () => {
  it('supports the maintained lines from the dependencies’ floor (22.13) and refuses ended ones', () => {
    for (const version of ['v22.13.0', 'v22.20.1', 'v24.0.0', 'v24.21.0', 'v26.10.0'])
      expect(satisfies(version, range), version).toBe(true);
    // 20 ended in April 2026; 22.12 is under @axe-core/playwright's and listr2's floor; odd lines
    // are never LTS; 27 is not released as LTS and untested here.
    for (const version of ['v18.20.0', 'v20.20.2', 'v22.12.0', 'v23.11.0', 'v25.0.0', 'v27.0.0'])
      expect(satisfies(version, range), version).toBe(false);
  });

  it('recommends, in .nvmrc, a line it supports', () => {
    expect(satisfies(`${recommended}.0.0`, range)).toBe(true);
  });

  it('tells a user on Node 20 what they have and what to install', () => {
    const problem = nodeVersionProblem('v20.20.2', range, recommended);
    expect(problem).toContain('this is Node.js v20.20.2');
    expect(problem).toContain(`Install Node.js ${recommended}`);
    expect(problem).toContain('nvm install');
    expect(nodeVersionProblem(process.version, range, recommended)).toBeNull();
  });

  it('refuses a range it cannot read rather than guessing', () => {
    expect(() => satisfies('v22.13.0', '>=22')).toThrow(/not a caret range/);
  });

  it('the preinstall runs first, and the browser check stops on a version it refuses before any other work', () => {
    expect(Object.keys(pkg.scripts)[0]).toBe('preinstall');
    expect(pkg.scripts.preinstall).toBe('node scripts/node-version.mjs');
    for (const name of ['test', 'start'])
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/ensure-browsers\.mjs\b/);
    // The real script under this Node, told its version is 20.20.2 by a preloaded module that rewrites
    // process.version, as an old Node would report it: exit 1 and the sentence, nothing else run.
    const pretend = "Object.defineProperty(process, 'version', { value: 'v20.20.2' });";
    const run = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, 'scripts/ensure-browsers.mjs'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SKIP_BROWSER_INSTALL: '1' } },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('this is Node.js v20.20.2');
    expect(run.stdout).not.toContain('Browsers:');
  });
});
