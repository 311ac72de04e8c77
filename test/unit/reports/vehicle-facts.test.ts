// A vehicle's facts over every report the user holds for it (issue 43): the badge panel said
// "providerB: 1 owner · no accidents · clean title" from the newest report while the user's providerA
// report of the same car lists a severe accident. Wherever a VIN's facts are summed up (badge panel,
// popup, library filters, CSV) the worst value per fact counts, and where the reports differ is said.

import { describe, expect, it } from 'vitest';
import { factsLine } from '@/lib/reports/facts/facts-line';
import { heldFactsLine } from '@/lib/reports/facts/held-facts';
import { noFacts, type ReportFacts } from '@/lib/reports/facts/report-facts';
import { vehicleFacts, vehicleFactsLine } from '@/lib/reports/facts/vehicle-facts';
import { startBackground } from '../support/background-harness';

const VIN = '1G1PG5SC3C7167133'; // the demo account holds a providerA and a newer providerB report of it

const clean: ReportFacts = {
  ...noFacts('providerB', 'B24'),
  owners: { value: 1, quote: 'Owners - 1', anchor: 'three-box-summary' },
  accidents: { value: { count: 0, worst: null }, quote: 'Accident / Damage: No Issue' },
  titleBrands: { value: [], quote: 'State Title Brand: Clean' },
  lastOdometer: {
    value: { miles: 61_200, date: '05/02/2025' },
    quote: 'Last Reported Odometer: 61,200 (05/02/2025)',
  },
  use: { value: 'Personal', quote: 'Vehicle Usage Personal' },
  score: { value: 82, quote: 'CarChronicle Score 82' },
};
const crashed: ReportFacts = {
  ...noFacts('providerA', 'A1'),
  owners: { value: 2, quote: '2 Previous owners' },
  accidents: { value: { count: 1, worst: 'severe' }, quote: 'Accident reported' },
  titleBrands: { value: ['Salvage'], quote: 'Damage Brands: Salvage Title' },
  lastOdometer: {
    value: { miles: 58_000, date: '01/10/2025' },
    quote: '58,000 Last reported odometer reading',
  },
  use: { value: 'Rental, Personal', quote: 'Types of owners: Rental, Personal' },
  serviceRecords: { value: 7, quote: '7 Service history records' },
};

describe('the worst of every report', () => {
  it('takes the worst value per fact and names the facts the reports state differently', () => {
    const combined = vehicleFacts([clean, crashed]);
    expect(combined.facts.owners?.value).toBe(2);
    expect(combined.facts.accidents?.value).toEqual({ count: 1, worst: 'severe' });
    expect(combined.facts.titleBrands?.value).toEqual(['Salvage']);
    expect(combined.facts.lastOdometer?.value).toEqual({ miles: 61_200, date: '05/02/2025' });
    expect(combined.facts.use?.value).toBe('Personal, Rental');
    expect(combined.facts.score?.value).toBe(82);
    expect(combined.facts.serviceRecords?.value).toBe(7);
    expect(combined.differ).toEqual(['owners', 'accidents', 'titleBrands', 'lastOdometer', 'use']);
    expect(vehicleFactsLine(combined)).toBe(
      '2 owners · 1 accident (severe) · Salvage title · 61,200 mi on 05/02/2025 · reports differ on owners, accidents, title, odometer, use',
    );
  });

  it('an accident reported without its number outranks none, and a number outranks it', () => {
    const uncounted: ReportFacts = {
      ...crashed,
      accidents: { value: { count: null, worst: null }, quote: 'Accident reported' },
    };
    expect(vehicleFacts([clean, uncounted]).facts.accidents?.value).toEqual({ count: null, worst: null });
    expect(vehicleFacts([uncounted, crashed]).facts.accidents?.value).toEqual({ count: 1, worst: 'severe' });
  });

  it('one report is its own line; a report of a layout not known adds nothing; none read states nothing', () => {
    expect(vehicleFactsLine(vehicleFacts([clean]))).toBe(factsLine(clean));
    expect(vehicleFacts([clean, noFacts(null)]).differ).toEqual([]);
    expect(vehicleFacts([clean, noFacts(null)]).reports).toBe(1);
    expect(factsLine(vehicleFacts([]).facts)).toBe('facts: layout not known');
  });
});

describe('every report the user holds, in the background', () => {
  async function twoReportsRead() {
    const bg = await startBackground({ configured: true });
    const page = bg.senders.page;
    const reports = (await bg.deliver('listReports', { fresh: true }, page)).value.reports.filter(
      (r: { vin: string }) => r.vin === VIN,
    );
    expect(reports.map((r: { provider: string }) => r.provider).sort()).toEqual(['providerA', 'providerB']);
    for (const r of reports) {
      await bg.deliver('openReport', { provider: r.provider, id: r.id }, page); // kept offline
      const facts = r.provider === 'providerB' ? clean : crashed;
      expect((await bg.deliver('saveReportFacts', { provider: r.provider, id: r.id, facts }, page)).ok).toBe(
        true,
      );
    }
    return { bg, reports };
  }

  it("an owned VIN's badge says the worst of both reports, not the newest one's", async () => {
    const { bg } = await twoReportsRead();
    // The background hands over the read reports; the panel words them (held-facts.ts).
    const line =
      heldFactsLine((await bg.deliver('getOwnedFacts', { vin: VIN }, bg.senders.contentScript)).value) ?? '';
    expect(line).toContain('1 accident (severe)');
    expect(line).toContain('Salvage title');
    expect(line).not.toContain('no accidents');
    expect(line).toMatch(/^2 reports \(provider[AB] \+ provider[AB]\): /);
    expect(line).toContain('reports differ on owners, accidents, title');
  });

  it("the popup's lines and the CSV say the vehicle's worst value beside each report", async () => {
    const { bg, reports } = await twoReportsRead();
    const lines = (
      await bg.deliver(
        'getFactLines',
        { reports: reports.map(({ provider, id }: { provider: string; id: string }) => ({ provider, id })) },
        bg.senders.page,
      )
    ).value;
    for (const r of reports)
      expect(heldFactsLine(lines[`${r.provider}:${r.id}`])).toContain('1 accident (severe)');
    const csv = await bg.exportCsv(bg.senders.page);
    const [header, ...rows] = csv.trim().split('\r\n');
    const cells = (line: string) => line.slice(1, -1).split('","');
    const columns = cells(header as string);
    const newest = rows.map(cells).find((row) => row[2] === VIN && row[0] === 'providerB') as string[];
    expect(newest[columns.indexOf('accidents')]).toBe('0');
    expect(newest[columns.indexOf('vehicle_accidents')]).toBe('1');
    expect(newest[columns.indexOf('vehicle_worst_accident')]).toBe('severe');
    expect(newest[columns.indexOf('vehicle_title_brands')]).toBe('Salvage');
    expect(newest[columns.indexOf('vehicle_reports_differ_on')]).toBe(
      'owners; accidents; titleBrands; lastOdometer; use',
    );
  });
});
