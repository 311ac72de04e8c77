// The report sanitiser (lib/reports/report-document.ts: DOMPurify plus our hooks and CSS cleaning) run in
// real Chromium, where mutation XSS happens; happy-dom does not implement enough of the DOM for
// DOMPurify to be judged there. Over the whole XSS corpus: the output carries nothing that runs,
// loads or links anywhere but absolute web addresses, and sanitising it again removes nothing (a
// fixed point: parse → clean → serialise → parse finds nothing more to clean).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportHtml } from '@/simulator/report-html';
import { bundlePage } from '../support/bundle-page';
import { xssVectors } from '../support/xss-vectors';

let browser: Browser;
let page: Page;

interface Verdict {
  doc: string;
  secondPassRemoved: number;
  problems: string[];
}

beforeAll(async () => {
  ({ browser, page } = await bundlePage(
    `import DOMPurify from 'dompurify';
        import { reportDocument, sanitizeReport, countRemoteResources } from './lib/reports/report-document';
        import { extractFacts } from './lib/reports/facts/extract-facts';
        import { factsBlock } from './lib/reports/facts/facts-block';
        window.vhl = { DOMPurify, reportDocument, sanitizeReport, countRemoteResources, extractFacts, factsBlock };`,
    'sanitiser',
  ));
});
afterAll(() => browser?.close());

/**
 * Sanitises in the page, sanitises the result again, and lists what the result still carries. By
 * default as the viewer draws it: images not loaded drawn as placeholders.
 */
