// `npm run icons`: renders assets/icon.svg to the PNGs both manifests list (public/icon/<size>.png)
// and docs/icon-preview.png (each size on a light and a dark toolbar, with a count badge over it).
// The PNGs are committed; run this after changing the SVG. Chromium draws them (no image library).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from './browser-paths';

const svg = readFileSync(new URL('../assets/icon.svg', import.meta.url), 'utf8');
const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
/**
 * The artwork fills the small sizes; at 128 px it is 96 px with 16 px of transparent padding on each
 * side, as the Chrome Web Store asks of a store icon.
 */
const SIZES: Record<number, number> = { 16: 0, 32: 0, 48: 0, 128: 16 };

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
const page = await browser.newPage();
mkdirSync(new URL('../public/icon', import.meta.url), { recursive: true });
const rendered = new Map<number, string>();
for (const [size, pad] of Object.entries(SIZES).map(([s, p]) => [Number(s), p] as const)) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html style="background:transparent"><body style="margin:0"><img src="${src}" style="display:block;margin:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body></html>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const png = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  writeFileSync(new URL(`../public/icon/${size}.png`, import.meta.url), png);
  rendered.set(size, `data:image/png;base64,${png.toString('base64')}`);
  console.log(`public/icon/${size}.png (${png.length} bytes)`);
}

// The preview: each PNG just written, at 1x, on a light and a dark toolbar, and the 16 px one under a
// toolbar count badge.
const cell = (size: number) =>
  `<figure><img src="${rendered.get(size)}" width="${size}" height="${size}"><figcaption>${size}</figcaption></figure>`;
const badged = `<figure><span class="badged"><img src="${rendered.get(16)}" width="16" height="16"><b>25</b></span><figcaption>16 + count</figcaption></figure>`;
const bar = (theme: string) =>
  `<div class="bar ${theme}">${[16, 32, 48].map(cell).join('')}${badged}${cell(128)}</div>`;
await page.setViewportSize({ width: 560, height: 380 });
await page.setContent(`<html><head><style>
  body { margin: 0; font: 12px system-ui, sans-serif; }
  .bar { display: flex; align-items: end; gap: 28px; padding: 20px 24px; }
  .light { background: #f1f3f4; color: #202124; } .dark { background: #202124; color: #e8eaed; }
  figure { margin: 0; text-align: center; } figcaption { margin-top: 6px; }
  .badged { position: relative; display: inline-block; width: 16px; height: 16px; }
  .badged b { position: absolute; right: -8px; bottom: -5px; background: #0b57d0; color: #fff;
    font: 700 8px/10px system-ui, sans-serif; padding: 0 2px; border-radius: 2px; }
</style></head><body>${bar('light')}${bar('dark')}</body></html>`);
await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
const preview = await page.screenshot({ fullPage: true });
writeFileSync(new URL('../docs/icon-preview.png', import.meta.url), preview);
console.log('docs/icon-preview.png');
await browser.close();
