// A plain Chromium page running the project's own modules, bundled from `entry` (a module whose
// imports resolve from the repository root): for the parts that need a real browser's DOM
// (DOMPurify, CSS parsing) but not the extension around them.
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../../scripts/browser-paths';

export async function bundlePage(entry: string, title: string): Promise<{ browser: Browser; page: Page }> {
  const bundled = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><title>${title}</title>`);
  await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
  return { browser, page };
}
