// Launches Debian's Chromium with the built extension loaded (flags from shared/toolchain.md).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath, EXTENSION_DIR, SCREENSHOT_DIR } from './browser-paths';
import { saveSettingsMessage, wireMessage } from './wire-message';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /**
   * Evaluates in the extension's service worker, waking it first. Chrome stops an idle extension
   * worker (30 s), and Playwright then holds every evaluate on its Worker until the worker runs
   * again (playwright#39476), which nothing in a test may do: a CI run hung 60 s in one.
   */
  inWorker<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg): Promise<R>;
  /**
   * Evaluates in an extension page kept open for the purpose (the loopback build's blank page):
   * `chrome.tabs`, `chrome.action` and storage as the extension sees them, without waking or
   * touching the worker under test.
   */
  inExtensionPage<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg): Promise<R>;
  /** Opens an extension page (popup.html, options.html, report.html?...) as a tab. */
  openPage(path: string): Promise<Page>;
  /**
   * Saves a service URL and key the way the options page does (a saveSettings message from an
   * extension page, checked against the service): the key lives in the background's own store.
   */
  configure(serviceUrl: string, apiKey: string): Promise<void>;
  /** The browser's tab id of a page (as the extension sees it). */
  tabIdOf(page: Page): Promise<number>;
  /** The toolbar badge's text for a page's tab: the number of VINs the extension lists for it. */
  toolbarText(page: Page): Promise<string>;
  /** The service worker's used JS heap in MB (CDP Runtime.getHeapUsage on its target). */
  workerHeapMb(): Promise<number>;
  /** Full-page screenshot into test-results/screenshots (git-ignored). */
  /** Saves a screenshot under test-results/screenshots (the whole page unless `fullPage` is false). */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A picture of the page as shown. Chromium refuses a capture now and then ("Unable to capture
 * screenshot": the tab had no frame to give yet; seen once in a full run from a fresh clone): then
 * the page is brought to the front and asked again, twice at most. Nothing else is retried.
 */
export async function capture(page: Page, options: Parameters<Page['screenshot']>[0] = {}): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot(options);
    } catch (error) {
      if (attempt === 3 || !/Unable to capture screenshot/.test(String(error))) throw error;
      await page.bringToFront();
      await page.waitForTimeout(200);
    }
  }
}

export interface LaunchOptions {
  /** The unpacked extension to load; default the loopback test build. */
  extensionDir?: string;
  /** Default true; `npm start` opens a window when the machine has a display. */
  headless?: boolean;
  /**
   * A phone: every page 360x640 CSS px at 2x with a mobile viewport and touch events. Blink's
   * pointer stays "fine" with these: a test that needs `(pointer: coarse)` turns on DevTools' touch
   * emulation in its tab (test/e2e/phone.test.ts).
   */
  phone?: boolean;
  /** More Chromium flags, after CHROMIUM_ARGS (bench:feed maps a second host name to 127.0.0.1). */
  args?: string[];
  /**
   * A profile to open again (a browser restart: bench:popup); kept on close. Default: a new
   * profile of its own, removed on close.
   */
  userDataDir?: string;
}

/**
 * The flags every Chromium the tests and benchmarks launch shares; with the extension, its two
 * flags come on top. bench:feed launches its browser "without the extension" from these too, with a
 * profile of its own like this one, so the two differ in the extension alone.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'vhl-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    ...(options.phone ? PHONE : {}),
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...CHROMIUM_ARGS,
      ...(options.args ?? []),
      `--disable-extensions-except=${options.extensionDir ?? EXTENSION_DIR}`,
      `--load-extension=${options.extensionDir ?? EXTENSION_DIR}`,
    ],
  });
  const worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const extensionId = new URL(worker.url()).host;
  // The first run opens the options page's welcome tab (onboarding.ts) a moment after the worker
  // starts: waited for here, so it never lands in front of a page a test has opened since (a page
  // behind another tab gets no frames: no ResizeObserver, no animation frame, no badge placed).
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if (context.pages().some((p) => p.url().includes('welcome=1'))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let probe: Page | undefined;
  const extensionPage = async () => {
    if (!probe || probe.isClosed()) {
      probe = await context.newPage();
      await probe.goto(`chrome-extension://${extensionId}/test-blank.html`);
    }
    return probe;
  };
  const browser: ExtensionBrowser = {
    context,
    extensionId,
    async inWorker<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg) {
      // Any message wakes a stopped worker; this one reads nothing from the service.
      await browser.inExtensionPage(
        (message) =>
          (
            globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
          ).chrome.runtime.sendMessage(message),
        wireMessage('getProviderNames'),
      );
      return worker.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
    },
    async inExtensionPage<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg) {
      return (await extensionPage()).evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
    },
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async configure(serviceUrl, apiKey) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      const answer = await page.evaluate(
        (message) =>
          (
            globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
          ).chrome.runtime.sendMessage(message),
        saveSettingsMessage(serviceUrl, apiKey),
      );
      await page.close();
      const result = (answer as { res?: { ok: boolean; error?: { message: string } } }).res;
      if (!result?.ok) throw new Error(`saving the settings failed: ${JSON.stringify(answer)}`);
    },
    async tabIdOf(page) {
      const id = await browser.inExtensionPage(async (url) => {
        const chrome = (
          globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id: number }>> } } }
        ).chrome;
        return (await chrome.tabs.query({ url }))[0]?.id;
      }, page.url());
      if (id === undefined) throw new Error(`no tab shows ${page.url()}`);
      return id;
    },
    async toolbarText(page) {
      const tabId = await browser.tabIdOf(page);
      return browser.inExtensionPage(
        (id) =>
          (
            globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }
          ).chrome.action.getBadgeText({ tabId: id }),
        tabId,
      );
    },
    async workerHeapMb() {
      // Playwright opens CDP sessions on pages only: reach the worker's target through one.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      try {
        const { targetInfos } = (await cdp.send('Target.getTargets')) as {
          targetInfos: Array<{ targetId: string; type: string; url: string }>;
        };
        const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(extensionId));
        if (!target) throw new Error('the service worker is not running');
        const { sessionId } = (await cdp.send('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: false,
        })) as { sessionId: string };
        const answer = new Promise<number>((resolve) =>
          cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
            const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
            if (message.id === 1 && message.result) resolve(message.result.usedSize / 2 ** 20);
          }),
        );
        await cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
        });
        return await answer;
      } finally {
        await cdp.detach();
        await page.close();
      }
    },
    async screenshot(page, name, options) {
      await capture(page, {
        path: join(SCREENSHOT_DIR, `chromium-${name}.png`),
        fullPage: options?.fullPage ?? true,
      });
    },
    async close() {
      await context.close();
      if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  return browser;
}
