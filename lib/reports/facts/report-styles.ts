// What a report's own stylesheets say of an element's visibility (issue 55): reports hide rows by
// class (a hidden copy saying "No Issues Reported" before the visible "Accident Reported"), so facts
// are read only from what these rules show. Built from the report's inline <style> sheets (remote
// <link> sheets, which the bare report does not load, are not guessed; an @import is skipped, as the
// viewer's sanitiser drops it) and element.matches(), which decides every selector as the CSS
// Selectors spec does (:is(), :not(), :where(), attribute selectors): the cascade (importance,
// @layer order with unlayered rules winning, specificity, order, then the element's style attribute)
// for the properties that hide words, with @media, @container and @supports read at a fixed desktop
// screen of 1280x800, and CSS nesting resolved as `:is(parent)`. Statement at-rules (`@charset "…";`,
// `@import …;`, `@layer a, b;`) end at their semicolon, as the CSS Syntax spec reads them. Works on
// an inert DOMParser document: nothing is laid out (the viewer's sandboxed frame cannot be read).

/** The properties that decide whether a reader sees an element's words. */
type Prop =
  | 'display'
  | 'opacity'
  | 'visibility'
  | 'font-size'
  | 'content-visibility'
  | 'clip-path'
  | 'height'
  | 'max-height'
  | 'overflow'
  | 'overflow-y';
const PROPS: readonly Prop[] = [
  'display',
  'opacity',
  'visibility',
  'font-size',
  'content-visibility',
  'clip-path',
  'height',
  'max-height',
  'overflow',
  'overflow-y',
];
export type Declared = Partial<Record<Prop, string>>;

interface Rule {
  selector: string;
  specificity: number;
  order: number;
  /** Its @layer's rank (first named first), or null: unlayered, which wins over every layer. */
  layer: number | null;
  declarations: Array<{ prop: Prop; value: string; important: boolean }>;
}

/** The screen facts are read for: a desktop window. */
const SCREEN = { width: 1280, height: 800 };
const EM = 16;

/** Whether a media query list holds on that screen (unknown features do not). */
export function mediaMatches(list: string): boolean {
  return list.split(',').some((query) => {
    const q = query.trim().toLowerCase();
    if (!q) return false;
    const negated = /^not\s/.test(q);
    const body = q.replace(/^(not|only)\s+/, '');
    const type = /^(all|screen|print|speech)\b/.exec(body)?.[1];
    const ok =
      type !== 'print' &&
      type !== 'speech' &&
      [...body.matchAll(/\(([^)]*)\)/g)].every(([, feature]) => featureHolds(feature as string));
    return negated ? !ok : ok;
  });
}

function length(value: string): number | null {
  const m = /^(-?[\d.]+)\s*(px|em|rem)?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2] === 'em' || m[2] === 'rem' ? EM : 1);
}

function featureHolds(feature: string): boolean {
  const [name = '', raw = ''] = feature.split(':').map((part) => part.trim());
  const size: Record<string, [number, 1 | -1]> = {
    'min-width': [SCREEN.width, 1],
    'max-width': [SCREEN.width, -1],
    'min-height': [SCREEN.height, 1],
    'max-height': [SCREEN.height, -1],
  };
  const bound = size[name];
  if (bound) {
    const limit = length(raw);
    return limit !== null && (bound[1] === 1 ? bound[0] >= limit : bound[0] <= limit);
  }
  if (name === 'orientation') return raw === 'landscape';
  if (name === 'prefers-color-scheme') return raw === 'light';
  if (name === 'hover' || name === 'any-hover') return raw === 'hover';
  if (name === 'pointer' || name === 'any-pointer') return raw === 'fine';
  return false;
}

