// The workbench's pure parts: what a purchase plan buys, opens or leaves out, and the CSV export.
import { describe, expect, it } from 'vitest';
import { DecodeRow } from '@/lib/nhtsa/nhtsa-wire';
import { decodeVin } from '@/lib/vin/vin-verdict';
import { planPurchases } from '@/lib/workbench/purchase-plan';
import { workbenchCsv } from '@/lib/workbench/workbench-csv';
import { decodeRow } from '@/simulator/nhtsa/nhtsa-app';
import { vinOf, vinsOf } from '../../../samples/vin-of';

const [A, B, C, D] = vinsOf(
  '5N3ZA0NE1AN908084',
  '1C6RD6FT1CS310366',
  'KNAE55LC7J6018811',
  'WAULFAFR6DA001366',
);
const CRUZE = vinOf('1G1PG5SC3C7167133');

describe('planPurchases', () => {
  const limits = { credits: 3, dailyLimit: 20, providerAReportsLeftToday: 2, providerBReportsLeftToday: 5 };
  it('never buys a report held, and says what credits and allowance leave out, in order', () => {
    const held = [
      {
        provider: 'providerA' as const,
        id: '9',
        vin: CRUZE,
        yearMakeModel: '',
        createdAt: '',
        updatedAt: '',
      },
    ];
    const plan = planPurchases(
      [
        { vin: CRUZE, provider: 'providerA' },
        { vin: A!, provider: 'providerA' },
        { vin: B!, provider: 'providerA' },
        { vin: C!, provider: 'providerA' },
        { vin: C!, provider: 'providerB' },
        { vin: D!, provider: 'providerB' },
      ],
      held,
      limits,
    );
    expect(plan.rows.map((r) => r.fate)).toEqual(['held', 'buy', 'buy', 'no-allowance', 'buy', 'no-credits']);
    expect(plan.credits).toBe(3);
    expect(plan.rows[0]?.reportId).toBe('9');
  });

  it('exports a row per VIN, a formula-looking title neutralised', () => {
    const held = [
      {
        provider: 'providerA' as const,
        id: '7',
        vin: CRUZE,
        yearMakeModel: '=1+1',
        createdAt: '2026-11-01',
        updatedAt: '',
      },
    ];
    const csv = workbenchCsv([decodeVin(CRUZE)], {}, held, null).split('\r\n');
    expect(csv[1]).toBe(
      `"${CRUZE}","2012","Chevrolet","United States","valid","","","","","","","","","providerA:7","'=1+1","2026-11-01","","","","","","",""`,
    );
  });

  it("exports each VIN's fair-price gauge from the memory, or how many similar cars it has seen", () => {
    const market = {
      year: 2012,
      make: 'Chevrolet',
      model: 'Cruze',
      currency: 'USD',
      mileageAdjusted: true,
      sellers: 23,
      sites: 2,
      days: 4,
    };
    const csv = workbenchCsv(
      [decodeVin(CRUZE), decodeVin(vinOf('1G1PG5SC3C7100001'))],
      {},
      [],
      null,
      {},
      {
        [CRUZE]: {
          ...market,
          price: 7450,
          comparables: 19,
          gauge: { estimate: 8100, low: 7200, high: 9100, comparables: 19, rating: 'good' },
        },
        '1G1PG5SC3C7100001': { ...market, comparables: 4, gauge: null },
      },
    ).split('\r\n');
    expect(csv[0]).toMatch(
      /"status","fair_price_estimate","fair_range_low","fair_range_high","fair_price_rating","fair_price_not_rated_because","comparables_seen"$/,
    );
    expect(csv[1]).toMatch(/,"8100","7200","9100","good","","19"$/);
    expect(csv[2]).toMatch(/,"","","","","","4"$/);
  });

  it("exports NHTSA's decode beside the offline one, its words neutralised like any third party's", () => {
    const nhtsa = {
      [CRUZE]: DecodeRow.parse(decodeRow(CRUZE)),
      // A VIN NHTSA has no vehicle for, its words made to look like a formula.
      '1G1PG5SC3C7100001': {
        ...DecodeRow.parse(decodeRow('ZZZ11111111111111')),
        ErrorText: '=HYPERLINK("x")',
      },
    };
    const csv = workbenchCsv(
      [decodeVin(CRUZE), decodeVin(vinOf('1G1PG5SC3C7100001'))],
      {},
      [],
      null,
      nhtsa,
    ).split('\r\n');
    expect(csv[0]).toContain(
      '"nhtsa_year","nhtsa_make","nhtsa_model","nhtsa_trim","nhtsa_body","nhtsa_note"',
    );
    expect(csv[1]).toContain(`"valid","2012","CHEVROLET","Cruze","LT","Sedan/Saloon","",`);
    expect(csv[2]).toContain(`,"","","","","","'=HYPERLINK(""x"")",`);
  });
});
