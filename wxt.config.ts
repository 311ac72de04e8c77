import { readFileSync } from 'node:fs';
import { marked } from 'marked';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { BUILT_IN_SITES, sitePatterns } from './lib/sites/sites';
import { PACKED_WMI_PREFIXES } from './lib/vin/wmi-prefixes';

// Loopback pages get the content script only in the `loopback` build used by the e2e tests and `npm start` (`--mode loopback`), so the
// store build never runs on the user's own local pages.
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/** The simulator's providers' CDN and font host (simulator/cdn-server.ts), and NHTSA's stand-in (simulator/nhtsa/). */
const TEST_STAND_IN_HOSTS = ['http://127.0.0.3/*', 'http://127.0.0.4/*', 'http://127.0.0.5/*'];
/** Entrypoints for the tests only (named test-*): left out of the store builds. */
const isTestOnly = (name: string) => name.startsWith('test-');
/** Entrypoints built without webextension-polyfill (see the vite:build:extendConfig hook). */
const NO_POLYFILL = new Set(['content-script', 'background', 'unlisted-script']);
/** The toolbar and the extensions page (public/icon/<size>.png, drawn by `npm run icons`). */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };

/**
 * PRIVACY.md as a page of the extension (privacy.html), so the policy the stores link to is also the
 * one the user can read offline from the options and the popup. Rendered at build time: the
 * Markdown is ours, and the page runs no script.
 */