/** A selector's specificity as one number: ids, then classes, attributes and pseudo-classes, then types. */
export function specificity(selector: string): number {
  let ids = 0;
  let classes = 0;
  let types = 0;
  // :not(), :is(), :has() count their argument; :where() counts nothing.
  const bare = selector
    .replace(/:where\([^)]*\)/g, '')
    .replace(/:(?:not|is|has|matches)\(([^)]*)\)/g, ' $1 ')
    .replace(/\[[^\]]*\]/g, () => {
      classes++;
      return ' ';
    })
    .replace(/"[^"]*"|'[^']*'/g, '');
  ids += (bare.match(/#[\w-]+/g) ?? []).length;
  classes += (bare.match(/\.[\w-]+/g) ?? []).length;
  classes += (bare.match(/(?<!:):(?!:)[\w-]+/g) ?? []).length;
  types += (bare.match(/(?:^|[\s>+~(])([a-zA-Z][\w-]*)/g) ?? []).length;
  types += (bare.match(/::[\w-]+/g) ?? []).length;
  return ids * 1_000_000 + classes * 1_000 + types;
}

/**
 * The rightmost compound's key: `#id`, `.class`, a tag name, or '*' (indexes the rules). A compound
 * with a functional pseudo-class or an attribute selector (`:is(.a, .b)`, `:not(.shown)`,
 * `[class~="row"]`) is tried on every element: element.matches() decides.
 */
function keyOf(selector: string): string {
  const last = selector.split(/[\s>+~]+(?![^([]*[)\]])/).pop() ?? '';
  if (/[([]/.test(last)) return '*';
  return (
    /#[\w-]+/.exec(last)?.[0] ??
    /\.[\w-]+/.exec(last)?.[0] ??
    /^[a-zA-Z][\w-]*/.exec(last)?.[0]?.toLowerCase() ??
    '*'
  );
}

/** The declarations of a block that matter here. */
function declarationsOf(block: string): Rule['declarations'] {
  const out: Rule['declarations'] = [];
  for (const part of block.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const prop = part.slice(0, colon).trim().toLowerCase() as Prop;
    if (!PROPS.includes(prop)) continue;
    const raw = part.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.test(raw);
    out.push({
      prop,
      value: raw
        .replace(/!\s*important\s*$/i, '')
        .trim()
        .toLowerCase(),
      important,
    });
  }
  return out;
}

/** Where the first of `stops` is, from `from`, outside strings, parentheses and brackets; -1 if none. */
function findTop(text: string, from: number, stops: string): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && stops.includes(c)) return i;
  }
  return -1;
}

/** Just after the '}' that closes the block opened at `open`, strings counted; the text's end if none. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const next = findTop(text, i, '{}');
    if (next < 0) return text.length;
    i = next;
    if (text[i] === '{') depth++;
    else if (--depth === 0) return i + 1;
  }
  return text.length;
}

/** A selector list's selectors, split at its top-level commas. */
function selectorsOf(list: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let comma = findTop(list, 0, ','); comma >= 0; comma = findTop(list, at, ',')) {
    out.push(list.slice(at, comma).trim());
    at = comma + 1;
  }
  out.push(list.slice(at).trim());
  return out.filter(Boolean);
}

/** Rules nested deeper than this match as if their outer parents were any element: a superset, so
 * it can only hide more (a selector of :is() 1,000 deep overflowed a browser's selector matcher). */
const MAX_NESTING = 12;

/** A nested rule's selector against its parent's (CSS Nesting: `&`, or a descendant when absent). */
const nested = (parent: string, selector: string, depth: number) => {
  const outer = depth >= MAX_NESTING ? '*' : `:is(${parent})`;
  return selector.includes('&') ? selector.replaceAll('&', outer) : `${outer} ${selector}`;
};

/** Whether an @supports condition holds in the browsers the viewer runs in (what reports test is
 * supported there; `not (…)` is its negation; `selector(…)` is tried as a selector). */
function supportsHolds(condition: string): boolean {
  const c = condition.trim().toLowerCase();
  if (c.startsWith('not ')) return !supportsHolds(c.slice(4));
  return true;
}

/** Whether an @container query holds: its size features read against the screen (a container is
 * never wider than the window); a style() or unknown feature does not. */
function containerHolds(prelude: string): boolean {
  const features = [...prelude.matchAll(/\(([^()]*)\)/g)].map(([, f]) => f as string);
  return features.length > 0 && features.every(featureHolds);
}

interface Context {
  /** Every condition around here holds. */
  holds: boolean;
  layer: string | null;
  /** The style rule this block belongs to (its declarations are that rule's). */
  parent: string | null;
  /** How many style rules this block is nested in. */
  depth: number;
  layers: Map<string, number>;
  anonymous: { count: number };
}

