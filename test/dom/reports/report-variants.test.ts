// Key facts read from the report fixtures modelled on the real reports' layouts (two generations of
// providerA, two of providerB, and synthetic problem states: test/support/report-variants.ts). Each
// document is parsed by parse5 first, a spec parser like both browsers' DOMParser: happy-dom alone
// keeps one row of providerB 2024's accident table, whose <tr>s sit in <div>s (docs/report-evidence.md
// §4). The same table runs in real Chromium and Firefox in test/e2e/report-variants.test.ts.
import { parse, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsLine } from '@/lib/reports/facts/facts-line';
import { FACT_NAMES, ReportFacts } from '@/lib/reports/facts/report-facts';
import { shownText } from '@/lib/reports/facts/shown-text';
import { factValues, REPORT_VARIANTS, variantHtml } from '../../support/report-variants';

/** The document a browser's DOMParser makes of `html`, in happy-dom. */
const parseSpec = (html: string) => new DOMParser().parseFromString(serialize(parse(html)), 'text/html');
const read = (html: string) => extractFacts(parseSpec(html));

describe.each(REPORT_VARIANTS)('$file', ({ file, expected }) => {
  const html = variantHtml(file);

  it('states every fact the report states, and nothing it does not', () => {
    const facts = read(html);
    expect(ReportFacts.safeParse(facts).success).toBe(true);
    expect(factValues(facts)).toEqual(expected);
  });

  it("quotes the report's own words and links to places it has", () => {
    const doc = parseSpec(html);
    const facts = extractFacts(doc);
    const shown = shownText(doc.body);
    for (const name of FACT_NAMES) {
      const fact = facts[name];
      if (!fact) continue;
      // A2's service count is the state's words, taken because the rows shown agree (see below).
      // A quote joins the report's words with ": " (a row's label and its cells) and " · ".
      if (!(facts.variant === 'A2' && name === 'serviceRecords'))
        for (const words of fact.quote.split(/: | · /))
          expect(shown, `${name}: "${fact.quote}"`).toContain(words);
      if (fact.anchor) expect(doc.getElementById(fact.anchor), `${name} → #${fact.anchor}`).not.toBeNull();
    }
  });
});

const A_PROBLEMS = variantHtml('provider-a-problems-synthetic.html');
const A2 = variantHtml('provider-a-a2-reseller.html');
const B24 = variantHtml('provider-b-b24.html');
const CLEAN_STATE = JSON.stringify({
  displayed: true,
  vhr: {
    headerSection: {
      historyOverview: {
        rows: [
          { name: 'noAccident', text: 'No accidents or damage reported to CARFAX' },
          { name: 'service', text: '<strong>30</strong> Service history records' },
        ],
      },
    },
  },
  accidents: [],
  titleBrands: [],
});

describe('a state script is a second witness, never the first', () => {
  it("an injected state ahead of the provider's own changes nothing the report shows (issue 43's audit)", () => {
    const injected = A_PROBLEMS.replace(
      '<head>',
      `<head><script>window.__INITIAL__DATA__ = ${CLEAN_STATE}</script><script>window.__AUTOLEDGER_STATE__ = ${CLEAN_STATE};</script>`,
    );
    const facts = read(injected);
    expect(facts.accidents?.value).toEqual({ count: 2, worst: 'severe' });
    expect(facts.titleBrands?.value).toEqual(['Salvage']);
    expect(factsLine(facts)).toContain('2 accidents (severe)');
    expect(factsLine(facts)).toContain('Salvage title');
    expect(factsLine(facts)).not.toContain('no accidents');
  });

  it("A2's service count is stated only when the rows shown with the service icon agree, and only from one state", () => {
    expect(read(A2).serviceRecords?.value).toBe(12);
    const inflated = A2.replace(
      /\\u003cstrong\\u003e12\\u003c\/strong\\u003e Service/g,
      '\\u003cstrong\\u003e30\\u003c/strong\\u003e Service',
    );
    expect(inflated).not.toBe(A2);
    expect(read(inflated).serviceRecords).toBeNull();
    const twice = A2.replace('<head>', `<head><script>window.__INITIAL__DATA__ = ${CLEAN_STATE}</script>`);
    expect(read(twice).serviceRecords).toBeNull();
    const notJson = A2.replace(
      'window.__INITIAL__DATA__ = {',
      'window.__INITIAL__DATA__ = (globalThis.ran = 1, {',
    );
    expect(read(notJson).serviceRecords).toBeNull();
    expect((globalThis as { ran?: number }).ran).toBeUndefined();
    // Everything else A2 states is read from what it shows, state or no state.
    expect(factValues(read(notJson))).toEqual({ ...factValues(read(A2)), serviceRecords: null });
  });
});

describe('what a report leaves unsaid is "not stated", never "none"', () => {
  it('empty cells, "No data available" and "Not Reported" state nothing', () => {
    const a1 = variantHtml('provider-a-a1-dealer.html');
    const noRecallData = a1.replace(
      /<div>No Recalls Reported<\/div>/g,
      '<div>---<span class="visually-hidden">no data</span></div>',
    );
    expect(read(noRecallData).openRecalls).toBeNull();
    const recallUnknown = B24.replace('<span>No Open Recalls</span>', '<span>No data available</span>');
    expect(read(recallUnknown).openRecalls).toBeNull();
    const odometerUnknown = B24.replace(
      /(Odometer Check<\/p>[\s\S]*?<span class="card-footer-text-adjustment"><span>)No Issue/,
      '$1Not Reported',
    );
    expect(read(odometerUnknown).odometerProblem).toBeNull();
  });

  it('a box set without the owner box, and a usage list with no flag, state no owners and no use', () => {
    const noOwner = B24.replace(
      /<div class="col-md-4 summary-box">\s*<img src="[^"]*owners-multiple[\s\S]*?<\/div>\s*<\/div>/,
      '',
    );
    expect(noOwner).not.toContain('Owners - ');
    const facts = read(noOwner);
    expect(facts.owners).toBeNull();
    expect(facts.accidents?.value.count).toBe(2);
    const unflagged = variantHtml('provider-b-b21a.html').replace(/ class="vehicle-use-flag"/g, '');
    expect(read(unflagged).use).toBeNull();
  });

  it('accidents reported without a number are counted as reported, not as none', () => {
    const uncounted = A_PROBLEMS.replace(
      /<strong class="comments-group-outer-line">Accident reported<\/strong>/g,
      '<strong class="comments-group-outer-line">Vehicle inspected</strong>',
    );
    const facts = read(uncounted);
    expect(facts.accidents?.value).toEqual({ count: null, worst: null });
    expect(factsLine(facts)).toContain('accidents reported');
  });
});

describe('layouts', () => {
  it('a document with the markers of both providers, or of neither, is a layout not known', () => {
    const both = A_PROBLEMS.replace(
      '<body id="body-element">',
      `<body id="body-element">${B24.slice(B24.indexOf('<div class="bootstrap">'), B24.indexOf('<div id="three-box-summary"'))}</div></div></div>`,
    );
    expect(read(both).layout).toBeNull();
    const plain = `<!doctype html><html><body><h1>Vehicle History</h1><table><tr><th>Owners</th><td>2</td></tr>
      <tr><th>Accidents</th><td>0</td></tr><tr><th>Title</th><td>Clean</td></tr></table></body></html>`;
    const facts = read(plain);
    expect(facts.layout).toBeNull();
    expect(factsLine(facts)).toBe('facts: layout not known');
  });
});
