// The `@/` alias in the tracked tsconfig.json alone (issue 48: it lived only in WXT's generated,
// git-ignored .wxt/tsconfig.json, so a tool reading the repository saw no import from entrypoints/ to
// lib/): resolved with the root file's own options, without what it extends.
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

describe('tsconfig.json', () => {
  it('resolves @/ imports by itself', () => {
    const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const { options } = ts.convertCompilerOptionsFromJson(
      { ...config.compilerOptions, moduleResolution: 'bundler', module: 'esnext' },
      ROOT,
    );
    const from = join(ROOT, 'entrypoints/background/index.ts');
    const found = ts.resolveModuleName('@/lib/domain', from, options, ts.sys).resolvedModule;
    expect(found && relative(ROOT, found.resolvedFileName)).toBe('lib/domain.ts');
  });
});