const rankOf = (ctx: Context, name: string) => {
  if (!ctx.layers.has(name)) ctx.layers.set(name, ctx.layers.size);
  return ctx.layers.get(name) as number;
};

function addRules(rules: Rule[], ctx: Context, selectors: string[], block: string): void {
  const declarations = declarationsOf(block);
  if (!ctx.holds || declarations.length === 0) return;
  const layer = ctx.layer === null ? null : rankOf(ctx, ctx.layer);
  for (const selector of selectors)
    if (!/::?(before|after|placeholder|selection|marker)/i.test(selector))
      rules.push({ selector, specificity: specificity(selector), order: rules.length, layer, declarations });
}

/**
 * The statements of a stylesheet or of a block: style rules (their own declarations, then the rules
 * nested in them), conditional and layer blocks, and statement at-rules, which end at their ';'.
 */
function parseBlock(text: string, rules: Rule[], ctx: Context): void {
  let at = 0;
  while (at < text.length) {
    const stop = findTop(text, at, ';{}');
    const prelude = text.slice(at, stop < 0 ? text.length : stop).trim();
    if (stop < 0 || text[stop] !== '{') {
      // A declaration (read with its rule: ownDeclarations), or a statement at-rule (@charset,
      // @import, @namespace, `@layer a, b;` which names the layers' order): it ends here.
      if (/^@layer\s/i.test(prelude))
        for (const name of prelude.slice(7).split(','))
          rankOf(ctx, ctx.layer ? `${ctx.layer}.${name.trim()}` : name.trim());
      if (stop < 0) break;
      at = stop + 1;
      continue;
    }
    const end = blockEnd(text, stop);
    const block = text.slice(stop + 1, end - 1);
    at = end;
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      const condition = prelude.slice(name.length + 1).trim();
      let inner: Context | null = null;
      if (name === 'media') inner = { ...ctx, holds: ctx.holds && mediaMatches(condition) };
      else if (name === 'supports') inner = { ...ctx, holds: ctx.holds && supportsHolds(condition) };
      else if (name === 'container') inner = { ...ctx, holds: ctx.holds && containerHolds(condition) };
      else if (name === 'layer') {
        const layer = condition || `anonymous ${++ctx.anonymous.count}`;
        inner = { ...ctx, layer: ctx.layer ? `${ctx.layer}.${layer}` : layer };
        rankOf(inner, inner.layer as string);
      } else if (name === 'scope') inner = ctx; // read as unscoped: it can only hide more
      // @font-face, @keyframes, @page, @property: nothing there hides a row.
      if (!inner) continue;
      // Inside a style rule, a conditional block's declarations are that rule's.
      if (ctx.parent !== null) addRules(rules, inner, [ctx.parent], ownDeclarations(block));
      parseBlock(block, rules, inner);
      continue;
    }
    const selectors = selectorsOf(prelude).map((s) => (ctx.parent ? nested(ctx.parent, s, ctx.depth) : s));
    if (selectors.length === 0) continue;
    addRules(rules, ctx, selectors, ownDeclarations(block));
    parseBlock(block, rules, { ...ctx, parent: selectors.join(', '), depth: ctx.depth + 1 });
  }
}

/** A style rule's block without its nested rules: its own declarations. */
function ownDeclarations(block: string): string {
  let out = '';
  let at = 0;
  while (at < block.length) {
    const stop = findTop(block, at, ';{}');
    if (stop < 0) {
      out += block.slice(at);
      break;
    }
    if (block[stop] === '{') {
      at = blockEnd(block, stop);
      continue;
    }
    out += `${block.slice(at, stop)};`;
    at = stop + 1;
  }
  return out;
}

/** Every rule of a stylesheet's text whose conditions hold, in order (other at-rules' contents skipped). */
export function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  parseBlock(text, rules, {
    holds: true,
    layer: null,
    parent: null,
    depth: 0,
    layers: new Map(),
    anonymous: { count: 0 },
  });
  return rules;
}

/** A declaration's place in the cascade, compared in order: [origin and importance, layer,
 * specificity, order of appearance]. */
