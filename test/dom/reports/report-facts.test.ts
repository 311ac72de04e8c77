// Key facts read from the simulator's reports, in all four layout generations it draws (A1, A2, B21,
// B24: simulator/report-provider-a.ts and -b.ts, shaped as docs/report-evidence.md describes the
// real reports and as the hand-written models in test/fixtures/reports/variants/ are). What each
// report states is checked against the vehicle history it was drawn from, over many VINs, so every
// branch (no accidents, several, a title brand, an odometer problem, recalls) is met in every
// generation. Parsed by parse5 first, a spec parser like the browsers' DOMParser (report-variants.test.ts
// says why). The short form and the filters are checked on the same reports.

import { Window } from 'happy-dom';
import { parse, serialize } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsLine, matchesFact } from '@/lib/reports/facts/facts-line';
import { FACT_NAMES, ReportFacts } from '@/lib/reports/facts/report-facts';
import { shownText } from '@/lib/reports/facts/shown-text';
import { decodedVins } from '@/samples/real-vins';
import { type VehicleHistory, vehicleHistory } from '@/simulator/report-history';
import { renderReportHtml, type SimVariant } from '@/simulator/report-html';
import { B_USE_LIST, B_USES } from '@/simulator/report-provider-b-parts';

// A window of its own, which neither loads a report's iframes (a browser's DOMParser document never
// does) nor prints each refusal: 204 stack traces on every passing run came from the test's window.
const quiet = new Window({
  console: Object.fromEntries(
    Object.keys(console).map((name) => [name, () => undefined]),
  ) as unknown as Console,
  settings: {
    disableIframePageLoading: true,
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
  },
});
afterAll(() => quiet.happyDOM.close());
const parseSpec = (html: string) =>
  new quiet.DOMParser().parseFromString(serialize(parse(html)), 'text/html') as unknown as Document;
const SEVERITY = ['minor', 'moderate', 'severe'] as const;
const VINS = decodedVins()
  .map((v) => v.vin)
  .slice(0, 40);

function report(variant: SimVariant, vin: string, records = 24) {
  const provider = variant.startsWith('A') ? 'providerA' : 'providerB';
  const html = renderReportHtml({
    provider,
    id: `r-${vin}`,
    vin,
    yearMakeModel: '2015 Test Vehicle',
    records,
    createdAt: '2026-01-01T00:00:00Z',
    origin: 'http://127.0.0.1:9',
    variant,
  });
  return { html, history: vehicleHistory(vin, 2015, provider, records) };
}

/** The use each generation words: providerA the owners' types, B21 its flagged list, B24 its box. */
function expectedUse(variant: SimVariant, history: VehicleHistory): string {
  const types = [...new Set(history.owners.map((o) => o.type))];
  if (variant === 'A1' || variant === 'A2') return types.join(', ');
  const uses = new Set(types.map((t) => B_USES[t]));
  return variant === 'B21' ? B_USE_LIST.filter((u) => uses.has(u)).join(', ') : [...uses].join(', ');
}

describe.each(['A1', 'A2', 'B21', 'B24'] as const)("the simulator's %s reports", (variant) => {
  const isA = variant.startsWith('A');
  it('state what the report states, in its words, for every vehicle', () => {
    const seen = { accidents: 0, brands: 0, problems: 0, recalls: 0 };
    for (const vin of VINS) {
      const { html, history } = report(variant, vin);
      const doc = parseSpec(html);
      const facts = extractFacts(doc);
      expect(ReportFacts.safeParse(facts).success).toBe(true);
      expect([facts.layout, facts.variant]).toEqual([isA ? 'providerA' : 'providerB', variant]);
      expect(facts.owners?.value).toBe(history.owners.length);
      expect(facts.accidents?.value.count).toBe(history.accidents.length);
      const worst = Math.max(-1, ...history.accidents.map((a) => SEVERITY.indexOf(a.severity)));
      expect(facts.accidents?.value.worst).toBe(SEVERITY[worst] ?? null);
      expect(facts.titleBrands?.value).toEqual(history.titleBrands);
      expect(facts.lastOdometer?.value).toEqual({
        miles: history.lastOdometer?.reading,
        date: history.lastOdometer?.date,
      });
      expect(facts.odometerProblem?.value).toBe(history.odometerProblem);
      expect(facts.use?.value).toBe(expectedUse(variant, history));
      expect(facts.openRecalls?.value).toBe(history.openRecalls.length);
      expect(facts.serviceRecords?.value ?? null).toBe(isA ? history.serviceRecords : null);
      expect(facts.score?.value ?? null).toBe(isA ? null : history.score);
      // Each quote is words the report shows (joined by ": " and " · "), each anchor a place in it.
      const shown = shownText(doc.body);
      for (const name of FACT_NAMES) {
        const fact = facts[name];
        if (!fact) continue;
        if (!(variant === 'A2' && name === 'serviceRecords'))
          for (const words of fact.quote.split(/: | · /)) expect(shown, `${vin} ${name}`).toContain(words);
        if (fact.anchor)
          expect(doc.getElementById(fact.anchor), `${vin} ${name} #${fact.anchor}`).not.toBeNull();
      }
      seen.accidents += history.accidents.length ? 1 : 0;
      seen.brands += history.titleBrands.length ? 1 : 0;
      seen.problems += history.odometerProblem ? 1 : 0;
      seen.recalls += history.openRecalls.length ? 1 : 0;
    }
    // The VINs met every branch.
    expect(Math.min(...Object.values(seen))).toBeGreaterThan(0);
  });

  it('a report with no records states no facts, and guesses none', () => {
    const facts = extractFacts(parseSpec(report(variant, VINS[0] as string, 0).html));
    expect(FACT_NAMES.filter((name) => facts[name] !== null)).toEqual([]);
    expect(['no key facts stated', 'facts: layout not known']).toContain(factsLine(facts));
  });
});

describe('the short form and the filters', () => {
  it('says owners, accidents with the worst severity, the title and the last odometer reading', () => {
    for (const vin of VINS) {
      const { html, history } = report('A1', vin);
      const facts = extractFacts(parseSpec(html));
      const line = factsLine(facts);
      expect(line).toContain(`${history.owners.length} owner`);
      if (history.accidents.length === 0) expect(line).toContain('no accidents');
      else expect(line).toMatch(/\d+ accidents? \((minor|moderate|severe)\)/);
      expect(line).toContain(history.titleBrands.length ? `${history.titleBrands[0]} title` : 'clean title');
      expect(matchesFact(facts, 'noAccidents')).toBe(history.accidents.length === 0);
      expect(matchesFact(facts, 'oneOwner')).toBe(history.owners.length === 1);
      expect(matchesFact(facts, 'cleanTitle')).toBe(history.titleBrands.length === 0);
    }
  });
});
