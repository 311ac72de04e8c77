// The files of a report's complete copy, as the sanitiser and the CSS cleaner ask for them: in a
// copy, every <link rel=stylesheet> comes in as the stylesheet's own text (its @imports flattened),
// every url() and remote <img> as the data: URI of its file. The same interface, recording instead
// of answering, lists what a copy needs, read off the very pass that makes the document: the
// downloader is driven by the sanitised document (what the walls drop, <noscript>'s tracking pixels,
// a hostile <base>, a script's loads, is never asked for). Pure: no browser API.
import { type CssResources, cleanCss } from '../report-css';

/** What a report needs for its look: a linked or imported stylesheet, an <img>, a file a url() names. */
export type ResourceKind = 'stylesheet' | 'image' | 'css-file';
export interface ResourceRef {
  url: string;
  kind: ResourceKind;
}

/** A complete copy's files by URL, each a data: URI (stylesheets as data:text/css). */
export type CopyFiles = Record<string, string>;

/** What the sanitiser asks of a copy (lib/reports/report-document.ts). */
export interface ReportResources {
  /** A remote <img>'s file as a data: URI, or undefined (its src is removed, as without a copy). */
  image(url: string): string | undefined;
  /** A linked stylesheet's text with its own loads inlined, or undefined (left out). */
  sheet(url: string): string | undefined;
  /** For the report's own <style>s and style attributes (no base: absolute URLs only). */
  css: CssResources;
}

/** @imports nested deeper than this are left out (real report stylesheets import one or two levels). */
export const MAX_IMPORT_DEPTH = 4;

/** The text of a data:text/css URI (base64 or percent-encoded), or undefined for anything else. */
export function cssText(dataUri: string | undefined): string | undefined {
  const match = dataUri && /^data:text\/css(?:;charset=[\w-]+)?(;base64)?,(.*)$/is.exec(dataUri);
  if (!match) return undefined;
  const [, base64, body = ''] = match;
  if (!base64) return decodeURIComponent(body);
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A copy's files answering the sanitiser: each stylesheet cleaned against its own address. */
export function copyResources(files: CopyFiles): ReportResources {
  const asset = (url: string) => {
    const data = files[url];
    return data && !data.startsWith('data:text/css') ? data : undefined;
  };
  const visiting = new Set<string>();
  const sheet = (url: string): string | undefined => {
    const text = cssText(files[url]);
    // A sheet importing itself (or one of the sheets importing it) is left out the second time.
    if (text === undefined || visiting.has(url) || visiting.size >= MAX_IMPORT_DEPTH) return undefined;
    visiting.add(url);
    try {
      return cleanCss(text, { base: url, asset, sheet });
    } finally {
      visiting.delete(url);
    }
  };
  return { image: asset, sheet, css: { asset, sheet } };
}

/** Resources that answer nothing and write down every file asked for, once each, in order. */
export function recordResources(base?: string): { resources: ReportResources; refs: ResourceRef[] } {
  const refs: ResourceRef[] = [];
  const seen = new Set<string>();
  const note = (url: string, kind: ResourceKind) => {
    if (seen.has(url)) return undefined;
    seen.add(url);
    refs.push({ url, kind });
    return undefined;
  };
  const css: CssResources = {
    ...(base ? { base } : {}),
    asset: (url) => note(url, 'css-file'),
    sheet: (url) => note(url, 'stylesheet'),
  };
  return {
    refs,
    resources: { image: (url) => note(url, 'image'), sheet: (url) => note(url, 'stylesheet'), css },
  };
}

/** The files a downloaded stylesheet names in turn (its @imports and url()s), resolved against it. */
export function stylesheetRefs(css: string, url: string): ResourceRef[] {
  const { resources, refs } = recordResources(url);
  cleanCss(css, resources.css);
  return refs;
}
