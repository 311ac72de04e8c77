// @vitest-environment node
// A quiet `npm ci` (issue 65): npm 11 warns about every installed package whose install scripts the
// project has neither allowed nor denied ("not yet covered by allowScripts"). Each such package is
// named in package.json's `allowScripts`: esbuild's postinstall checks its binary (allowed); the old
// spawn-sync's only drops a dependency Node's own spawnSync makes needless (denied). A dependency
// that brings a new install script fails here, before a newcomer meets the warning.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const HOOKS = ['preinstall', 'install', 'postinstall'];

/** Every installed package (scoped ones included, nested node_modules too) that has an install script. */
function withInstallScripts(dir: string, found = new Set<string>()): Set<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      withInstallScripts(join(dir, name), found);
      continue;
    }
    const at = join(dir, name);
    try {
      const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as {
        name?: string;
        scripts?: Record<string, string>;
        gypfile?: boolean;
      };
      if (pkg.name && (HOOKS.some((hook) => pkg.scripts?.[hook]) || pkg.gypfile)) found.add(pkg.name);
    } catch {
      // Not a package (a bin folder, a stray file).
    }
    withInstallScripts(join(at, 'node_modules'), found);
  }
  return found;
}

describe('install scripts', () => {
  it('every installed package with an install script is allowed or denied in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const covered = new Set(Object.keys(pkg.allowScripts ?? {}));
    const found = [...withInstallScripts(join(ROOT, 'node_modules'))].sort();
    expect(found).toContain('esbuild');
    expect(found.filter((name) => !covered.has(name))).toEqual([]);
    expect(pkg.allowScripts?.esbuild).toBe(true);
  });
});
