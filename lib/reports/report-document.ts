// Turns a purchased report's third-party HTML into the document the viewer's sandboxed frame shows.
// Three walls: the frame's sandbox (no allow-scripts, no allow-same-origin), a strict content security
// policy put first, and this sanitiser. DOMPurify (the field's standard, tested by its maintainers
// against mutation XSS in real browsers) removes whatever could run; the hooks below keep only
// absolute web links, opened in a new tab when clicked, and remove every remote load by construction
// (images only when the user switches them on); DOMPurify does not clean CSS, so lib/reports/report-css.ts
// does, token by token.
// What the walls keep must still look as the provider made it: every attribute DOMPurify's own lists
// keep stays unless it carries a URL (a report's layout lives in width, height, colspan, align, and its
// icons in SVG's viewBox, d, fill, cx…), SVG sprites (<symbol> used by <use href="#id">) stay, and
// presentation attributes may point only into the document (fill="url(#gradient)").
// Pure: the DOMPurify instance (bound to a window) and a DOMParser are passed in.
// A complete copy (lib/reports/offline/) goes through the same walls: its stylesheets replace the
// report's <link>s as <style>s, its files replace url()s and remote images as data: URIs, and the
// policy stays the one that loads nothing remote.
import type { DOMPurify } from 'dompurify';
import { imagePlaceholder } from './image-placeholder';
import { type ReportResources, type ResourceRef, recordResources } from './offline/copy-resources';
import { absoluteUrl } from './offline/resource-url';
import { cleanCss, countCssLoads, refersOnlyInDocument } from './report-css';

export interface ReportTools {
  purify: DOMPurify;
  parser: DOMParser;
}

export interface ReportDocumentOptions {
  /** Remote images (`<img src>` on http(s)) load only when the user switches this on, like a mail client. */
  allowRemote: boolean;
  /** Markup of ours put first in the body (the key facts block), sanitised with the report. */
  before?: string;
  /** A complete copy's files (lib/reports/offline/copy-resources.ts), or a recorder listing them. */
  resources?: ReportResources;
  /**
   * The viewer's drawing: an image not loaded is a quiet box of its size (image-placeholder.ts),
   * not the broken-image icon. Off for what is compared or kept (tests of the walls, copies).
   */
  placeholders?: boolean;
}

/** Marks where a report linked a stylesheet (its index in the list of links): ours alone. */
const SHEET_MARK = 'data-vhl-sheet';

/** A tracking pixel: an image drawn 1x1 or not at all. Never part of a copy, never given a box. */
export function isTrackingImage(img: Pick<Element, 'getAttribute' | 'hasAttribute'>): boolean {
  const style = (img.getAttribute('style') ?? '').replace(/\s/g, '').toLowerCase();
  return (
    (img.getAttribute('width') === '1' && img.getAttribute('height') === '1') ||
    style.includes('display:none') ||
    img.hasAttribute('hidden')
  );
}

/**
 * Each stylesheet the report links (outside <noscript> and <template>, which the walls drop) becomes
 * an empty <style> marked with its index, where it was, so the cascade keeps its order; the address
 * stays out of the markup. Returns the addresses by index.
 */
function markLinkedSheets(doc: Document): string[] {
  for (const marked of doc.querySelectorAll(`[${SHEET_MARK}]`)) marked.removeAttribute(SHEET_MARK);
  const sheets: string[] = [];
  for (const link of doc.querySelectorAll('link[href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('stylesheet') || rel.includes('alternate') || link.closest('noscript, template'))
      continue;
    const url = absoluteUrl(link.getAttribute('href') ?? '');
    if (!url) continue;
    const style = doc.createElement('style');
    style.setAttribute(SHEET_MARK, String(sheets.length));
    const media = link.getAttribute('media');
    if (media) style.setAttribute('media', media);
    sheets.push(url);
    link.replaceWith(style);
  }
  return sheets;
}

const FORBID_TAGS = [
  'script',
  // The document's title is ours (from the report's <head>); one inside the body does not survive a re-parse.
  'title',
  'noscript',
  'template',
  'base',
  'meta',
  'link',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  // SVG animation can rewrite href after sanitising (<animate attributeName=href values=javascript:…>).
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'foreignobject',
];
/** Attributes that send or load (forms' targets, pings, media, backgrounds): never kept. */
const FORBID_ATTR = [
  'action',
  'formaction',
  'ping',
  'srcset',
  'poster',
  'background',
  'srcdoc',
  'data',
  'lowsrc',
  'dynsrc',
];
const LINK_TAGS = new Set(['a', 'area']);
const WEB_URL = /^https?:\/\//i;
/**
 * A place in the document (`#id`). In an `<iframe srcdoc>` a bare `#id` resolves against the page
 * around the frame (the srcdoc document's base URL is its parent's) and would navigate the frame
 * away, to an error page; `about:srcdoc#id` is the frame's own document, and only scrolls it. Links
 * to a place are written that way, and kept that way when sanitised again.
 */
const IN_DOCUMENT = /^#[A-Za-z][\w-]*$/;
const SRCDOC_PLACE = /^about:srcdoc#[A-Za-z][\w-]*$/;
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp|svg\+xml)[;,]/i;
/** SVG presentation attributes whose value may be a url(): kept only when it points into the document. */
const URL_PRESENTATION_ATTR = new Set([
  'fill',
  'stroke',
  'filter',
  'clip-path',
  'mask',
  'marker',
  'marker-start',
  'marker-mid',
  'marker-end',
  'cursor',
]);

