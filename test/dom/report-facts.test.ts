// Key facts read from each provider's layout. The reports are the simulator's, whose two layouts are
// modelled on the two large US providers' real HTML reports (simulator/report-provider-a.ts and -b.ts
// name the public descriptions each follows: the ownership table's rows, the state script, the
// three-box summary and "at a glance" cards a dealer's public script reads); what each report states
// is checked against the vehicle history it was drawn from, over many VINs, so every branch (no
// accidents, several, a title brand, an odometer problem, recalls) is met. The hand-made shapes below
// them are the cases a real report brings: a state script that is not JSON, a report with no records,
// a section missing, a provider layout this version does not know.
import { describe, expect, it } from 'vitest';
import { decodedVins } from '@/fixtures/real-vins';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsLine, matchesFact } from '@/lib/reports/facts/facts-line';
import { ReportFacts } from '@/lib/reports/facts/report-facts';
import { vehicleHistory } from '@/simulator/report-history';
import { renderReportHtml } from '@/simulator/report-html';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const SEVERITY = ['minor', 'moderate', 'severe'] as const;
const VINS = decodedVins()
  .map((v) => v.vin)
  .slice(0, 60);

function report(provider: 'providerA' | 'providerB', vin: string, records = 24) {
  const html = renderReportHtml({
    provider,
    id: `r-${vin}`,
    vin,
    yearMakeModel: '2015 Test Vehicle',
    records,
    createdAt: '2026-01-01T00:00:00Z',
    origin: 'http://127.0.0.1:9',
  });
  return { html, history: vehicleHistory(vin, 2015, provider, records) };
}

describe.each(['providerA', 'providerB'] as const)('%s layout', (provider) => {
  it('states what the report states, in its words, for every vehicle', () => {
    const seen = { accidents: 0, brands: 0, problems: 0, recalls: 0 };
    for (const vin of VINS) {
      const { html, history } = report(provider, vin);
      const facts = extractFacts(parse(html));
      expect(ReportFacts.safeParse(facts).success).toBe(true);
      expect(facts.layout).toBe(provider);
      expect(facts.owners?.value).toBe(history.owners.length);
      expect(facts.accidents?.value.count).toBe(history.accidents.length);
      const worst = Math.max(-1, ...history.accidents.map((a) => SEVERITY.indexOf(a.severity)));
      expect(facts.accidents?.value.worst).toBe(SEVERITY[worst] ?? null);
      expect(facts.titleBrands?.value).toEqual(history.titleBrands);
      expect(facts.lastOdometer?.value.miles).toBe(history.lastOdometer?.reading);
      expect(facts.lastOdometer?.value.date).toBe(history.lastOdometer?.date);
      expect(facts.odometerProblem?.value).toBe(history.odometerProblem);
      expect(facts.use?.value).toBe(history.owners[0]?.type);
      expect(facts.openRecalls?.value).toBe(history.openRecalls.length);
      expect(facts.serviceRecords?.value).toBe(history.serviceRecords);
      expect(facts.score?.value ?? null).toBe(provider === 'providerB' ? history.score : null);
      // Each quote is words the report shows, and its anchor an element of the report.
      const doc = parse(html);
      for (const fact of Object.values(facts)) {
        if (!fact || typeof fact !== 'object') continue;
        if (!/^Odometer problem|^[A-Z][a-z ]+ check:|^Use:|^Service records:/.test(fact.quote))
          expect(doc.body.textContent?.replace(/\s+/g, ' ')).toContain(fact.quote);
        if (fact.anchor) expect(doc.getElementById(fact.anchor)).not.toBeNull();
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
    const facts = extractFacts(parse(report(provider, VINS[0] as string, 0).html));
    expect(facts.layout).toBe(provider);
    const stated = Object.entries(facts).filter(([k, v]) => k !== 'version' && k !== 'layout' && v !== null);
    expect(stated).toEqual([]);
    expect(factsLine(facts)).toBe('no key facts stated');
  });
});

describe('the state script of providerA', () => {
  it('is read as JSON, never run; one that is not JSON leaves the facts to the report text', () => {
    const { html, history } = report('providerA', VINS[3] as string);
    (globalThis as { __ran?: boolean }).__ran = false;
    const broken = html.replace(
      /window\.__AUTOLEDGER_STATE__ = [^<]*/,
      'window.__AUTOLEDGER_STATE__ = (globalThis.__ran = true, {"owners": 1});',
    );
    const facts = extractFacts(parse(broken));
    expect((globalThis as { __ran?: boolean }).__ran).toBe(false);
    // From the overview's sentences: the same owners, accidents and title.
    expect(facts.owners?.value).toBe(history.owners.length);
    expect(facts.accidents?.value.count).toBe(history.accidents.length);
    expect(facts.titleBrands?.value).toEqual(history.titleBrands);
    // The title table shows the odometer verdict as an icon only: without the state, not stated.
    expect(facts.odometerProblem).toBeNull();
  });

  it('a state that disagrees in shape (a string for owners) is not trusted', () => {
    const { html, history } = report('providerA', VINS[5] as string);
    const odd = html.replace(/"owners":\[/, '"owners":"many","was":[');
    const facts = extractFacts(parse(odd));
    expect(facts.owners?.value).toBe(history.owners.length);
  });
});

describe('what a layout does not state', () => {
  it('a providerB report without its score section has no score, and the rest', () => {
    const { html } = report('providerB', VINS[1] as string);
    const facts = extractFacts(
      parse(html.replace(/<div id="score"[\s\S]*?<\/div><\/div><\/div><\/div>/, '')),
    );
    expect(facts.score).toBeNull();
    expect(facts.owners).not.toBeNull();
  });

  it('a layout this version does not know gives no facts and says so', () => {
    // A third provider's shape (a government-database report: a plain list of title records).
    const doc = parse(`<!doctype html><html><body><h1>Vehicle History</h1>
      <table><tr><th>Owners</th><td>2</td></tr><tr><th>Accidents</th><td>0</td></tr>
      <tr><th>Title</th><td>Clean</td></tr></table></body></html>`);
    const facts = extractFacts(doc);
    expect(facts.layout).toBeNull();
    expect(factsLine(facts)).toBe('facts: layout not known');
    expect(matchesFact(facts, 'noAccidents')).toBe(false);
  });
});

describe('the short form and the filters', () => {
  it('says owners, accidents with the worst severity, the title and the last odometer reading', () => {
    for (const vin of VINS) {
      const { html, history } = report('providerA', vin);
      const facts = extractFacts(parse(html));
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
