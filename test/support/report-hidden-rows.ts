// The issue 55 trap on a real report layout: providerA's problems variant (test/fixtures/reports/
// variants/provider-a-problems-synthetic.html, the real layouts' additional-history table:
// docs/report-evidence.md §2) with a copy of its "Accident / Damage" row saying "No Issues Reported"
// in every owner's cell, hidden by the report's own stylesheet class and put before the visible row
// that says "Accident Reported" (reports carry such copies for print and other screens).
import { variantHtml } from './report-variants';

export function hiddenCopyTrap(css = '.print-copy { display: none; }'): string {
  const html = variantHtml('provider-a-problems-synthetic.html');
  const row = /<tr class="common-section-row" id="accident-damage">[\s\S]*?<\/tr>/.exec(html)?.[0];
  if (!row) throw new Error('the providerA fixture changed: its accident row is not where the trap goes');
  const copy = row
    .replace('class="common-section-row"', 'class="common-section-row print-copy"')
    .replace('Accident or damage reported to CARFAX.', 'No accidents or damage reported to CARFAX.')
    .replaceAll('common-section-cell-alert', 'common-section-cell-ok')
    .replaceAll('Accident Reported', 'No Issues Reported');
  return html.replace(row, `${copy}${row}`).replace('</head>', `<style>${css}</style></head>`);
}

/**
 * The same copy hidden by the report's stylesheet in each form a real sheet may write (issue 63):
 * selectors matched only through :is(), :where() or an attribute, a statement at-rule before the
 * rule, @layer order, CSS nesting, @supports and @container conditions.
 */
export const HIDING_FORMS: Record<string, string> = {
  ':is()': ':is(.never, .print-copy) { display: none; }',
  ':where()': ':where(#never, .print-copy) { display: none; }',
  ':not()': ':not(.never).print-copy { display: none; }',
  'a class-like word in an attribute selector':
    '[class~="print-copy"]:not([data-file$=".pdf"]) { display: none; }',
  '@charset first': '@charset "utf-8"; .print-copy { display: none; }',
  '@import first': '@import url("print.css"); .print-copy { display: none; }',
  '@layer statement first': '@layer base, theme; .print-copy { display: none; }',
  'a layer showing rows, the unlayered rule hiding':
    '@layer base { tr.print-copy { display: table-row; } } .print-copy { display: none; }',
  'nested rule': 'tbody { & > .print-copy { display: none; } }',
  'nested without &': '#additional-history-section { .print-copy { display: none; } }',
  '@supports': '@supports (display: grid) { .print-copy { display: none; } }',
  '@container': '@container (min-width: 300px) { .print-copy { display: none; } }',
};
