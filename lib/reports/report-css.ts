// A purchased report's CSS without anything that loads: read as the browser reads it, token by token
// (@csstools/css-tokenizer, the CSS Syntax spec's tokenizer), so escapes are decoded before anything is
// decided (`u\72l(`, `@\69mport` are url( and @import to a browser, and to this) and the rest of the
// stylesheet is kept byte for byte: an icon font's stylesheet is hundreds of `content: "\e900"`
// escapes, which a regex cleaner could only drop whole. Every url() and src() becomes `none` unless it
// is a data: image or font; @import goes with its whole statement; functions whose strings are URLs
// (image-set, image, cross-fade, element) become `none`; old script hooks (expression, behavior,
// -moz-binding) go. Pure: no DOM, no browser API.
// For a complete copy (lib/reports/offline/) the same pass, given the copy's files, writes each url()
// as the data: URI of its file and each @import as the imported sheet's own text, so the result still
// loads nothing; given a recorder instead, it lists what the copy needs.
import { type CSSToken, TokenType, tokenize } from '@csstools/css-tokenizer';
import { isCopyFile } from './offline/copy-types';
import { absoluteUrl } from './offline/resource-url';

/** What a stylesheet's loads become in a complete copy: asked for each absolute http(s) URL it names,
 * relative ones resolved against `base` (the stylesheet's own address). */
export interface CssResources {
  base?: string;
  /** A url()'s file as an allowed data: URI, or undefined: removed. */
  asset(url: string): string | undefined;
  /** An @import's stylesheet with its own loads already inlined (cleaned), or undefined: removed. */
  sheet(url: string): string | undefined;
}

/** data: URIs a report may keep: images and fonts, which load nothing further and run nothing. */
const DATA_IMAGE_OR_FONT =
  /^data:(?:image\/(?:png|gif|jpe?g|webp|avif|bmp|svg\+xml)|font\/[\w.+-]+|application\/(?:x-)?font-[\w.+-]+|application\/vnd\.ms-fontobject)\s*[;,]/i;

/** Functions taking a URL (`url("…")`, `src("…")`): kept only around an allowed data: URI. */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** Functions whose strings are URLs or which paint other elements: never kept. */
const LOADING_FUNCTIONS = new Set([
  'image-set',
  '-webkit-image-set',
  'image',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
  'expression',
]);
/** Properties that ran script in old engines. */
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding']);

export const isAllowedDataUri = (url: string): boolean => DATA_IMAGE_OR_FONT.test(url.trim());
/** `#id`: a part of this very document (an SVG gradient, clip path or filter), which loads nothing. */
const isFragment = (url: string): boolean => url.trim().startsWith('#');
const isAllowedUrl = (url: string): boolean => isAllowedDataUri(url) || isFragment(url);

const nameOf = (token: CSSToken): string =>
  'value' in (token[4] ?? {}) ? String((token[4] as { value: unknown }).value).toLowerCase() : '';

/** The index just past the `)` closing the function or parenthesis opened at `start`. */
function pastClose(tokens: CSSToken[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const type = tokens[i]?.[0];
    if (type === TokenType.Function || type === TokenType.OpenParen) depth++;
    else if (type === TokenType.CloseParen && --depth === 0) return i + 1;
  }
  return tokens.length;
}

