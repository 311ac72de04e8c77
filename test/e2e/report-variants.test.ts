// Key facts of the report fixtures modelled on each real generation of both providers' layouts,
// read by the extractor with each browser's own DOMParser, as the library page reads them: Chromium's
// and Firefox's (the 2024 providerB accident table is invalid markup whose rows only a spec parser
// keeps: docs/report-evidence.md §4). Expected facts: test/support/report-variants.ts (hand-read).
// And issue 55's trap, a row hidden by the report's own stylesheet class before the visible one
// (support/report-hidden-rows.ts): each engine's own element.matches() decides the cascade.
import { build } from 'esbuild';
import puppeteer, { type Browser as FirefoxBrowser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';
import { firefoxPath } from '../../scripts/browser-paths';
import { bundlePage } from '../support/bundle-page';
import { HIDING_FORMS, hiddenCopyTrap } from '../support/report-hidden-rows';
import { factValues, REPORT_VARIANTS, variantHtml } from '../support/report-variants';

const ENTRY = `import { extractFacts } from './lib/reports/facts/extract-facts';
window.readFacts = (html) => extractFacts(new DOMParser().parseFromString(html, 'text/html'));`;
type Read = (html: string) => Promise<ReportFacts>;
const readers: Record<string, Read> = {};
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const chromium = await bundlePage(ENTRY, 'facts');
  closers.push(() => chromium.browser.close());
  readers.Chromium = (html) =>
    chromium.page.evaluate(
      (h) => (window as unknown as { readFacts: (x: string) => ReportFacts }).readFacts(h),
      html,
    );

  const bundled = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const firefox: FirefoxBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
  });
  closers.push(() => firefox.close());
  const page = await firefox.newPage();
  await page.setContent('<!doctype html><title>facts</title>');
  await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
  readers.Firefox = (html) =>
    page.evaluate((h) => (window as unknown as { readFacts: (x: string) => ReportFacts }).readFacts(h), html);
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(['Chromium', 'Firefox'])("%s's DOMParser", (browser) => {
  it.each(REPORT_VARIANTS)(
    '$file: every fact the report states, nothing it does not',
    async ({ file, expected }) => {
      const facts = await (readers[browser] as Read)(variantHtml(file));
      expect(factValues(facts)).toEqual(expected);
    },
  );
});

describe.each(['Chromium', 'Firefox'])("%s: facts only from what the report's own styles show", (browser) => {
  it('a hidden "No Issues Reported" copy of the accident row before the visible one: 2 accidents, severe', async () => {
    const facts = await (readers[browser] as Read)(hiddenCopyTrap());
    expect(facts.accidents?.value).toEqual({ count: 2, worst: 'severe' });
  });

  it("the copy hidden by every form of the report's own styles (issue 63): 2 accidents, severe", async () => {
    for (const [form, css] of Object.entries(HIDING_FORMS)) {
      const facts = await (readers[browser] as Read)(hiddenCopyTrap(css));
      expect(facts.accidents?.value, form).toEqual({ count: 2, worst: 'severe' });
    }
  });
});
