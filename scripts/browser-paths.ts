// Where the browsers, the built extension and the test artifacts are.
import { fileURLToPath } from 'node:url';
import { browserPath } from './find-browsers.mjs';

/** The Chromium or Chrome `ensure-browsers.mjs` found (CHROME_PATH, known paths, then PATH). */
export const chromiumPath = () => browserPath('chromium');
/** The Firefox `ensure-browsers.mjs` found (FIREFOX_PATH, known paths, then PATH). */
export const firefoxPath = () => browserPath('firefox');
export const EXTENSION_DIR = fileURLToPath(new URL('../.output/chrome-mv3-loopback', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-results/screenshots', import.meta.url));
/** The Firefox test build (`wxt build -b firefox --mv3 --mode loopback`). */
export const FIREFOX_EXTENSION_DIR = fileURLToPath(
  new URL('../.output/firefox-mv3-loopback', import.meta.url),
);
