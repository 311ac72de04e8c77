// Where the browsers, the built extension and the test artifacts are.
import { fileURLToPath } from 'node:url';

export const chromiumPath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const EXTENSION_DIR = fileURLToPath(new URL('../.output/chrome-mv3-loopback', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-results/screenshots', import.meta.url));
export const FIXTURE_DIR = fileURLToPath(new URL('../test/fixtures', import.meta.url));
/** The Firefox test build (`wxt build -b firefox --mv3 --mode loopback`). */
export const FIREFOX_EXTENSION_DIR = fileURLToPath(
  new URL('../.output/firefox-mv3-loopback', import.meta.url),
);