function judge(html: string, allowRemote = false, placeholders = true): Promise<Verdict> {
  return page.evaluate(
    ([html, allowRemote, placeholders]) => {
      type Options = { allowRemote: boolean; placeholders: boolean };
      const { DOMPurify, reportDocument, sanitizeReport } = (window as unknown as { vhl: never }).vhl as {
        DOMPurify: unknown;
        reportDocument: (h: string, t: unknown, o: Options) => string;
        sanitizeReport: (h: string, t: unknown, o: Options) => string;
      };
      const tools = { purify: DOMPurify, parser: new DOMParser() };
      const doc = reportDocument(html, tools, { allowRemote, placeholders });
      const once = sanitizeReport(html, tools, { allowRemote, placeholders });
      const twice = sanitizeReport(once, tools, { allowRemote, placeholders });
      // A fixed point: cleaning the cleaned markup again (DOMPurify parses it afresh) gives the same markup.
      const secondPassRemoved = twice === once ? 0 : 1;
      const problems: string[] = [];
      // A document of its own to let the browser parse CSS in: a stylesheet's rules as it serialises them.
      const scratch = document.implementation.createHTMLDocument('');
      const asRead = {
        sheet(css: string): string {
          const style = scratch.createElement('style');
          style.textContent = css;
          scratch.head.append(style);
          const rules = [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('\n');
          style.remove();
          return rules;
        },
        declarations(css: string): string {
          const div = scratch.createElement('div');
          div.setAttribute('style', css);
          return div.style.cssText;
        },
      };
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
            !value.startsWith('#') &&
            !/^about:srcdoc#[A-Za-z][\w-]*$/.test(value)
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
        // CSS as this browser reads it (its own parser decodes escapes and serialises what it kept):
        // nothing that loads may be left, whatever the spelling in the source.
        const css = tag === 'style' ? el.textContent : el.getAttribute('style');
        if (css) {
          const read = tag === 'style' ? asRead.sheet(css) : asRead.declarations(css);
          if (
            /@import|url\(\s*['"]?\s*(?!data:(?:image|font|application\/(?:x-)?font)|#|['"\s])|image-set|cross-fade|\bsrc\(/i.test(
              read,
            )
          )
            problems.push(`css: ${read.slice(0, 60)}`);
        }
        for (const name of [
          'fill',
          'stroke',
          'filter',
          'clip-path',
          'mask',
          'marker-end',
          'marker-start',
          'marker-mid',
          'cursor',
        ]) {
          const value = el.getAttribute(name);
          if (value && /url\(\s*['"]?\s*(?![#'"\s])/i.test(asRead.declarations(`${name}:${value}`)))
            problems.push(`${tag}[${name}=${value.slice(0, 30)}]`);
        }
        // A link out opens a new tab telling the site nothing; a place in the document (#id) stays.
        const href = el.getAttribute('href');
        if (
          (tag === 'a' || tag === 'area') &&
          href !== null &&
          !/^(about:srcdoc)?#[A-Za-z][\w-]*$/.test(href) &&
          el.getAttribute('rel') !== 'noopener noreferrer'
        )
          problems.push(`${tag} without rel`);
        if (
          (tag === 'a' || tag === 'area') &&
          /^(about:srcdoc)?#/.test(href ?? '') &&
          el.hasAttribute('target')
        )
          problems.push(`${tag}[href=#…] opening elsewhere`);
      }
      return { doc, secondPassRemoved, problems };
    },
    [html, allowRemote, placeholders] as const,
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

  it('keeps what a report looks like: every attribute DOMPurify keeps unless it carries a URL, SVG sprites, tables', async () => {
    // Each element with the attributes real providers' reports carry (issue 34: inline SVG icons with
    // viewBox and path data, <use> sprites, colspan tables, sized images), and those that load.
    const html = `<table width="100%" cellpadding="4" border="0"><tr><th colspan="2" align="left" valign="top">Owner 1</th><td rowspan="2" nowrap bgcolor="#eee">x</td></tr></table>
<img id="logo" width="40" height="40" alt="logo" src="data:image/png;base64,iVBORw0KGgo=">
<svg id="icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b5cad"/></linearGradient><clipPath id="c1"><rect width="24" height="24" rx="4"/></clipPath></defs><path d="M12 2a10 10 0 1 0 0 20z" fill="url(#g1)" stroke="#fff" stroke-width="1.5" clip-path="url(#c1)" fill-rule="evenodd" transform="translate(1 1)"/><circle cx="12" cy="12" r="3" fill="currentColor" opacity=".5"/><polygon points="1,2 3,4 5,6"/></svg>
<svg style="display:none"><symbol id="icon-owner" viewBox="0 0 16 16"><path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"/></symbol></svg>
<svg class="sprite" width="16" height="16"><use href="#icon-owner"/><use xlink:href="#icon-owner"/><use href="https://cdn.example/sprite.svg#icon-owner"/></svg>
<svg id="remote" width="10" height="10"><rect width="10" height="10" fill="url(https://cdn.example/p.svg#p)" filter="url(#f1)" mask="url(https://cdn.example/m.svg#m)"/></svg>
<font color="red" size="2" face="Arial">x</font><hr noshade size="1"><ol start="3" type="a"><li value="4">x</li></ol>`;
    const { doc, problems } = await judge(html);
    expect(problems).toEqual([]);
    const kept = await page.evaluate((doc) => {
      const parsed = new DOMParser().parseFromString(doc, 'text/html');
      const attrs = (selector: string) =>
        [...(parsed.querySelector(selector)?.attributes ?? [])].map((a) => `${a.name}=${a.value}`).sort();
      return {
        th: attrs('th'),
        td: attrs('td'),
        table: attrs('table'),
        img: attrs('#logo'),
        svg: attrs('#icon'),
        path: attrs('#icon path'),
        circle: attrs('#icon circle'),
        gradient: parsed.querySelectorAll('#icon linearGradient stop, #icon clipPath rect').length,
        symbol: attrs('symbol'),
        uses: [...parsed.querySelectorAll('svg.sprite use')].map(
          (u) => u.getAttribute('href') ?? u.getAttribute('xlink:href'),
        ),
        remoteRect: attrs('#remote rect'),
        font: attrs('font'),
        hr: attrs('hr'),
        li: attrs('li'),
      };
    }, doc);
    // Stay: layout and presentation.
    expect(kept.th).toEqual(['align=left', 'colspan=2', 'valign=top']);
    expect(kept.td).toEqual(['bgcolor=#eee', 'nowrap=', 'rowspan=2']);
    expect(kept.table).toEqual(['border=0', 'cellpadding=4', 'width=100%']);
    expect(kept.img).toEqual([
      'alt=logo',
      'height=40',
      'id=logo',
      'src=data:image/png;base64,iVBORw0KGgo=',
      'width=40',
    ]);
    // focusable (old IE's, no effect in today's browsers) is not on DOMPurify's lists: it goes.
    expect(kept.svg).toEqual([
      'aria-hidden=true',
      'height=24',
      'id=icon',
      'viewBox=0 0 24 24',
      'width=24',
      'xmlns=http://www.w3.org/2000/svg',
    ]);
    expect(kept.path).toEqual([
      'clip-path=url(#c1)',
      'd=M12 2a10 10 0 1 0 0 20z',
      'fill-rule=evenodd',
      'fill=url(#g1)',
      'stroke-width=1.5',
      'stroke=#fff',
      'transform=translate(1 1)',
    ]);
    expect(kept.circle).toEqual(['cx=12', 'cy=12', 'fill=currentColor', 'opacity=.5', 'r=3']);
    expect(kept.gradient).toBe(2);
    expect(kept.symbol).toEqual(['id=icon-owner', 'viewBox=0 0 16 16']);
    // Go: a <use> of another document, presentation attributes pointing outside it.
    expect(kept.uses).toEqual(['#icon-owner', '#icon-owner', null]);
    expect(kept.remoteRect).toEqual(['filter=url(#f1)', 'height=10', 'width=10']);
    expect(kept.font).toEqual(['color=red', 'face=Arial', 'size=2']);
    expect(kept.hr).toEqual(['noshade=', 'size=1']);
    expect(kept.li).toEqual(['value=4']);
  });

  it('puts the key facts first when asked, each linking to where the report says it, inside the frame', async () => {
    const doc = await page.evaluate((html) => {
      const { DOMPurify, reportDocument, extractFacts, factsBlock } = (window as unknown as { vhl: never })
        .vhl as {
        DOMPurify: unknown;
        reportDocument: (h: string, t: unknown, o: { allowRemote: boolean; before?: string }) => string;
        extractFacts: (d: Document) => unknown;
        factsBlock: (f: unknown, ids: Set<string>) => string;
      };
      const raw = new DOMParser().parseFromString(html, 'text/html');
      const ids = new Set([...raw.querySelectorAll('[id]')].map((e) => e.id));
      return reportDocument(
        html,
        { purify: DOMPurify, parser: new DOMParser() },
        { allowRemote: false, before: factsBlock(extractFacts(raw), ids) },
      );
    }, report);
    const parsed = new (await import('happy-dom')).Window().document;
    parsed.write(doc);
    const block = parsed.querySelector('aside[data-vhl-facts]');
    expect(block?.textContent).toContain('Owners:');
    // First of what is shown (the report's head styles come before it, shown nothing).
    expect([...parsed.body.children].find((el) => el.localName !== 'style')).toBe(block);
    const links = [...(block?.querySelectorAll('a') ?? [])];
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      const target = href.slice(href.indexOf('#') + 1);
      // A place in this document (the frame's own: a bare #id would resolve against the page around
      // it): no new tab, and the place is there after sanitising.
      expect(href).toMatch(/^about:srcdoc#[A-Za-z]/);
      expect(link.hasAttribute('target')).toBe(false);
      expect(parsed.getElementById(target)).not.toBeNull();
    }
    // The rest of what it shows is still only the report's, sanitised as before.
    expect((await judge(report)).problems).toEqual([]);
  });

  it("keeps a stylesheet whose text holds '<': a legacy <!-- --> wrapper, a minified media range, an escaped name (issue 44)", async () => {
    // DOMPurify drops a whole <style> whose text holds `<` before a letter, digit, `/` or `!`: these
    // three lost every rule (and the print-only block showed on screen).
    const html = `<html><head>
<style><!--
.legacy{color:rgb(1, 2, 3)}
--></style>
<style>.print-only{display:none}@media print{.print-only{display:block}}@media (width<99999px){.ranged{color:rgb(4, 5, 6)}}.x\\<y{color:rgb(7, 8, 9)}</style>
</head><body><p class="legacy">old</p><p class="print-only">PRINT ONLY</p><p class="ranged">range</p><p class="x&lt;y">escaped</p></body></html>`;
    const { doc, problems } = await judge(html);
    expect(problems).toEqual([]);
    const shown = await page.evaluate((doc) => {
      const frame = document.createElement('iframe');
      frame.srcdoc = doc;
      frame.style.width = '800px';
      document.body.append(frame);
      return new Promise<Record<string, string>>((resolve) => {
        frame.onload = () => {
          const d = frame.contentDocument as Document;
          const color = (selector: string) => getComputedStyle(d.querySelector(selector) as Element).color;
          resolve({
            legacy: color('.legacy'),
            ranged: color('.ranged'),
            escaped: color('p:last-child'),
            printOnly: getComputedStyle(d.querySelector('.print-only') as Element).display,
            text: d.body.innerText,
          });
        };
      });
    }, doc);
    expect(shown).toMatchObject({
      legacy: 'rgb(1, 2, 3)',
      ranged: 'rgb(4, 5, 6)',
      escaped: 'rgb(7, 8, 9)',
      printOnly: 'none',
    });
    expect(shown.text).not.toContain('PRINT ONLY');
  });

  it('reads CSS as this browser does: its parser finds an url( spelled with escapes (the check is not blind)', async () => {
    const read = await page.evaluate(() => {
      const scratch = document.implementation.createHTMLDocument('');
      const style = scratch.createElement('style');
      style.textContent = 'p{background:u\\72l(https://evil.example/a)}';
      scratch.head.append(style);
      return [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('');
    });
    expect(read).toContain('url("https://evil.example/a")');
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
        window as unknown as { vhl: { countRemoteResources(h: string, p: DOMParser): number } }
      ).vhl;
      return countRemoteResources(h, new DOMParser());
    }, html);
    expect(count).toEqual({ images: 1, others: 4 });
  });

  it("draws the images it does not load as quiet boxes of their size, the alt said on hover; only in the viewer's drawing", async () => {
    // The simulator's providerA report: its logo (a data: image, drawn), its seal (64x64, with alt), a
    // remote photo (320x180, its own style), a relative image with a hostile onerror (no size).
    const images = async (allowRemote: boolean, placeholders: boolean, html = report) => {
      const { doc, problems } = await judge(html, allowRemote, placeholders);
      expect(problems).toEqual([]);
      const parsed = new (await import('happy-dom')).Window().document;
      parsed.write(doc);
      return [...parsed.querySelectorAll('img')].map((img) => ({
        alt: img.getAttribute('alt'),
        src: decodeURIComponent(img.getAttribute('src') ?? '').slice(0, 120),
        title: img.getAttribute('title'),
        style: img.getAttribute('style'),
      }));
    };
    const box = (w: number, h: number) =>
      expect.stringMatching(new RegExp(`^data:image/svg\\+xml,<svg [^>]*width="${w}" height="${h}"`));
    const drawn = await images(false, true);
    expect(drawn).toContainEqual({
      alt: 'AutoLedger Buyback Guarantee',
      src: box(64, 64),
      title: 'AutoLedger Buyback Guarantee',
      style: null,
    });
    expect(drawn).toContainEqual(
      expect.objectContaining({
        alt: 'AutoLedger logo',
        src: expect.stringMatching(/^data:image\/svg\+xml;utf8,<svg /),
      }),
    );
    expect(drawn).toContainEqual({
      alt: 'Vehicle photo (remote)',
      src: box(320, 180),
      title: 'Vehicle photo (remote)',
      style: expect.stringMatching(/max-width:\s*100%/),
    });
    // The hostile relative image: an icon-sized box, no alt to say.
    expect(drawn).toContainEqual({ alt: '', src: box(24, 24), title: null, style: null });
    expect(drawn).toHaveLength(4);
    // A tracking pixel, which nobody sees, gets no box.
    const pixel = '<p>x</p><img src="https://t.example/p.gif" width="1" height="1" alt="">';
    expect(await images(false, true, pixel)).toEqual([{ alt: '', src: '', title: null, style: null }]);
    // Without placeholders (what tests of the walls and copies compare) the seal has no source.
    expect((await images(false, false)).find((img) => img.alt?.includes('Buyback'))?.src).toBe('');
    // Remote images switched on load themselves; the relative one still has nowhere to load from.
    const remote = await images(true, true);
    expect(remote.find((img) => img.alt?.includes('Buyback'))?.src).toBe(
      'http://127.0.0.1:8787/__sim/cdn/autoledger/img/seal.svg',
    );
    expect(remote).toContainEqual({ alt: '', src: box(24, 24), title: null, style: null });
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
