// The report sanitiser (lib/report-document.ts: DOMPurify plus our hooks and CSS cleaning) run in
// real Chromium, where mutation XSS happens; happy-dom does not implement enough of the DOM for
// DOMPurify to be judged there. Over the whole XSS corpus: the output carries nothing that runs,
// loads or links anywhere but absolute web addresses, and sanitising it again removes nothing (a
// fixed point: parse → clean → serialise → parse finds nothing more to clean).
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from '@/simulator/report-html';
import { chromiumPath } from '../../scripts/browser-paths';
import { xssVectors } from '../support/xss-vectors';

let browser: Browser;
let page: Page;

interface Verdict {
  doc: string;
  secondPassRemoved: number;
  problems: string[];
}

beforeAll(async () => {
  const bundled = await build({
    stdin: {
      contents: `import DOMPurify from 'dompurify';
        import { reportDocument, sanitizeReport, countRemoteResources } from './lib/report-document';
        window.vhr = { DOMPurify, reportDocument, sanitizeReport, countRemoteResources };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  });
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  page = await browser.newPage();
  await page.setContent('<!doctype html><title>sanitiser</title>');
  await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
});
afterAll(() => browser?.close());

/** Sanitises in the page, sanitises the result again, and lists what the result still carries. */
function judge(html: string, allowRemote = false): Promise<Verdict> {
  return page.evaluate(
    ([html, allowRemote]) => {
      const { DOMPurify, reportDocument, sanitizeReport } = (window as unknown as { vhr: never }).vhr as {
        DOMPurify: unknown;
        reportDocument: (h: string, t: unknown, o: { allowRemote: boolean }) => string;
        sanitizeReport: (h: string, t: unknown, o: { allowRemote: boolean }) => string;
      };
      const tools = { purify: DOMPurify, parser: new DOMParser() };
      const doc = reportDocument(html, tools, { allowRemote });
      const once = sanitizeReport(html, tools, { allowRemote });
      const twice = sanitizeReport(once, tools, { allowRemote });
      // A fixed point: cleaning the cleaned markup again (DOMPurify parses it afresh) gives the same markup.
      const secondPassRemoved = twice === once ? 0 : 1;
      const problems: string[] = [];
      const parsed = new DOMParser().parseFromString(doc, 'text/html');
      for (const el of parsed.querySelectorAll('*')) {
        const tag = el.localName;
        if (/^(script|iframe|frame|object|embed|base|link|portal|applet|animate|set)$/.test(tag))
          problems.push(`<${tag}>`);
        if (tag === 'meta' && el.parentElement?.localName !== 'head') problems.push('<meta> in body');
        for (const { name, value } of el.attributes) {
          if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
          if (/^\s*(javascript|vbscript|data:text)/i.test(value))
            problems.push(`${tag}[${name}=${value.slice(0, 30)}]`);
          if (
            (name === 'href' || name === 'xlink:href') &&
            !/^https?:\/\//i.test(value) &&
            !value.startsWith('#')
          )
            problems.push(`${tag}[${name}=${value.slice(0, 30)}]`);
          if (
            name === 'src' &&
            !(tag === 'img' && (/^data:image\//i.test(value) || (allowRemote && /^https?:/i.test(value))))
          )
            problems.push(`${tag}[src=${value.slice(0, 30)}]`);
          if (['action', 'formaction', 'srcset', 'poster', 'background', 'ping', 'srcdoc'].includes(name))
            problems.push(`${tag}[${name}]`);
        }
        const css = tag === 'style' ? el.textContent : el.getAttribute('style');
        if (css && /@import|url\(\s*['"]?\s*(?!data:)|image-set|\\/i.test(css))
          problems.push(`css: ${css.slice(0, 40)}`);
        if (
          (tag === 'a' || tag === 'area') &&
          el.hasAttribute('href') &&
          el.getAttribute('rel') !== 'noopener noreferrer'
        )
          problems.push(`${tag} without rel`);
      }
      return { doc, secondPassRemoved, problems };
    },
    [html, allowRemote] as const,
  );
}

describe('report sanitiser in Chromium', () => {
  const report = renderReportHtml({
    provider: 'providerA',
    id: '1',
    vin: '1G1PG5SC3C7167133',
    yearMakeModel: '2012 Chevrolet Cruze LT',
    records: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    origin: 'http://127.0.0.1:8787',
  });

  it('keeps the report (sections, tables, styles, data images) and links out only to the web, in a new tab', async () => {
    const { doc, problems } = await judge(report);
    expect(problems).toEqual([]);
    expect(doc).toContain('Vehicle History Report');
    expect(doc).toContain('<table');
    expect(doc).toContain('style="');
    expect(doc).toContain('data:image/svg+xml');
    expect(doc).toMatch(
      /href="https:\/\/example.com\/help" target="_blank" rel="noopener noreferrer"|href="https:\/\/example.com\/help" rel="noopener noreferrer" target="_blank"/,
    );
    const head = doc.slice(0, doc.indexOf('</head>'));
    expect(head).toContain(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'",
    );
    expect(head).toContain('name="referrer" content="no-referrer"');
  });

  it('lets remote images in (and only images) when the user switches them on', async () => {
    const html =
      '<img src="https://img.example/car.jpg"><link rel="stylesheet" href="https://css.example/a.css"><div style="background:url(https://css.example/b.png)"></div><style>@import "https://css.example/c.css";</style><video poster="https://img.example/p.jpg"></video>';
    const off = await judge(html, false);
    expect(off.problems).toEqual([]);
    expect(off.doc).not.toMatch(/https:\/\/(img|css)\.example/);
    const on = await judge(html, true);
    expect(on.problems).toEqual([]);
    expect(on.doc).toContain('src="https://img.example/car.jpg"');
    expect(on.doc).not.toMatch(/css\.example|p\.jpg/);
    const count = await page.evaluate((h) => {
      const { countRemoteResources } = (
        window as unknown as { vhr: { countRemoteResources(h: string, p: DOMParser): number } }
      ).vhr;
      return countRemoteResources(h, new DOMParser());
    }, html);
    expect(count).toEqual({ images: 1, others: 4 });
  });

  it('holds over the whole XSS corpus: nothing runs, loads or links out of bounds, and a second pass removes nothing', async () => {
    const vectors = xssVectors('http://127.0.0.1:1/__sim/beacon');
    const failures: string[] = [];
    let notFixed = 0;
    for (const vector of vectors) {
      const verdict = await judge(`<html><head><title>t</title></head><body>${vector.html}</body></html>`);
      if (verdict.problems.length) failures.push(`${vector.id}: ${verdict.problems.join(', ')}`);
      if (verdict.secondPassRemoved > 0) {
        notFixed++;
        failures.push(`${vector.id}: not at a fixed point`);
      }
    }
    console.log(
      `[report-sanitiser] ${vectors.length} vectors in Chromium: ${failures.length} with something left, ${notFixed} not at a fixed point`,
    );
    expect(failures).toEqual([]);
    expect(notFixed).toBe(0);
  });
});
