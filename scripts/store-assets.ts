// `npm run store:assets` (after `npm test`, which leaves its screenshots in test-results/): the
// store listing's images in store/, composed from the e2e screenshots of the real extension, and
// docs/chrome-extensions.png, the store build as chrome://extensions shows it. Committed; run again
// when the pages change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, SCREENSHOT_DIR } from './browser-paths';
import { launchExtension } from './chromium';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const dataUrl = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
const icon = `data:image/svg+xml;base64,${readFileSync(root('assets/icon.svg')).toString('base64')}`;

/** The six 1280x800 screenshots: which e2e screenshot, and what it says. */
const SHOTS: Array<[string, string, string]> = [
  [
    '1-listing',
    'chromium-detection-demo-listing.png',
    'Every VIN on the listing gets a badge: the free decode at once, records when you ask',
  ],
  [
    '2-popup',
    'chromium-page-popup-light.png',
    'Credits, allowances and your check-to-report ratio, before you spend anything',
  ],
  [
    '3-confirmation',
    'chromium-page-confirmation-light.png',
    'Nothing is bought without your click in the extension’s own window',
  ],
  ['4-viewer', 'chromium-page-viewer-light.png', 'Reports open in a sandbox: their HTML never runs script'],
  [
    '5-library',
    'chromium-library-compare.png',
    'Every report you hold, searchable, with both providers side by side',
  ],
  [
    '6-workbench',
    'chromium-workbench-light.png',
    'For dealers: paste a run list, check and buy as one careful batch',
  ],
];

const missing = SHOTS.map(([, file]) => `${SCREENSHOT_DIR}/${file}`).filter((file) => !existsSync(file));
if (missing.length) throw new Error(`Run npm test first: missing ${missing.join(', ')}`);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
mkdirSync(root('store/screenshots'), { recursive: true });
for (const [name, file, caption] of SHOTS) {
  await page.setContent(`<html><body style="margin:0;width:1280px;height:800px;background:#eef2f1;font:600 26px system-ui,sans-serif;color:#10302c;display:flex;flex-direction:column;align-items:center">
    <p style="margin:28px 40px 18px;display:flex;gap:14px;align-items:center"><img src="${icon}" width="36" height="36">${caption}</p>
    <img src="${dataUrl(`${SCREENSHOT_DIR}/${file}`)}" style="flex:1;min-height:0;max-width:1200px;object-fit:contain;object-position:top;box-shadow:0 4px 24px #0003;margin-bottom:28px;background:#fff">
  </body></html>`);
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
  writeFileSync(root(`store/screenshots/${name}.png`), await page.screenshot());
  console.log(`store/screenshots/${name}.png`);
}
// The small promotional tile (440x280): the mark, the name, the promise.
await page.setViewportSize({ width: 440, height: 280 });
await page.setContent(`<html><body style="margin:0;width:440px;height:280px;background:linear-gradient(135deg,#0f766e,#115e59);color:#fff;font:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:center;padding:0 36px;box-sizing:border-box">
  <img src="${icon}" width="72" height="72" style="margin-bottom:16px">
  <div style="font:700 30px system-ui,sans-serif">VIN History Lens</div>
  <div style="font:500 17px/1.35 system-ui,sans-serif;margin-top:8px;opacity:.92">Vehicle history beside every VIN on the listing sites you already use.</div>
</body></html>`);
await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
writeFileSync(root('store/promo-tile-440x280.png'), await page.screenshot());
console.log('store/promo-tile-440x280.png');
await browser.close();

// The store build on chrome://extensions: its icon, name, description and version.
const store = await launchExtension({ extensionDir: root('.output/chrome-mv3') });
const extensions = await store.context.newPage();
await extensions.setViewportSize({ width: 1000, height: 560 });
await extensions.goto('chrome://extensions');
await extensions.waitForTimeout(1000);
writeFileSync(root('docs/chrome-extensions.png'), await extensions.screenshot());
console.log('docs/chrome-extensions.png');
await store.close();
