// What reaches the Chrome Web Store and Firefox Add-ons: the packages `npm run package` writes (npm
// test runs it before the e2e tier). Each carries real icons of their sizes, the privacy policy as a
// page that runs nothing, and not one test-only file; the sources archive leaves out what git
// ignores; the store listing's summary is the manifest's description.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const zipPath = (kind: string) => join(ROOT, '.output', `${name}-${version}-${kind}.zip`);
const SIZES = [16, 32, 48, 128];

async function openZip(kind: string): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(readFileSync(zipPath(kind)));
  } catch (error) {
    throw new Error(`${zipPath(kind)}: run npm run package first (${String(error)})`);
  }
}

/** Width and height from a PNG's header (signature, then the IHDR chunk). */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) return null;
  if (new TextDecoder().decode(bytes.slice(12, 16)) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// Anything only the tests use: the storage probe, the benchmark's blank page, fixture pages and
// test results. The store packages must not carry one.
const TEST_ONLY = /(^|\/)test-|fixtures\/|test-results\/|probe\.html/;

describe.each(['chrome', 'firefox'])('the %s package', (kind) => {
  let zip: JSZip;
  let manifest: {
    description: string;
    icons?: Record<string, string>;
    action?: { default_icon?: Record<string, string> };
    browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[] } } };
  };
  beforeAll(async () => {
    zip = await openZip(kind);
    manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
  });

  it('has an icon at 16, 32, 48 and 128 px for the toolbar and the stores, each a real PNG of its size', async () => {
    expect(Object.keys(manifest.icons ?? {}).map(Number)).toEqual(SIZES);
    expect(manifest.action?.default_icon).toEqual({
      16: 'icon/16.png',
      32: 'icon/32.png',
      48: 'icon/48.png',
    });
    for (const size of SIZES) {
      const file = zip.file(manifest.icons?.[size] ?? '');
      expect(file, `icon ${size}`).not.toBeNull();
      expect(pngSize(await file!.async('uint8array'))).toEqual({ width: size, height: size });
    }
  });

  it('bundles the privacy policy as a page that runs nothing and loads nothing', async () => {
    const html = await zip.file('privacy.html')!.async('string');
    expect(html).toContain('Privacy policy of VIN History Lens');
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toMatch(/Only to\s+the report service at the address you entered/);
    expect(text).toMatch(/sends nothing to us/);
    expect(html).not.toMatch(/<script|\s(src|href)="(https?:)?\/\//i);
  });

  it('carries no test-only file', () => {
    const files = Object.keys(zip.files);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => TEST_ONLY.test(file))).toEqual([]);
  });

  it('describes itself in the words of the store listing (at most 132 characters)', () => {
    const summary = readFileSync(join(ROOT, 'store/summary.txt'), 'utf8').trim();
    expect(manifest.description).toBe(summary);
    expect(summary.length).toBeLessThanOrEqual(132);
  });

  it('asks for dns in Firefox only (a complete copy refuses names that lead to this computer), justified in store/permissions.md', () => {
    const permissions = (manifest as { permissions?: string[] }).permissions ?? [];
    expect(permissions.includes('dns')).toBe(kind === 'firefox');
    expect(readFileSync(join(ROOT, 'store/permissions.md'), 'utf8')).toContain(
      '| `dns` (Firefox package only) |',
    );
  });

  if (kind === 'firefox')
    it('declares what leaves the browser: the key and VINs read from pages, to the configured service', () => {
      expect(manifest.browser_specific_settings?.gecko?.data_collection_permissions).toEqual({
        required: ['authenticationInfo', 'websiteContent'],
      });
    });
});

describe('the sources archive for Firefox reviewers', () => {
  it('holds what a rebuild needs and nothing git ignores', async () => {
    const files = Object.keys((await openZip('sources')).files);
    for (const needed of [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'PRIVACY.md',
      'assets/icon.svg',
    ])
      expect(files, needed).toContain(needed);
    expect(
      files.filter((file) => /^(\.output|\.wxt|node_modules|test-results|\.tmp)\/|\.log$/.test(file)),
    ).toEqual([]);
  });
});
