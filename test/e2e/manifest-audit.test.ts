// What the store builds ask of the browser, checked on the built output (npm test builds both
// before the e2e run): minimal permissions, each justified in the README; nothing exposed to web
// pages; no messages from outside the extension; a strict CSP for extension pages.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_SITES, sitePatterns } from '@/lib/sites/sites';
import { type ExtensionBrowser, launchExtension } from '../../scripts/chromium';

/** The extension's pages, as this audit expects them (written out, not read from the config it audits). */
const PAGES = ['popup.html', 'options.html', 'report.html', 'confirm.html', 'library.html', 'workbench.html'];

interface Manifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  content_scripts?: Array<{ matches: string[]; all_frames?: boolean; world?: string }>;
  web_accessible_resources?: Array<{ resources: string[]; matches: string[] }>;
  externally_connectable?: { ids?: string[]; matches?: string[] };
  content_security_policy?: { extension_pages?: string; sandbox?: string };
  sandbox?: unknown;
}

const OUTPUT = fileURLToPath(new URL('../../.output', import.meta.url));
const STORE_BUILDS = ['chrome-mv3', 'firefox-mv3'];

function manifestOf(build: string): Manifest {
  const file = join(OUTPUT, build, 'manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: run npm run build and npm run build:firefox first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The README's permission table: every backticked name in its first column, with its reason. */
function readmePermissions(): Map<string, string> {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Permissions'),
    readme.indexOf('\n## ', readme.indexOf('## Permissions') + 1),
  );
  const reasons = new Map<string, string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('|'))) {
    const [, what = '', why = ''] = row.split('|').map((cell) => cell.trim());
    for (const [, name] of what.matchAll(/`([^`]+)`/g)) reasons.set(name as string, why);
  }
  return reasons;
}

describe.each(STORE_BUILDS)('the %s store build', (build) => {
  const manifest = manifestOf(build);

  it("asks for the five API permissions (and dns in Firefox), the loopback host and the content script's own sites only, each with its reason in the README", () => {
    expect(manifest.permissions).toEqual([
      'storage',
      'activeTab',
      'scripting',
      'contextMenus',
      'alarms',
      // Firefox resolves a complete copy's host names first (Chrome has no DNS API for extensions).
      ...(build === 'firefox-mv3' ? ['dns'] : []),
    ]);
    // The listing sites are hosts the content script runs on anyway (the same install warning): the
    // background injects a badge's panel there on its first click, which Chrome allows only under a
    // host permission.
    const [loopback, ...sites] = manifest.host_permissions ?? [];
    expect(loopback).toBe('http://127.0.0.1/*');
    const matches = (manifest.content_scripts ?? []).flatMap((script) => script.matches);
    expect(new Set(sites)).toEqual(new Set(matches));
    expect(sites).toHaveLength(matches.length);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
    // Asked for in the options page only when the user turns on news of watched vehicles.
    expect(manifest.optional_permissions).toEqual(['notifications']);
    const reasons = readmePermissions();
    for (const name of [
      ...(manifest.permissions ?? []),
      'http://127.0.0.1/*',
      'the listing sites',
      ...(manifest.optional_host_permissions ?? []),
      ...(manifest.optional_permissions ?? []),
    ]) {
      expect(reasons.get(name), `README reason for ${name}`).toMatch(/\w{4,}.*\w{4,}/);
    }
  });

  it('runs the content script on the curated listing sites only, over HTTPS, in its isolated world', () => {
    const matches = (manifest.content_scripts ?? []).flatMap((script) => script.matches);
    expect(new Set(matches)).toEqual(new Set(BUILT_IN_SITES.flatMap(sitePatterns)));
    expect(matches.every((pattern) => pattern.startsWith('https://'))).toBe(true);
    expect(manifest.content_scripts?.some((script) => script.world === 'MAIN')).toBe(false);
  });

  it('carries no test-only entrypoint (named test-*): no file of the build, no content script', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const root = join(OUTPUT, build);
    const testOnly = files(root)
      .map((file) => file.slice(root.length + 1))
      .filter((file) => /(^|\/)test-/.test(file));
    expect(testOnly).toEqual([]);
    const scripts = (manifest.content_scripts ?? []) as Array<{ js?: string[] }>;
    expect(scripts.flatMap((script) => script.js ?? []).filter((file) => /(^|\/)test-/.test(file))).toEqual(
      [],
    );
  });

  it('exposes nothing to web pages and accepts no messages from them or from other extensions', () => {
    expect(manifest.web_accessible_resources ?? []).toEqual([]);
    if (build.startsWith('chrome')) expect(manifest.externally_connectable).toEqual({ ids: [], matches: [] });
    // Firefox has no externally_connectable: only listeners could open the door, and there are none.
    const code = readdirSync(join(OUTPUT, build), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(OUTPUT, build, file), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/on(Message|Connect)External\.addListener/);
  });

  it('gives extension pages a CSP without inline or remote script, plugins or base changes', () => {
    expect(manifest.content_security_policy?.extension_pages).toBe(
      "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(manifest.sandbox).toBeUndefined();
    for (const page of PAGES) {
      const html = readFileSync(join(OUTPUT, build, page), 'utf8');
      // Every script is a file of the package: nothing inline, nothing remote.
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/\ssrc="\/[^"/]/);
      expect(html).not.toMatch(/<script\b[^>]*>[^<\s]/);
      expect(html).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    }
  });
});

describe('the Firefox test build', () => {
  it('lists only its six pages as web-accessible, and only to loopback pages', () => {
    const manifest = manifestOf('firefox-mv3-loopback');
    expect(manifest.web_accessible_resources).toEqual([
      {
        resources: PAGES,
        matches: ['http://127.0.0.1/*', 'http://localhost/*'],
      },
    ]);
  });
});

describe('the running extension in Chromium', () => {
  let browser: ExtensionBrowser;
  beforeAll(async () => {
    browser = await launchExtension();
  });
  afterAll(() => browser?.close());

  it('has no listener for messages or connections from outside the extension', async () => {
    const listening = await browser.inWorker(() => {
      const runtime = (
        globalThis as unknown as {
          chrome: { runtime: Record<string, { hasListeners(): boolean }> };
        }
      ).chrome.runtime;
      return {
        external: runtime.onMessageExternal?.hasListeners() ?? false,
        externalConnect: runtime.onConnectExternal?.hasListeners() ?? false,
        internal: runtime.onMessage?.hasListeners() ?? false,
      };
    }, undefined);
    expect(listening).toEqual({ external: false, externalConnect: false, internal: true });
  });
});