/** The report's markup, sanitised (the body of the document the frame shows). */
export function sanitizeReport(
  html: string,
  { purify, parser }: ReportTools,
  options: ReportDocumentOptions,
): string {
  // The head's styles go first in the body (DOMPurify keeps a body fragment); the rest of the head
  // (scripts, metas, links, base) is dropped with it.
  const parsed = parser.parseFromString(html, 'text/html');
  const resources = options.resources;
  const sheets = resources ? markLinkedSheets(parsed) : [];
  const styles = [...parsed.head.querySelectorAll('style')].map((style) => style.outerHTML).join('');
  const markup = `${styles}${options.before ?? ''}${parsed.body.innerHTML}`;
  // Images whose source the walls dropped (drawn as placeholders when asked).
  const unloaded = new Set<Node>();
  purify.removeAllHooks();
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style') return;
    const sheet = (node as Element).getAttribute?.(SHEET_MARK);
    const url = sheet === null || sheet === undefined ? undefined : sheets[Number(sheet)];
    // A linked stylesheet's text (already cleaned against its own address) is cleaned once more
    // here with the rest: whatever a copy holds, only data: URIs survive.
    if (url !== undefined) node.textContent = resources?.sheet(url) ?? '';
    if (node.textContent)
      node.textContent = cleanCss(node.textContent, url === undefined ? resources?.css : undefined);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    const value = data.attrValue.trim();
    if (name === SHEET_MARK) {
      data.keepAttr = false;
    } else if (name === 'style') {
      data.attrValue = cleanCss(data.attrValue, resources?.css);
      if (!data.attrValue.trim()) data.keepAttr = false;
    } else if (name === 'href' && LINK_TAGS.has(tag) && SRCDOC_PLACE.test(value)) {
      // DOMPurify's own URI check knows no about: URL; this one loads and opens nothing.
      data.forceKeepAttr = true;
    } else if (name === 'href' || name === 'xlink:href') {
      // Links (HTML and SVG) only to absolute web addresses or a place in the document (#id: the key
      // facts' links to where the report says them); anything else href-bearing (<use>, <image>,
      // <feImage>) could load: an in-document reference at most.
      const allowed = LINK_TAGS.has(tag)
        ? WEB_URL.test(value) || (name === 'href' && IN_DOCUMENT.test(value))
        : value.startsWith('#');
      if (!allowed) data.keepAttr = false;
    } else if (name === 'src') {
      // In a copy, a remote image is its file (a tracking pixel is never asked for).
      const url = tag === 'img' && resources ? absoluteUrl(value) : undefined;
      const file = url && !isTrackingImage(node) ? resources?.image(url) : undefined;
      if (file && DATA_IMAGE.test(file)) data.attrValue = file;
      const allowed =
        tag === 'img' && (DATA_IMAGE.test(data.attrValue) || (options.allowRemote && WEB_URL.test(value)));
      if (!allowed) data.keepAttr = false;
      if (!allowed && tag === 'img' && !isTrackingImage(node)) unloaded.add(node);
    } else if (URL_PRESENTATION_ATTR.has(name) && !refersOnlyInDocument(value)) {
      data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (options.placeholders && unloaded.has(node)) {
      // Ours, after the checks: a data: SVG of the image's size; its alt text said on hover.
      const img = node as Element;
      img.setAttribute('src', imagePlaceholder(img.getAttribute('width'), img.getAttribute('height')));
      const alt = img.getAttribute('alt')?.trim();
      if (alt && !img.hasAttribute('title')) img.setAttribute('title', alt);
      return;
    }
    if (!LINK_TAGS.has(node.nodeName.toLowerCase())) return;
    // Where a link opens is ours to say, not the report's: a new tab, telling the site nothing.
    const place = node.getAttribute('href');
    if (place && (IN_DOCUMENT.test(place) || SRCDOC_PLACE.test(place))) {
      // A place in the same document: it scrolls the frame, nothing opens.
      if (IN_DOCUMENT.test(place)) node.setAttribute('href', `about:srcdoc${place}`);
      node.removeAttribute('target');
      node.removeAttribute('rel');
    } else if (node.hasAttribute('href') || node.hasAttribute('xlink:href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  const clean = purify.sanitize(markup, {
    FORCE_BODY: true,
    FORBID_TAGS,
    FORBID_ATTR,
    // <use> is on DOMPurify's SVG deny-list for what its href could load; the hook above lets it keep
    // an in-document reference only (an icon sprite's <symbol>), which loads nothing.
    ADD_TAGS: ['use'],
    ADD_ATTR: ['target', 'rel'],
    // DOMPurify's own URI check stays (it refuses javascript:, vbscript: and data: outside media); the
    // hooks above are stricter for every attribute that loads or navigates. A pattern of our own here
    // would be tested against every attribute outside DOMPurify's short URI-safe list: width="40",
    // colspan, viewBox and an SVG path's d were all removed that way.
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
  purify.removeAllHooks();
  return clean;
}

/**
 * The frame's document as a file of its own ("Save as HTML"): a place in it is `#id` again, since a
 * saved file is its own top-level document (`about:srcdoc#id` only means something inside a frame).
 */
export const savedReportDocument = (doc: string): string => doc.replace(/href="about:srcdoc#/g, 'href="#');

/** A complete HTML document, safe to put in an `<iframe sandbox srcdoc>`. */
export function reportDocument(html: string, tools: ReportTools, options: ReportDocumentOptions): string {
  const body = sanitizeReport(html, tools, options);
  const title = tools.parser.parseFromString(html, 'text/html').title.replace(/[<>&"]/g, '');
  const remote = options.allowRemote ? ' https: http:' : '';
  const csp = [
    "default-src 'none'",
    `img-src data:${remote}`,
    "style-src 'unsafe-inline'",
    'font-src data:',
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  // The policy comes first, before anything of the report's.
  const head = `<meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="referrer" content="no-referrer"><title>${title}</title>`;
  return `<!doctype html>\n<html><head>${head}</head><body>${body}</body></html>`;
}

/**
 * What a complete copy of the report needs, read off the sanitising pass itself: the stylesheets it
 * links (in order), its remote images but tracking pixels, the files its own CSS names. Nothing the
 * walls drop is listed. The stylesheets' own @imports and url()s are found when they are downloaded.
 */
export function reportResources(html: string, tools: ReportTools): ResourceRef[] {
  const { resources, refs } = recordResources();
  sanitizeReport(html, tools, { allowRemote: false, resources });
  return refs;
}

export interface RemoteLoads {
  /** `<img src>` on the web: what "load remote images" lets through. */
  images: number;
  /** Every other remote load the report asks for (stylesheets, fonts, media, frames, CSS url() and
   * @import, srcset, SVG references): never loaded, whatever the switch. */
  others: number;
}

/** Every remote load the report asks for, images apart from the rest. */
export function countRemoteResources(html: string, parser: DOMParser): RemoteLoads {
  const doc = parser.parseFromString(html, 'text/html');
  const remote = (url: string | null) => !!url && /^\s*(?:https?:)?\/\//i.test(url);
  // A <noscript> tracking pixel is never shown (the sanitiser drops <noscript>): not an image the
  // switch would load, so it counts with the loads that are always blocked.
  const images = [...doc.querySelectorAll('img[src]')].filter(
    (img) => !img.closest('noscript') && /^\s*https?:\/\//i.test(img.getAttribute('src') ?? ''),
  ).length;
  let count = 0;
  for (const el of doc.querySelectorAll('*')) {
    for (const name of ['src', 'poster', 'background', 'data', 'href', 'xlink:href']) {
      const value = el.getAttribute(name);
      // A link is not a load; everything else that names a remote URL is.
      if (name === 'href' && LINK_TAGS.has(el.localName)) continue;
      if (
        name === 'href' &&
        el.localName === 'link' &&
        !/stylesheet|icon|preload|prefetch/i.test(el.getAttribute('rel') ?? '')
      )
        continue;
      if (remote(value)) count++;
    }
    for (const candidate of (el.getAttribute('srcset') ?? '').split(','))
      if (remote(candidate.trim())) count++;
    const css = el.localName === 'style' ? el.textContent : el.getAttribute('style');
    if (css) count += countCssLoads(css);
  }
  return { images, others: count - images };
}
