// Which provider's layout a report is, and which generation of it, from markers every variant of one
// provider carries and the other's never does (docs/report-evidence.md §5). Brand words and <title>
// patterns are not used: resellers rewrite them. A document with markers of both, or of too few,
// is a layout this version does not know: no facts are read from it.
import type { ReportFacts, ReportVariant } from './report-facts';

export interface ReportLayout {
  layout: NonNullable<ReportFacts['layout']>;
  variant: ReportVariant;
}

/** providerA's markers in both A1 and A2 (never in providerB's reports). */
const A_MARKERS = [
  'main#vehicle-history-report',
  'table#additional-history-section',
  'table#ownership-history-section',
  'div#detailed-history-section',
  '.owner-block',
  'svg.cfx-icon',
  'body#body-element',
];
/** providerB's markers in B21 and B24 (never in providerA's reports). */
const B_MARKERS = [
  'body#fastLinkFullReport',
  '#freeLinkReport',
  '#full-report',
  '#singleSummaryButton',
  '.mainScore',
  'img[src*="/reportservice/report/fullReport/img/"]',
];
/** How many of a provider's markers a report must carry to be read as its layout. */
const ENOUGH = 3;

const count = (doc: Document, markers: string[]) =>
  markers.reduce((n, selector) => n + (doc.querySelector(selector) ? 1 : 0), 0);

/** The layout and variant of `doc`, or null when it is not one this version reads. */
export function reportLayout(doc: Document): ReportLayout | null {
  const a = count(doc, A_MARKERS) >= ENOUGH;
  const b = count(doc, B_MARKERS) >= ENOUGH;
  if (a === b) return null;
  if (a) return { layout: 'providerA', variant: doc.getElementById('history-overview') ? 'A1' : 'A2' };
  if (doc.querySelector('#three-box-summary, #at-glance .section-data'))
    return { layout: 'providerB', variant: 'B24' };
  if (doc.querySelector('#icontable, .numOwnersText')) return { layout: 'providerB', variant: 'B21' };
  return null;
}