/** The index just past the end of the statement starting at `start`: its `;`, or its `{…}` block. */
function pastStatement(tokens: CSSToken[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const type = tokens[i]?.[0];
    if (type === TokenType.OpenCurly) depth++;
    else if (type === TokenType.CloseCurly) {
      // A `}` with no `{` of ours closes the enclosing block: the statement ends before it.
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (type === TokenType.Semicolon && depth === 0) return i + 1;
  }
  return tokens.length;
}

/** The index past a declaration's value (up to its `;`, or before the `}` closing its block). */
function pastDeclaration(tokens: CSSToken[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const type = tokens[i]?.[0];
    if (type === TokenType.OpenCurly || type === TokenType.OpenParen || type === TokenType.Function) depth++;
    else if (type === TokenType.CloseParen) depth--;
    else if (type === TokenType.CloseCurly) {
      if (depth === 0) return i;
      depth--;
    } else if (type === TokenType.Semicolon && depth === 0) return i + 1;
  }
  return tokens.length;
}

/** Whether `url(` … `)` (a function token and its arguments) holds one allowed data: URI string. */
function isAllowedUrlCall(args: CSSToken[]): boolean {
  const meaningful = args.filter((t) => t[0] !== TokenType.Whitespace && t[0] !== TokenType.Comment);
  const [only] = meaningful;
  return meaningful.length === 1 && only?.[0] === TokenType.String && isAllowedUrl(nameOfString(only));
}
const nameOfString = (token: CSSToken): string => String((token[4] as { value: string }).value);

/**
 * A token as written, but with no `<` a markup parser could take for a tag: the sanitiser's
 * DOMPurify drops a whole <style> whose text holds `<` before a letter, a digit, `/` or `!` (it
 * cannot tell it from markup), which would take a stylesheet's every rule with it for one
 * `content:"<b>"`, a legacy `<!-- … -->` wrapper or a minified `(width<600px)` (issue 44). In
 * strings, urls and escaped names `\3c ` is the same character to CSS; in a comment it is
 * meaningless; `<!--` (CDO) means nothing to CSS; a `<` of a media range gets a space after it,
 * which the range syntax allows (see `cleanCss`).
 */
function raw(token: CSSToken): string {
  const text = token[1];
  if (!text.includes('<')) return text;
  const type = token[0];
  if (type === TokenType.CDO) return ' ';
  if (type === TokenType.Comment) return text.replaceAll('<', ' ');
  if (type === TokenType.Delim) return text;
  // Strings, urls, and names whose escapes spell a `<` (`.a\<b`).
  return text.replaceAll('\\<', '\\3c ').replaceAll('<', '\\3c ');
}

/** `<` of a media range (`width<600px`), with a space when a name, digit, `/` or `!` follows it. */
const lessThan = (next: CSSToken | undefined): string => (/^[\w/!]/.test(next?.[1] ?? '') ? '< ' : '<');

/** The one string a function's arguments hold (`url("…")`), or undefined. */
function onlyString(args: CSSToken[]): string | undefined {
  const meaningful = args.filter((t) => t[0] !== TokenType.Whitespace && t[0] !== TokenType.Comment);
  return meaningful.length === 1 && meaningful[0]?.[0] === TokenType.String
    ? nameOfString(meaningful[0])
    : undefined;
}

/** A url() in a complete copy: its file's data: URI when the copy has it (and it is an allowed one). */
function inlined(raw: string, resources: CssResources | undefined): string {
  const url = resources && absoluteUrl(raw, resources.base);
  const data = url ? resources?.asset(url) : undefined;
  // Only a copy's file exactly (its type checked, base64 only): nothing in it can end the string.
  return data && isAllowedDataUri(data) && isCopyFile(data) ? `url("${data}")` : 'none';
}

/** An @import in a complete copy: the imported sheet's text in its place (inside @media when the
 * import had a media list), or nothing. */
function importedSheet(statement: CSSToken[], resources: CssResources): string {
  let i = 0;
  while (statement[i]?.[0] === TokenType.Whitespace) i++;
  const first = statement[i];
  let raw: string | undefined;
  if (first?.[0] === TokenType.String || first?.[0] === TokenType.URL) {
    raw = nameOfString(first);
    i++;
  } else if (first?.[0] === TokenType.Function && nameOf(first) === 'url') {
    const end = pastClose(statement, i);
    raw = onlyString(statement.slice(i + 1, end - 1));
    i = end;
  }
  const url = raw === undefined ? undefined : absoluteUrl(raw, resources.base);
  const css = url ? resources.sheet(url) : undefined;
  if (css === undefined) return '';
  // What follows the address, up to the `;`: a media list (layer() and supports() are left out: a
  // copy's cascade is one flat sheet).
  const media = statement
    .slice(i)
    .filter((t) => t[0] !== TokenType.Semicolon)
    .map((t) => t[1])
    .join('')
    .replace(/\blayer(?:\([^)]*\))?|\bsupports\([^)]*\)/gi, '')
    .trim();
  return media ? `@media ${media}{${css}}` : css;
}