function privacyPage(): string {
  const body = marked.parse(readFileSync('PRIVACY.md', 'utf8'), { async: false });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Privacy policy · VIN History Lens</title>
    <style>
      :root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
      body { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
      table { border-collapse: collapse; } th, td { border: 1px solid #8886; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
      code { font-size: 0.9em; }
    </style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/** What the sources archive leaves out: everything git ignores (build output, test results, logs). */
const GIT_IGNORED = readFileSync('.gitignore', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => (line.endsWith('/') ? `${line}**` : line.startsWith('*') ? `**/${line}` : line));
const FIREFOX_TEST_PAGES = [
  'popup.html',
  'options.html',
  'report.html',
  'confirm.html',
  'library.html',
  'workbench.html',
];

/**
 * The popup runs no module of its own (entrypoints/popup-first.tsx loads two self-contained scripts,
 * for speed), yet WXT adds a module script to every page to start WXT runtime plugins; this project
 * has none, so it would start nothing and only be one more file the browser serves before the popup
 * paints (10-15 ms of about 50, bench:popup).
 */
const popupWithoutModules: Plugin = {
  name: 'vhl:popup-without-modules',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) =>
      context.filename.endsWith('entrypoints/popup/index.html')
        ? html.replace(/<script type="module"[^>]*virtual_wxt-html-plugins[^>]*><\/script>\s*/, '')
        : html,
  },
};

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [popupWithoutModules] }),
  // `npm run build:analyze`: per-module sizes of every bundle (raw data for scripts/bundle-report.mjs).
  analysis: { template: 'raw-data', keepArtifacts: true, outputFile: '.output/analysis/stats.json' },
  manifest: ({ browser }) => ({
    name: 'VIN History Lens',
    icons: ICONS,
    action: { default_icon: { 16: ICONS[16], 32: ICONS[32], 48: ICONS[48] } },
    description: 'Finds VINs on car-listing sites and shows their vehicle history from your report service.',
    // storage: the key, settings and caches. activeTab: the popup may read the current tab's address
    // (to offer detection there) only when the user opens it. scripting: detection on sites the user adds.
    // contextMenus: "Check VIN records" on selected text. alarms: purchases whose answer was lost are
    // checked again minutes later, whether or not the service worker was stopped in between.
    // dns (Firefox only, no install warning): a complete copy's host names are resolved first, and one
    // leading to this computer or its network is refused (lib/reports/offline/download-copy.ts).
    permissions: [
      'storage',
      'activeTab',
      'scripting',
      'contextMenus',
      'alarms',
      ...(browser === 'firefox' ? ['dns'] : []),
    ],
    // Asked for only when the user turns on news of watched vehicles (options page, issue 45).
    optional_permissions: ['notifications'],
    // No web page and no other extension may message the background.
    externally_connectable: { ids: [], matches: [] },
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+V' }, description: 'Open VIN History Lens' },
    },
    // The embedded default service is the local simulator; real services are granted at save time.
    // The listing sites the content script runs on: Chrome lets the background inject a badge's panel
    // there (scripting.executeScript, on the first click) only under a host permission, which the
    // content script's matches do not give; the install warning names the same sites either way.
    host_permissions: ['http://127.0.0.1/*', ...BUILT_IN_SITES.flatMap(sitePatterns)],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'vin-history-lens@example.com',
              // 140 is the first Firefox (142 on Android) that reads data_collection_permissions.
              strict_min_version: '140.0',
              // What leaves the browser, in Mozilla's categories: the API key with every request
              // (authenticationInfo) and VINs read from pages when the user checks or buys them
              // (websiteContent), to the service the user configured and nowhere else. Required:
              // the extension does nothing without its service. See README, "Privacy".
              data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
  zip: { excludeSources: GIT_IGNORED },
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push({ relativeDest: 'privacy.html', contents: privacyPage() });
      // The background's manufacturer codes, as data it reads on first use (background/sites/wmi-file.ts).
      files.push({ relativeDest: 'wmi-prefixes.txt', contents: PACKED_WMI_PREFIXES });
    },
    // The content script, the badge panel and the background use the browser's own promise-based API
    // (WXT's plain \`browser\`: Firefox's \`browser\`, else Chrome's \`chrome\`, promise-based in MV3)
    // instead of webextension-polyfill: 2.9 KB gzip of each budget spent on wrapping APIs that are
    // promise-based already. The one place they differ, an answer to a message, is handled by the
    // background's receiver (lib/messaging/message-receiver.ts). The pages keep the polyfill
    // (@webext-core/messaging, which they send with, is built on it).
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((entrypoint) => NO_POLYFILL.has(entrypoint.type))) return;
      const alias = config.resolve?.alias ?? {};
      const entries = Array.isArray(alias)
        ? alias
        : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
      config.resolve = {
        ...config.resolve,
        alias: [
          { find: /^wxt\/browser$/, replacement: '@wxt-dev/browser' },
          ...entries.filter((entry) => entry.find !== 'wxt/browser'),
        ],
      };
    },
    // Test builds only: the storage probe (a content script that plays a compromised one) and the
    // blank page bench:popup measures the popup against. Taken out of the list rather than marked
    // skipped, which had every `npm ci` and build print a warning a newcomer must wonder about.
    'entrypoints:resolved': (wxt, entrypoints) => {
      if (wxt.config.mode === 'loopback') return;
      for (let i = entrypoints.length - 1; i >= 0; i--)
        if (isTestOnly(entrypoints[i]?.name ?? '')) entrypoints.splice(i, 1);
    },
    'build:manifestGenerated': (wxt, manifest) => {
      if (wxt.config.mode !== 'loopback') return;
      for (const script of manifest.content_scripts ?? [])
        if (!script.js?.some((file) => /(^|\/)test-/.test(file)))
          script.matches = [...(script.matches ?? []), ...LOOPBACK];
      // The demo's second site is localhost (simulator/demo/dealer-two.html): a badge's panel is
      // injected there under a host permission, as on the listing sites.
      manifest.host_permissions = [...(manifest.host_permissions ?? []), 'http://localhost/*'];
      // Chromium's permission prompt cannot be answered under automation (no DevTools command reaches
      // it: puppeteer#5054, playwright#32755, devtools-protocol#76), so the Chromium test build holds
      // the simulator's CDN and font host (simulator/cdn-server.ts) and NHTSA's stand-in as granted: the
      // consent clicks still call permissions.request, which the browser answers at once (NHTSA's
      // facts also wait for the user's own "Turn on": background/nhtsa/nhtsa-hosts.ts). The Firefox test
      // profile answers the real request instead (scripts/firefox.ts), and can withdraw it.
      if (wxt.config.browser !== 'firefox')
        manifest.host_permissions = [...(manifest.host_permissions ?? []), ...TEST_STAND_IN_HOSTS];
      // Firefox refuses to navigate to moz-extension:// pages under automation; the e2e tests open them
      // from a loopback page instead, which only works for web-accessible pages. Test builds only: the
      // store builds expose nothing to pages (asserted in test/e2e/manifest-audit.test.ts).
      if (wxt.config.browser === 'firefox')
        manifest.web_accessible_resources = [{ resources: [...FIREFOX_TEST_PAGES], matches: LOOPBACK }];
    },
  },
});
