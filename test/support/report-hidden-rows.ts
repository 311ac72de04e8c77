// The issue 55 trap on a real report layout: providerA's problems variant (test/fixtures/reports/
// variants/provider-a-problems-synthetic.html, the real layouts' additional-history table:
// docs/report-evidence.md §2) with a copy of its "Accident / Damage" row saying "No Issues Reported"
// in every owner's cell, hidden by the report's own stylesheet class and put before the visible row
// that says "Accident Reported" (reports carry such copies for print and other screens).
import { variantHtml } from './report-variants';

export function hiddenCopyTrap(): string {
  const html = variantHtml('provider-a-problems-synthetic.html');
  const row = /<tr class="common-section-row" id="accident-damage">[\s\S]*?<\/tr>/.exec(html)?.[0];
  if (!row) throw new Error('the providerA fixture changed: its accident row is not where the trap goes');
  const copy = row
    .replace('class="common-section-row"', 'class="common-section-row print-copy"')
    .replace('Accident or damage reported to CARFAX.', 'No accidents or damage reported to CARFAX.')
    .replaceAll('common-section-cell-alert', 'common-section-cell-ok')
    .replaceAll('Accident Reported', 'No Issues Reported');
  return html
    .replace(row, `${copy}${row}`)
    .replace('</head>', '<style>.print-copy { display: none; }</style></head>');
}
