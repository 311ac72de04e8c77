// Every `browser.<namespace>` the Firefox store build calls, against MDN's compatibility data for
// Firefox for Android (@mdn/browser-compat-data): one Android lacks must be guarded where it is used,
// or the extension breaks there (before issue 28, a missing `contextMenus` stopped the background's
// start-up ahead of the purchase reconciler). Read from the built files, so an API a library calls
// counts too; `npm test` builds the store packages before the e2e tier.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompatData } from '@mdn/browser-compat-data/types';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILD = join(ROOT, '.output/firefox-mv3');

/** Where each API Firefox for Android lacks is used, and the guard that keeps it from throwing there. */
const GUARDED: Record<string, { file: string; guard: string }> = {
  windows: { file: 'entrypoints/background/purchases/confirmation-window.ts', guard: 'if (browser.windows)' },
  menus: {
    file: 'entrypoints/background/sites/context-menu.ts',
    guard: 'if (!browser.contextMenus) return;',
  },
};
// Firefox's older names for the same namespaces.
const ALIASES: Record<string, string> = { contextMenus: 'menus' };
// Namespaces named like web APIs a page script uses (`location.search`, `navigator.clipboard`,
// `window.history`): counted only where called on `browser.` or `chrome.` by name.
const WEB_NAMES = new Set(['search', 'clipboard', 'history', 'find', 'dom', 'theme', 'identity']);
// Node's own JSON loader: imported through Vite, the 20 MB data file took 45 s of the e2e tier.
const bcd = createRequire(import.meta.url)('@mdn/browser-compat-data') as CompatData;
const API = bcd.webextensions?.api ?? {};

function builtScripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtScripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

function androidSupport(namespace: string): string | false {
  const support = API[namespace]?.__compat?.support.firefox_android;
  const first = Array.isArray(support) ? support[0] : support;
  const added = first?.version_added;
  return typeof added === 'string' ? added : false;
}

describe('browser APIs on Firefox for Android', () => {
  it('each namespace the build calls is supported there, or guarded where it is used', () => {
    if (!existsSync(BUILD)) throw new Error(`${BUILD} is missing: run npm run package first.`);
    const namespaces = [...Object.keys(API), ...Object.keys(ALIASES)];
    const plain = namespaces.filter((ns) => !WEB_NAMES.has(ns));
    const named = namespaces.filter((ns) => WEB_NAMES.has(ns));
    const pattern = new RegExp(
      `\\.(${plain.join('|')})\\.[a-zA-Z]|\\b(?:browser|chrome)\\.(${named.join('|')})\\.[a-zA-Z]`,
      'g',
    );
    const used = new Set<string>();
    for (const file of builtScripts(BUILD))
      for (const [, plainName, webName] of readFileSync(file, 'utf8').matchAll(pattern)) {
        const name = (plainName ?? webName) as string;
        used.add(ALIASES[name] ?? name);
      }
    // The ones the extension is known to call: the search above finds them (a pattern that found
    // nothing would pass every build).
    expect([...used]).toEqual(expect.arrayContaining(['runtime', 'storage', 'alarms', 'tabs', 'windows']));
    const unsupported = [...used].filter((ns) => androidSupport(ns) === false).sort();
    console.log(
      `[android] namespaces called: ${[...used].sort().join(', ')}; not on Firefox for Android: ${unsupported.join(', ') || 'none'}`,
    );
    expect(unsupported.filter((ns) => !GUARDED[ns])).toEqual([]);
    for (const ns of unsupported) {
      const { file, guard } = GUARDED[ns] as { file: string; guard: string };
      expect(readFileSync(join(ROOT, file), 'utf8'), `${ns} guarded in ${file}`).toContain(guard);
    }
  });
});
