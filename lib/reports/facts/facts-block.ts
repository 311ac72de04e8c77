// The key facts as a block at the top of the report's own document in the viewer: each fact in
// words, linking to where the report says it (an in-document anchor, `#id`, the one kind of link the
// sanitiser lets a report keep besides web addresses: the page around a sandboxed, script-free frame
// cannot scroll it). Extension-made HTML, every value escaped; it is sanitised with the report.
import { FACT_LABELS, factText } from './facts-line';
import { FACT_NAMES, type ReportFacts } from './report-facts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** An anchor the report's own markup defines (ids are letters, digits, - and _). */
const ANCHOR = /^[A-Za-z][\w-]{0,99}$/;

const BOX =
  'font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#17202b;background:#f4f7fb;border:1px solid #c9d3df;border-radius:8px;padding:10px 14px;margin:8px;';

export function factsBlock(facts: ReportFacts, ids: Set<string>): string {
  if (facts.layout === null)
    return `<aside aria-label="Key facts" style="${BOX}"><strong>Key facts</strong>: this report's layout is not one the extension reads, so none are shown. Everything the report says is below.</aside>`;
  const rows = FACT_NAMES.map((name) => {
    const fact = facts[name];
    const value = esc(factText(facts, name));
    const where =
      fact?.anchor && ANCHOR.test(fact.anchor) && ids.has(fact.anchor)
        ? ` <a href="#${fact.anchor}" style="color:#0b57d0">where the report says it</a>`
        : '';
    const quote = fact ? `<div style="color:#4f5b69;font-size:13px">“${esc(fact.quote)}”${where}</div>` : '';
    return `<li style="margin:2px 0"><strong>${esc(FACT_LABELS[name])}</strong>: ${value}${quote}</li>`;
  }).join('');
  return `<aside aria-label="Key facts" data-vhl-facts style="${BOX}"><strong>Key facts</strong> <span style="color:#4f5b69;font-size:13px">(read by VIN History Lens from this report; a fact it does not state says so)</span><ul style="margin:6px 0 0;padding-left:18px">${rows}</ul></aside>`;
}
