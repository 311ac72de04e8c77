// What a report's own stylesheets say of an element's visibility (issue 55): reports hide rows by
// class (a hidden copy saying "No Issues Reported" before the visible "Accident Reported"), so facts
// are read only from what these rules show. Built from the report's inline <style> sheets (remote
// <link> sheets, which the bare report does not load, are not guessed) and element.matches(): the
// cascade (importance, specificity, order, then the element's style attribute) for display, opacity,
// visibility and font-size, with @media read at a fixed desktop screen of 1280x800. Works on an inert
// DOMParser document: nothing is laid out (the viewer's sandboxed frame cannot be read).

/** The properties that decide whether a reader sees an element's words. */
type Prop = 'display' | 'opacity' | 'visibility' | 'font-size';
const PROPS: readonly Prop[] = ['display', 'opacity', 'visibility', 'font-size'];
export type Declared = Partial<Record<Prop, string>>;

interface Rule {
  selector: string;
  specificity: number;
  order: number;
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

/** The rightmost compound's key: `#id`, `.class`, a tag name, or '*' (indexes the rules). */
function keyOf(selector: string): string {
  const last = selector.split(/[\s>+~]+(?![^([]*[)\]])/).pop() ?? '';
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

/** Every rule of a stylesheet's text whose @media holds, in order (other at-rules' contents skipped). */
export function parseRules(css: string, rules: Rule[] = [], media = true): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const prelude = text.slice(at, open).trim();
    // The block's end, nested braces counted.
    let depth = 1;
    let end = open + 1;
    for (; end < text.length && depth > 0; end++)
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
    const block = text.slice(open + 1, end - 1);
    at = end;
    if (prelude.startsWith('@')) {
      const media_ = /^@media\s+([^{]*)$/i.exec(prelude);
      const supports = /^@(supports|layer|container)\b/i.test(prelude);
      if (media_ || supports)
        parseRules(block, rules, media && (!media_ || mediaMatches(media_[1] as string)));
      continue;
    }
    const declarations = declarationsOf(block);
    if (!media || declarations.length === 0) continue;
    for (const selector of prelude.split(/,(?![^([]*[)\]])/).map((s) => s.trim()))
      if (selector && !/::?(before|after|placeholder|selection|marker)/i.test(selector))
        rules.push({ selector, specificity: specificity(selector), order: rules.length, declarations });
  }
  return rules;
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
      const winner: Partial<Record<Prop, { rank: number; value: string }>> = {};
      const inline = style ? declarationsOf(style) : [];
      const consider = (prop: Prop, value: string, rank: number) => {
        if ((winner[prop]?.rank ?? -1) <= rank) winner[prop] = { rank, value };
      };
      for (const rule of candidates)
        if (matches(element, rule.selector))
          // Important over normal; then the style attribute over any rule; then specificity, then order.
          for (const d of rule.declarations)
            consider(d.prop, d.value, (d.important ? 4e15 : 0) + rule.specificity * 1e6 + rule.order);
      for (const d of inline) consider(d.prop, d.value, (d.important ? 8e15 : 2e15) + 0);
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
