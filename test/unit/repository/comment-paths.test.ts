// Comments that name a file name one that exists (issue 48: headers named files that had moved, and
// a newcomer followed them to nothing). Every file named in a comment of the project's own code, as a
// path (`background/account/credentials.ts`, `lib/vin/wmi.ts`) or a bare name (`spot-watch.ts`), is
// looked for among the tracked files: a path as the end of one, a bare name as one's name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const names = new Set(tracked.map((file) => basename(file)));
const FOLDERS = new Set(tracked.flatMap((file) => file.split('/').slice(0, -1)));

const SOURCES = tracked.filter(
  (file) =>
    /\.(ts|tsx|mjs|css)$/.test(file) &&
    /^(entrypoints|components|lib|simulator|scripts|bench|test|fixtures|[^/]+$)/.test(file) &&
    !file.includes('/fixtures/') &&
    file !== 'test/unit/repository/comment-paths.test.ts',
);
// A name with at least three characters before its extension (not `c.json(` in a line of code quoted).
const FILE =
  /(?<![\w./@-])((?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w][\w.-]{2,}\.(?:tsx?|mjs|md|html|css|ya?ml|json))(?![\w/(-])/g;
/** The extension's pages as built: `entrypoints/<name>/` becomes `<name>.html`. */
const PAGES = new Set([
  ...tracked
    .flatMap((file) => /^entrypoints\/([\w-]+)\/index\.html$/.exec(file)?.[1] ?? [])
    .map((n) => `${n}.html`),
  'privacy.html', // PRIVACY.md, rendered by wxt.config.ts
]);

/** The comments of a source file: `//` lines and `/* … *\/` blocks (strings are not comments). */
function commentsOf(text: string): string[] {
  const out: string[] = [];
  // A block from a line's start, a line comment after code or alone: not `*/*` or `://` inside strings.
  for (const match of text.matchAll(/^[ \t]*\/\*[\s\S]*?\*\/|(?:^|[ \t])\/\/[^\n]*/gm)) out.push(match[0]);
  return out;
}

/** Whether a name in a comment stands for a file of this repository that exists. */
function exists(named: string): boolean {
  const path = named.replace(/^(\.\.?\/)+/, '');
  // Outside the repository on purpose (the shared evidence, node_modules, build output, WXT's own).
  if (/^(shared|node_modules|\.output|\.wxt|\.tmp|test-results)\//.test(path) || path.startsWith('@'))
    return true;
  if (!path.includes('/')) return names.has(path) || PAGES.has(path);
  if (tracked.some((file) => file === path || file.endsWith(`/${path}`))) return true;
  // A package's file (`idb/build/index.js`, `zod/v4/core/schemas.js`): not ours to check.
  return !FOLDERS.has(path.split('/')[0] ?? '');
}

describe('comments', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const file of SOURCES) {
      for (const comment of commentsOf(readFileSync(resolve(ROOT, file), 'utf8')))
        for (const [, named] of comment.matchAll(FILE))
          if (named && !/^https?:/.test(named) && !comment.includes(`://${named}`) && !exists(named))
            missing.push(`${file}: ${named}`);
    }
    expect(missing).toEqual([]);
  });

  it('the check itself finds a moved file', () => {
    expect(exists('background/account/credentials.ts')).toBe(false);
    expect(exists('entrypoints/background/service/credentials.ts')).toBe(true);
    expect(exists('spot-watch.ts')).toBe(true);
    expect(exists('page-scanner-old.ts')).toBe(false);
  });
});
