// Where the service's wire and client may be reached from, on resolved imports (TypeScript's own
// module resolution with this project's tsconfig, the `@/` alias included): no page, component or
// content script reaches lib/api/client.ts or lib/api/wire.ts, directly or through anything it
// imports. Only the background talks to the service and reads its wire format (README, "Where
// things are"). And only entrypoints/background/storage/ touches the background's storage APIs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);

const rel = (file: string) => relative(ROOT, file).replaceAll('\\', '/');

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The project files a file imports (type-only imports included: they still couple the code). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const resolved = ts.resolveModuleName(fileName, join(ROOT, file), config.options, ts.sys).resolvedModule;
    return resolved && !resolved.isExternalLibraryImport ? [rel(resolved.resolvedFileName)] : [];
  });
}

/** Every project file `file` reaches through its imports, with the first chain found to each. */
function reach(file: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  for (let next = queue.shift(); next; next = queue.shift())
    for (const imported of importsOf(next))
      if (!chains.has(imported)) {
        chains.set(imported, [...(chains.get(next) ?? []), imported]);
        queue.push(imported);
      }
  return chains;
}

const SERVICE_ONLY = ['lib/api/client.ts', 'lib/api/wire.ts'];
const NOT_BACKGROUND = [
  ...sourcesUnder('components'),
  ...sourcesUnder('entrypoints').filter((f) => !f.startsWith('entrypoints/background/')),
];

/**
 * The background's folders, lowest first: a folder imports from its own and lower ones only. Files at
 * the background's top: timing.ts below all, guard.ts and index.ts (the wiring) above all.
 */
const LAYERS = ['storage', 'service', 'records', 'account', 'purchases', 'sites', 'workbench'];
function layerOf(file: string): number | undefined {
  const match = /^entrypoints\/background\/(?:([a-z-]+)\/)?([^/]+)$/.exec(file);
  if (!match) return undefined;
  const [, folder, name] = match;
  if (folder) return LAYERS.indexOf(folder);
  return name === 'timing.ts' ? -1 : LAYERS.length;
}

/** Each file's direct project imports. */
const EVERY_SOURCE = ['entrypoints', 'components', 'lib'].flatMap(sourcesUnder);
const importsByFile = new Map(EVERY_SOURCE.map((file) => [file, importsOf(file)]));

/** Import edges that go from a lower background folder to a higher one. */
export function reversedArrows(edges: Map<string, string[]>): string[] {
  return [...edges].flatMap(([from, targets]) => {
    const here = layerOf(from);
    if (here === undefined) return [];
    return targets
      .filter((to) => (layerOf(to) ?? Number.NEGATIVE_INFINITY) > here)
      .map((to) => `${from} → ${to}`);
  });
}

/** The cycles of an import graph (each as the files around it), found by depth-first search. */
export function cyclesOf(edges: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import boundaries', () => {
  it('the background depends one way: storage < service < records < account < purchases < sites < workbench', () => {
    expect(reversedArrows(importsByFile)).toEqual([]);
    // The check itself sees a reversed arrow: records reaching up into sites, as it once did.
    const planted = new Map(importsByFile);
    planted.set('entrypoints/background/records/check-all.ts', ['entrypoints/background/sites/tab-vins.ts']);
    expect(reversedArrows(planted)).toEqual([
      'entrypoints/background/records/check-all.ts → entrypoints/background/sites/tab-vins.ts',
    ]);
  });

  it('no page or component imports background code (the popup reads its headline through lib/ and the browser)', () => {
    const offenders = NOT_BACKGROUND.flatMap((file) =>
      (importsByFile.get(file) ?? [])
        .filter((to) => to.startsWith('entrypoints/background/'))
        .map((to) => `${file} → ${to}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no file imports itself back through others, type-only imports included', () => {
    expect(cyclesOf(importsByFile)).toEqual([]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']]);
  });

  it('no page, component or content script reaches the service client or its wire schemas', () => {
    expect(NOT_BACKGROUND.length).toBeGreaterThan(40);
    const breaches = NOT_BACKGROUND.flatMap((file) => {
      const chains = reach(file);
      return SERVICE_ONLY.filter((target) => chains.has(target)).map((target) =>
        (chains.get(target) ?? []).join(' → '),
      );
    });
    expect(breaches).toEqual([]);
  });

  it('the background does reach them (the check resolves imports, it does not just match paths)', () => {
    const chains = reach('entrypoints/background/index.ts');
    for (const target of SERVICE_ONLY) expect(chains.has(target), target).toBe(true);
  });

  it('tests and benchmarks share what they both need through fixtures/, never each other', () => {
    const across = (from: string, to: string) =>
      sourcesUnder(from).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith(`${to}/`))
          .map((target) => `${file} → ${target}`),
      );
    expect([...across('test', 'bench'), ...across('bench', 'test')]).toEqual([]);
    // The check resolves both ways of naming a bench file: the `@/` alias (as tests once did) and a path.
    expect(importsOf('fixtures/listing-page.ts')).toContain('lib/vin/vin-syntax.ts');
    expect(sourcesUnder('bench').some((file) => importsOf(file).includes('fixtures/listing-page.ts'))).toBe(
      true,
    );
  });

  it('only entrypoints/background/storage/ calls the storage APIs the background keeps its state in', () => {
    const offenders = sourcesUnder('entrypoints/background')
      .filter((file) => !file.startsWith('entrypoints/background/storage/'))
      .filter((file) =>
        /\bbrowser\.storage\.|\bindexedDB\b|\bopenDB\(/.test(
          readFileSync(join(ROOT, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