/** The CSS with every load removed (or, for a complete copy, inlined); everything else exactly as written. */
export function cleanCss(css: string, resources?: CssResources): string {
  const tokens = tokenize({ css });
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] as CSSToken;
    const type = token[0];
    if (type === TokenType.URL) {
      const url = nameOfString(token);
      out.push(isAllowedUrl(url) ? raw(token) : inlined(url, resources));
      i++;
    } else if (type === TokenType.BadURL) {
      out.push('none');
      i++;
    } else if (
      type === TokenType.Function &&
      (URL_FUNCTIONS.has(nameOf(token)) || LOADING_FUNCTIONS.has(nameOf(token)))
    ) {
      const end = pastClose(tokens, i);
      const args = tokens.slice(i + 1, end - 1);
      const keep = URL_FUNCTIONS.has(nameOf(token)) && isAllowedUrlCall(args);
      const single = URL_FUNCTIONS.has(nameOf(token)) ? onlyString(args) : undefined;
      out.push(
        keep
          ? tokens.slice(i, end).map(raw).join('')
          : single !== undefined
            ? inlined(single, resources)
            : 'none',
      );
      i = end;
    } else if (type === TokenType.AtKeyword && nameOf(token) === 'import') {
      const end = pastStatement(tokens, i);
      if (resources) out.push(importedSheet(tokens.slice(i + 1, end), resources));
      i = end;
    } else if (type === TokenType.Ident && SCRIPT_PROPERTIES.has(nameOf(token))) {
      let next = i + 1;
      while (tokens[next]?.[0] === TokenType.Whitespace) next++;
      if (tokens[next]?.[0] === TokenType.Colon) i = pastDeclaration(tokens, next + 1);
      else {
        out.push(raw(token));
        i++;
      }
    } else if (type === TokenType.Delim && token[1] === '<') {
      out.push(lessThan(tokens[i + 1]));
      i++;
    } else {
      out.push(raw(token));
      i++;
    }
  }
  return out.join('');
}

/** Every remote load a stylesheet asks for: url()/src() but to a data: image or font or a #fragment,
 * @import, image-set() and the like. */
export function countCssLoads(css: string): number {
  const tokens = tokenize({ css });
  let count = 0;
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] as CSSToken;
    const name = nameOf(token);
    if (token[0] === TokenType.URL && !isAllowedUrl(nameOfString(token))) count++;
    else if (token[0] === TokenType.BadURL) count++;
    else if (token[0] === TokenType.AtKeyword && name === 'import') {
      count++;
      i = pastStatement(tokens, i);
      continue;
    } else if (token[0] === TokenType.Function && (URL_FUNCTIONS.has(name) || LOADING_FUNCTIONS.has(name))) {
      const end = pastClose(tokens, i);
      if (LOADING_FUNCTIONS.has(name) || !isAllowedUrlCall(tokens.slice(i + 1, end - 1))) count++;
      i = end;
      continue;
    }
    i++;
  }
  return count;
}

/**
 * Whether a presentation attribute's value (SVG's fill, stroke, filter, clip-path, mask, marker-*,
 * cursor) refers to nothing but parts of this document: `url(#gradient)` yes, any other url() no.
 */
export function refersOnlyInDocument(value: string): boolean {
  const tokens = tokenize({ css: value });
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as CSSToken;
    if (token[0] === TokenType.URL && !isFragment(nameOfString(token))) return false;
    if (token[0] === TokenType.BadURL) return false;
    if (
      token[0] === TokenType.Function &&
      (URL_FUNCTIONS.has(nameOf(token)) || LOADING_FUNCTIONS.has(nameOf(token)))
    ) {
      const args = tokens.slice(i + 1, pastClose(tokens, i) - 1);
      const strings = args.filter((t) => t[0] === TokenType.String);
      if (
        !URL_FUNCTIONS.has(nameOf(token)) ||
        strings.length !== 1 ||
        !isFragment(nameOfString(strings[0] as CSSToken))
      )
        return false;
    }
  }
  return true;
}
