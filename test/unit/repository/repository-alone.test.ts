// A clone of this repository alone must pass `npm test`: no test, benchmark, script or build file may
// read a path outside it. CI's clone has the team's shared folder beside it, so a run there cannot
// show such a read: only this check can. It resolves every path-like string literal of the sources
// the way the code uses it (relative to the file, as imports and `new URL(…, import.meta.url)` do,
// and relative to the project root in files that join onto `process.cwd()`, as vitest and the
// benches run from there) and every `..` in package.json's scripts (run from the root).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SOURCE_DIRS = ['test', 'bench', 'scripts', 'simulator', 'lib', 'entrypoints', 'components', 'samples'];
const SKIP_DIRS = new Set(['node_modules', '.output', '.wxt', '.tmp', 'test-results']);

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP_DIRS.has(name)) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path);
    return /\.(?:[cm]?[jt]sx?)$/.test(name) ? [path] : [];
  });
}

const outside = (path: string) => {
  const rel = relative(ROOT, path);
  return rel.startsWith('..') || isAbsolute(rel);
};

/** String literals (quotes and backticks; a template's `${…}` parts cut it) that hold a `..` segment,
 * each with the directory it is relative to: the project root right after `process.cwd(),`, else the file's. */
function dottedLiterals(file: string, source: string): { literal: string; base: string }[] {
  const found: { literal: string; base: string }[] = [];
  for (const match of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const fromCwd = /process\.cwd\(\)\s*,\s*$/.test(source.slice(Math.max(0, match.index - 40), match.index));
    const base = fromCwd ? ROOT : dirname(join(ROOT, file));
    for (const part of (match[2] ?? '').split(/\$\{[^}]*\}/))
      if (/(?:^|\/)\.\.(?:\/|$)/.test(part)) found.push({ literal: part, base });
  }
  return found;
}

/** Where a file's path literals lead outside the repository, `file: literal -> resolved` each. */
export function readsOutside(file: string, source: string): string[] {
  const escapes: string[] = [];
  for (const { literal, base } of dottedLiterals(file, source)) {
    // URLs (`https://host/a/../b`) and sentences are not paths.
    if (/^[a-z][a-z+.-]*:/i.test(literal) || /\s/.test(literal.trim())) continue;
    const target = resolve(base, literal);
    if (outside(target)) escapes.push(`${file}: '${literal}' -> ${target}`);
  }
  // Absolute paths into the folder that holds the repository (a sibling checkout, the team's folder).
  for (const match of source.matchAll(/['"`](\/[^'"`\s]+)['"`]/g)) {
    const path = match[1] ?? '';
    if (path.startsWith(`${dirname(ROOT)}/`) && outside(path)) escapes.push(`${file}: '${path}'`);
  }
  return escapes;
}

/** This file's own literals are examples of what it looks for. */
const SELF = 'test/unit/repository/repository-alone.test.ts';

describe('the repository stands alone', () => {
  it("the check finds a read of the team's sibling folder, as the tests made before the data was copied in", () => {
    // The sibling folder's name is put together here, so this file holds no path outside the repository.
    const sibling = ['..', 'shared'].join('/');
    const old = `const DATA = join(process.cwd(), '${sibling}/data/');`;
    expect(readsOutside('test/support/shared-data.ts', old)).toHaveLength(1);
    const script = `const source = new URL('../${sibling}/data/wmi-codes.txt', import.meta.url);`;
    expect(readsOutside('scripts/gen-wmi.ts', script)).toHaveLength(1);
    // Relative to the file, a sibling folder of the repository is outside; a folder of it is not.
    expect(readsOutside('bench/run.ts', "new URL('../.tmp/bench/', import.meta.url)")).toEqual([]);
  });

  it('no test, benchmark, script or source file reads a path outside the repository', () => {
    const files = [
      ...SOURCE_DIRS.flatMap(filesUnder),
      ...readdirSync(ROOT).filter((name) => /\.(?:[cm]?[jt]s)$/.test(name)),
    ].filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(150);
    const escapes = files.flatMap((file) => readsOutside(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(escapes).toEqual([]);
  });

  it("package.json's scripts reach nothing above the project root", () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const escapes = Object.entries(scripts).flatMap(([name, command]) =>
      command
        .split(/\s+/)
        .filter((word) => /(?:^|\/)\.\.(?:\/|$)/.test(word) && outside(resolve(ROOT, word)))
        .map((word) => `${name}: ${word}`),
    );
    expect(escapes).toEqual([]);
  });
});
