// Launches Debian's Firefox ESR with the built extension installed, through puppeteer-core over
// WebDriver BiDi (shared/toolchain.md). Firefox refuses to let automation navigate to
// moz-extension:// pages, so extension pages are opened by a loopback page navigating itself to
// them; the test build lists them in web_accessible_resources for that (wxt.config.ts).
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_EXTENSION_DIR, firefoxPath, SCREENSHOT_DIR } from './browser-paths';
import { saveSettingsMessage } from './wire-message';

// A fixed internal UUID, so the tests know the extension's origin before it starts.
const EXTENSION_ID = 'vin-history-lens@example.com';
const UUID = '5f0c1a52-7d3e-4b8a-9e61-2c4d8f7a9b10';

interface BidiTreeNode {
  context: string;
  url: string;
  children?: BidiTreeNode[];
}
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

export interface FirefoxExtension {
  browser: Browser;
  /** "moz-extension://<uuid>" */
  origin: string;
  /**
   * Opens an extension page in a new tab: `launcher` (any loopback page) is loaded first and then
   * navigates itself there. Puppeteer sees no navigation events inside extension pages, so wait
   * with `page.waitForFunction`, not with navigation or selector-visibility helpers that rely on them.
   */
  openPage(path: string, launcher: string, options?: { phone?: boolean }): Promise<Page>;
  /**
   * Makes a tab phone-sized before it loads anything: a 360x640 viewport and a 360x640 screen
   * (WebDriver BiDi's emulation.setScreenSettingsOverride, which Firefox 153 implements), as Firefox
   * for Android shows pages. BiDi has no touch or coarse-pointer emulation in Firefox.
   */
  asPhone(page: Page): Promise<void>;
  /** The documents shown by a page's iframes (e.g. a report in its sandbox), read through BiDi. */
  childFrames(page: Page): Promise<Array<{ url: string; evaluate(expression: string): Promise<unknown> }>>;
  screenshot(page: Page, name: string): Promise<void>;
  /** Stores the service URL and key through the background (checked against the service). */
  configure(serviceUrl: string, apiKey: string, launcher: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Names a Firefox profile started once and closed (`makeFirefoxProfileTemplate`, made once per e2e
 * run by test/e2e/support/global-setup.ts): when set, each launch starts from a copy of it instead of
 * an empty profile, sparing Firefox the compiling of its own interface's scripts and the making of
 * its databases (8.6 CPU-s a launch against 5.5; the 11 Firefox e2e files 335 CPU-s against 226).
 * The copy holds no extension, page or setting of a test: each launch installs the extension anew.
 */
export const FIREFOX_PROFILE_TEMPLATE = 'VHL_FIREFOX_PROFILE_TEMPLATE';

/** Starts Firefox once on a new profile and closes it; returns the profile's folder. */
export async function makeFirefoxProfileTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vhl-firefox-template-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    userDataDir: dir,
  });
  await (await browser.newPage()).goto('about:blank');
  await browser.close();
  return dir;
}

/** A new folder holding a copy of the template profile, when the run made one. */
function copyOfTemplate(): string | undefined {
  const template = process.env[FIREFOX_PROFILE_TEMPLATE];
  if (!template) return undefined;
  const profile = mkdtempSync(join(tmpdir(), 'vhl-firefox-'));
  cpSync(template, profile, { recursive: true });
  return profile;
}

/**
 * `colorScheme: 'dark'` makes pages see `prefers-color-scheme: dark` (Firefox's own setting: over
 * WebDriver BiDi there is no media emulation).
 */
export async function launchFirefoxExtension(
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<FirefoxExtension> {
  // Without a template puppeteer makes a new profile and removes it on close; a copy is removed here.
  const profile = copyOfTemplate();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    ...(profile ? { userDataDir: profile } : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [EXTENSION_ID]: UUID }),
      // permissions.request answered yes without a prompt (Firefox's own test setting): the viewer's
      // complete copy asks for its hosts in a click, and the prompt cannot be clicked under automation.
      'extensions.webextOptionalPermissionPrompts': false,
      // 0 dark, 1 light: what pages are told, whatever the desktop uses.
      'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1,
    },
  });
  await browser.installExtension(FIREFOX_EXTENSION_DIR);
  const origin = `moz-extension://${UUID}`;
  const bidi = (browser as unknown as { connection: BidiConnection }).connection;
  // A page's BiDi browsing-context id: puppeteer keeps it on the frame's `_id` and offers no public
  // getter; it is needed to reach the report's sandboxed frame, which puppeteer does not list.
  const contextOf = (page: Page) => (page.mainFrame() as unknown as { _id: string })._id;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  const extension: FirefoxExtension = {
    browser,
    origin,
    async openPage(path, launcher, options) {
      const page = await browser.newPage();
      if (options?.phone) await extension.asPhone(page);
      await page.goto(launcher);
      await page.evaluate((url) => {
        location.href = url;
      }, `${origin}/${path}`);
      await page.waitForFunction(
        (o) => location.origin === o && document.readyState === 'complete',
        {},
        origin,
      );
      return page;
    },
    async asPhone(page) {
      await page.setViewport({ width: 360, height: 640 });
      await bidi.send('emulation.setScreenSettingsOverride', {
        screenArea: { width: 360, height: 640 },
        contexts: [contextOf(page)],
      });
    },
    async childFrames(page) {
      const { result } = await bidi.send('browsingContext.getTree', { root: contextOf(page) });
      const [top] = (result as { contexts: BidiTreeNode[] }).contexts;
      return (top?.children ?? []).map((child) => ({
        url: child.url,
        async evaluate(expression: string) {
          const answer = await bidi.send('script.evaluate', {
            expression,
            target: { context: child.context },
            awaitPromise: true,
          });
          const outcome = answer.result as {
            type: string;
            result?: { value?: unknown };
            exceptionDetails?: unknown;
          };
          if (outcome.type !== 'success') throw new Error(`evaluate failed: ${JSON.stringify(outcome)}`);
          return outcome.result?.value;
        },
      }));
    },
    async screenshot(page, name) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `firefox-${name}.png`) });
    },
    async configure(serviceUrl, apiKey, launcher) {
      const page = await extension.openPage('options.html', launcher);
      const answer = await page.evaluate(
        (message) =>
          (
            globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
          ).browser.runtime.sendMessage(message),
        saveSettingsMessage(serviceUrl, apiKey),
      );
      await page.close();
      const result = (answer as { res?: { ok: boolean } }).res;
      if (!result?.ok) throw new Error(`saving the settings failed: ${JSON.stringify(answer)}`);
    },
    async close() {
      await browser.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    },
  };
  return extension;
}
