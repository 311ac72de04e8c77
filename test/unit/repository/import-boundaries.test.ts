// Where the service's wire and client may be reached from, on resolved imports (TypeScript's own
// module resolution with this project's tsconfig, the `@/` alias included): no page, component or
// content script reaches lib/api/client.ts or lib/api/wire.ts, directly or through anything it
// imports. Only the background talks to the service and reads its wire format
// (docs/privacy-engineering.md). And only entrypoints/background/storage/ touches the background's storage APIs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
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
 * Folders in one-way order, lowest first: a folder imports from its own and lower ones only. Files
 * at an area's top: the ones named `below` under all its folders, the rest (the wiring) above all.
 * The background (timing.ts below, guard.ts and index.ts above) and the content script by its three
 * jobs (pacing, detection, badges: issue 47; send.ts below, index.ts above).
 */
const AREAS = [
  {
    root: 'entrypoints/background',
    layers: [
      'storage',
      'service',
      'records',
      'account',
      'library',
      'purchases',
      'sites',
      'memory',
      'nhtsa',
      // Each card's finding reads the memory, the reports held and NHTSA's kept answers (issue 64).
      'verdicts',
      'workbench',
    ],
    below: ['timing.ts'],
  },
  { root: 'entrypoints/vin.content', layers: ['pace', 'detect', 'badge'], below: ['send.ts'] },
  // lib by concern (issue 48): the error vocabulary under every concern, each concern's messages
  // beside it, the protocol that merges them at the top; domain.ts and the small helpers below all.
  {
    root: 'lib',
    layers: [
      'errors',
      'vin',
      'sites',
      'account',
      'reports',
      'records',
      'purchases',
      'market',
      'memory',
      'nhtsa',
      'workbench',
      'api',
      'messaging',
      'bench',
    ],
    below: ['domain.ts', 'plural.ts', 'serial-queue.ts', 'shared-calls.ts'],
  },
];
function layerOf(file: string): { area: string; layer: number } | undefined {
  for (const { root, layers, below } of AREAS) {
    if (!file.startsWith(`${root}/`)) continue;
    // A file's folder is its first one under the area (lib/reports/facts/ is reports).
    const match = /^(?:([a-z-]+)\/(?:[^/]+\/)*)?([^/]+)$/.exec(file.slice(root.length + 1));
    if (!match) return undefined;
    const [, folder, name = ''] = match;
    // A folder outside the order has no place in it: the tests below list such files.
    if (folder) return layers.includes(folder) ? { area: root, layer: layers.indexOf(folder) } : undefined;
    return { area: root, layer: below.includes(name) ? -1 : layers.length };
  }
  return undefined;
}

/** Each file's direct project imports. */
const EVERY_SOURCE = ['entrypoints', 'components', 'lib'].flatMap(sourcesUnder);
const importsByFile = new Map(EVERY_SOURCE.map((file) => [file, importsOf(file)]));

/** Import edges that go from a lower folder of an area to a higher one of the same area. */
export function reversedArrows(edges: Map<string, string[]>): string[] {
  return [...edges].flatMap(([from, targets]) => {
    const here = layerOf(from);
    if (here === undefined) return [];
    return targets
      .filter((to) => {
        const there = layerOf(to);
        return there?.area === here.area && there.layer > here.layer;
      })
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
  it('the background depends one way: storage < service < records < account < library < purchases < sites < memory < nhtsa < verdicts < workbench', () => {
    expect(reversedArrows(importsByFile)).toEqual([]);
    // The check itself sees a reversed arrow: records reaching up into sites, as it once did.
    const planted = new Map(importsByFile);
    planted.set('entrypoints/background/records/check-all.ts', ['entrypoints/background/sites/tab-vins.ts']);
    expect(reversedArrows(planted)).toEqual([
      'entrypoints/background/records/check-all.ts → entrypoints/background/sites/tab-vins.ts',
    ]);
  });

  it('lib depends one way: errors < vin < sites < account < reports < records < purchases < market < memory < nhtsa < workbench < api < messaging', () => {
    const lib = new Map([...importsByFile].filter(([file]) => file.startsWith('lib/')));
    // Every file of lib has a place in the order (a new folder is added to AREAS, not left out).
    expect([...lib.keys()].filter((file) => !layerOf(file))).toEqual([]);
    expect(reversedArrows(lib)).toEqual([]);
    // A concern's messages reaching up into messaging, as purchase messages once reached through
    // messaging's error data, is caught.
    const planted = new Map(lib);
    planted.set('lib/purchases/purchase-messages.ts', ['lib/messaging/message-shapes.ts']);
    expect(reversedArrows(planted)).toEqual([
      'lib/purchases/purchase-messages.ts → lib/messaging/message-shapes.ts',
    ]);
  });

  it('the content script depends one way: pace < detect < badge < index.ts', () => {
    const content = new Map(
      [...importsByFile].filter(([file]) => file.startsWith('entrypoints/vin.content/')),
    );
    expect(content.size).toBeGreaterThanOrEqual(20);
    // Every file of it has a place in the order (a new folder is added to AREAS, not left out).
    expect([...content.keys()].filter((file) => !layerOf(file))).toEqual([]);
    expect(reversedArrows(content)).toEqual([]);
    // Detection reaching up into the badge's drawing, as the planted edge does, is caught.
    const planted = new Map(content);
    planted.set('entrypoints/vin.content/detect/placement.ts', ['entrypoints/vin.content/badge/pill.ts']);
    expect(reversedArrows(planted)).toEqual([
      'entrypoints/vin.content/detect/placement.ts → entrypoints/vin.content/badge/pill.ts',
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
    expect(importsOf('samples/listing-page.ts')).toContain('lib/vin/vin-syntax.ts');
    expect(sourcesUnder('bench').some((file) => importsOf(file).includes('samples/listing-page.ts'))).toBe(
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