type Rank = [number, number, number, number];
const UNLAYERED = 1e9;

/**
 * Normal rules (0), the style attribute (1), important rules (2), the important style attribute (3);
 * among normal rules the unlayered win, then later layers; among important ones earlier layers win,
 * the unlayered last (CSS Cascade 5).
 */
function rankOfRule(rule: Rule, important: boolean): Rank {
  const layer = rule.layer === null ? UNLAYERED : rule.layer;
  return important
    ? [2, UNLAYERED - layer, rule.specificity, rule.order]
    : [0, layer, rule.specificity, rule.order];
}

/** Whether `a` wins over `b` (a later declaration of the same rank wins: `b` is later). */
function outranks(a: Rank, b: Rank): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
  return false;
}

export interface ReportStyles {
  /** What the cascade gives the element itself for each property (undefined: none declared). */
  declared(element: Element): Declared;
}

const cache = new WeakMap<Document, ReportStyles>();

/** Rules by their stylesheets' text: a provider's reports share theirs (bench:facts' library of
 * 10,000 reports parsed it once per report: 21 -> 34 s). The last few kept. */
const parsedSheets = new Map<string, { rules: Rule[]; index: Map<string, Rule[]> }>();
const SHEETS_KEPT = 8;

function rulesOf(css: string): { rules: Rule[]; index: Map<string, Rule[]> } {
  const known = parsedSheets.get(css);
  if (known) return known;
  const rules = parseRules(css);
  const index = new Map<string, Rule[]>();
  for (const rule of rules) {
    const key = keyOf(rule.selector);
    const list = index.get(key) ?? [];
    list.push(rule);
    index.set(key, list);
  }
  if (parsedSheets.size >= SHEETS_KEPT) parsedSheets.delete(parsedSheets.keys().next().value as string);
  parsedSheets.set(css, { rules, index });
  return { rules, index };
}

/** The report's own styles, read once per document. */
export function reportStyles(doc: Document): ReportStyles {
  const known = cache.get(doc);
  if (known) return known;
  const { index } = rulesOf([...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'));
  const seen = new WeakMap<Element, Declared>();
  const NONE: Declared = {};
  const matches = (element: Element, selector: string) => {
    try {
      return element.matches(selector);
    } catch (error) {
      // A selector this engine does not know (a vendor prefix, a newer pseudo-class): no match.
      if (error instanceof Error && /syntax|selector/i.test(`${error.name} ${error.message}`)) return false;
      throw error;
    }
  };
  const styles: ReportStyles = {
    declared(element) {
      const cached = seen.get(element);
      if (cached) return cached;
      // Most elements of a report: no rule of these properties can match, and no style attribute.
      const groups: Rule[][] = [];
      const add = (key: string) => {
        const list = index.get(key);
        if (list) groups.push(list);
      };
      add('*');
      add(element.localName);
      if (element.id) add(`#${element.id}`);
      for (const name of element.classList) add(`.${name}`);
      const style = element.getAttribute('style');
      if (groups.length === 0 && !style) {
        seen.set(element, NONE);
        return NONE;
      }
      const candidates = groups.flat();
      const winner: Partial<Record<Prop, { rank: Rank; value: string }>> = {};
      const inline = style ? declarationsOf(style) : [];
      const consider = (prop: Prop, value: string, rank: Rank) => {
        const held = winner[prop]?.rank;
        if (!held || !outranks(held, rank)) winner[prop] = { rank, value };
      };
      for (const rule of candidates)
        if (matches(element, rule.selector))
          for (const d of rule.declarations) consider(d.prop, d.value, rankOfRule(rule, d.important));
      for (const d of inline) consider(d.prop, d.value, [d.important ? 3 : 1, 0, 0, 0]);
      let declared: Declared = NONE;
      for (const prop of PROPS) if (winner[prop]) declared = { ...declared, [prop]: winner[prop]?.value };
      seen.set(element, declared);
      return declared;
    },
  };
  cache.set(doc, styles);
  return styles;
}

/** A font size that draws nothing ("0", "0px", "0em", "0%"). */
export const zeroSize = (value: string | undefined) =>
  value !== undefined && /^0*\.?0*(px|em|rem|%|pt)?$/.test(value);
