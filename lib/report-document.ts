// Turns a purchased report's third-party HTML into the document the viewer's sandboxed frame shows.
// The frame's sandbox (no allow-scripts, no allow-same-origin) is the wall; this is the second one:
// scripts, handlers, refreshes, <base>, forms' targets and javascript: links are removed, a strict
// content security policy is put first, and links open in a new tab only when clicked.
// Pure: the DOMParser is passed in.

export interface ReportDocumentOptions {
  /** Remote images and styles load only when the user switches this on (like a mail client). */
  allowRemote: boolean;
}

const REMOVED =
  'script, noscript, base, meta[http-equiv], iframe, frame, frameset, object, embed, applet, portal, link[rel="import"], link[rel="prefetch"], link[rel="preload"], link[rel="dns-prefetch"], link[rel="preconnect"]';
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'srcset',
  'data',
  'ping',
];

/** A complete HTML document, safe to put in an `<iframe sandbox srcdoc>`. */
export function reportDocument(html: string, parser: DOMParser, options: ReportDocumentOptions): string {
  const doc = parser.parseFromString(html, 'text/html');
  for (const el of doc.querySelectorAll(REMOVED)) el.remove();
  for (const el of doc.querySelectorAll('*')) {
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      if (name.startsWith('on')) el.removeAttribute(name);
      else if (URL_ATTRIBUTES.includes(name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(value))
        el.removeAttribute(name);
    }
  }
  for (const link of doc.querySelectorAll('a[href]')) {
    // Only web links stay: a relative one would point into the extension.
    if (!/^\s*https?:\/\//i.test(link.getAttribute('href') ?? '')) {
      link.removeAttribute('href');
      continue;
    }
    // Only a click opens a link, in a new tab, telling the site nothing about where it came from.
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  for (const form of doc.querySelectorAll('form')) form.removeAttribute('action');
  const remote = options.allowRemote ? ' https: http:' : '';
  const csp = [
    "default-src 'none'",
    `img-src data:${remote}`,
    `style-src 'unsafe-inline'${remote}`,
    `font-src data:${remote}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  const head = doc.head;
  const meta = (attrs: Record<string, string>) => {
    const el = doc.createElement('meta');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  head.prepend(
    meta({ 'http-equiv': 'Content-Security-Policy', content: csp }),
    meta({ name: 'referrer', content: 'no-referrer' }),
  );
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}

/** Counts remote resources the report would load, for the "load remote images" switch. */
export function countRemoteResources(html: string, parser: DOMParser): number {
  const doc = parser.parseFromString(html, 'text/html');
  let count = 0;
  for (const el of doc.querySelectorAll('img[src], image, link[href], video[poster], [background]')) {
    const url =
      el.getAttribute('src') ??
      el.getAttribute('href') ??
      el.getAttribute('poster') ??
      el.getAttribute('background') ??
      '';
    if (/^\s*(https?:)?\/\//i.test(url)) count++;
  }
  return count;
}
