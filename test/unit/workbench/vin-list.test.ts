// What the workbench takes out of pasted text: the VINs in it (any case, any separator, inside a URL
// slug), each once, and every near-VIN refused with the reason; a wrong check digit is a warning.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVinSyntax } from '@/lib/vin/vin-syntax';
import { checkDigitWarning, extractVinList } from '@/lib/workbench/vin-list';
import { decodedVins, exceptionVins } from '../../../samples/real-vins';

const REAL = decodedVins().map((v) => v.vin);

describe('extractVinList', () => {
  it('finds VINs in a spreadsheet column, a CSV line, an e-mail and a URL slug, in order, once each', () => {
    const [a, b, c, d] = REAL as [string, string, string, string];
    const text = [
      'VIN\tYear\tPrice',
      `${a}\t2019\t$12,500`,
      `"${b.toLowerCase()}","Honda","Lot 12"`,
      `Hi, please pull ${c}. Thanks! Call 555-123-4567.`,
      `https://example.com/inventory/2019-honda-accord-${d}?ref=email`,
      a,
    ].join('\n');
    expect(extractVinList(text)).toEqual({ vins: [a, b, c, d], rejected: [], duplicates: 1 });
  });

  it('says why each near-VIN is refused: length, I/O/Q, masked', () => {
    const { vins, rejected } = extractVinList(
      '1HGCM82633A00435 1HGCM82633A0043521 1HGCM82633O004352 1HGCM826******** JH4KA7561RC00001Q',
    );
    expect(vins).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual([
      'length: 16 characters, a VIN has 17',
      'length: 18 characters, a VIN has 17',
      'letter O: a VIN never contains I, O or Q',
      'masked: part of the VIN is hidden',
      'letter Q: a VIN never contains I, O or Q',
    ]);
  });

  it('takes a labelled VIN printed in groups (auction sheets, e-mails), and lists one that does not add up', () => {
    const sheet = [
      'Lot 114  VIN: 1G1FY6S0 3J4227091  Odometer 48,220',
      'VIN # 1FM DU34 X7P UD75574 grey',
      'vin no. JH4DC434 0RS003205',
      'VIN: 1G8ZF528 01Z32273 run no. 12',
    ].join('\n');
    const list = extractVinList(sheet);
    expect(list.vins).toEqual(['1G1FY6S03J4227091', '1FMDU34X7PUD75574', 'JH4DC4340RS003205']);
    // Sixteen characters after the label: not taken, and not dropped without a word either.
    expect(list.rejected).toEqual([
      { text: '1G8ZF52801Z32273', reason: 'length: 16 characters, a VIN has 17' },
    ]);
  });

  it('a table whose header ends in "VIN" gives each row its own VIN: no lot or stock number glued on, nothing dropped', () => {
    // A run list pasted from an auction's sheet (lot, then VIN, space apart) and a dealer system's
    // export (tab apart, as a spreadsheet copies cells). The labelled-groups rule read across the
    // header's line break: "12345" + the first VIN made 22 characters (refused), "A123 45000" + the
    // VIN 26 (dropped without a word).
    const lots = ['Lot / VIN', '12345 1G1FY6S03J4227091', '12346 JH4DC4340RS003205'].join('\n');
    expect(extractVinList(lots)).toEqual({
      vins: ['1G1FY6S03J4227091', 'JH4DC4340RS003205'],
      rejected: [],
      duplicates: 0,
    });
    const stock = [
      'Stock\tMileage\tVIN',
      'A123\t45000\t1G1FY6S03J4227091',
      'B77\t61,200\t5N3ZA0NE1AN908084',
    ].join('\r\n');
    expect(extractVinList(stock)).toEqual({
      vins: ['1G1FY6S03J4227091', '5N3ZA0NE1AN908084'],
      rejected: [],
      duplicates: 0,
    });
    const comma = ['stock,mileage,VIN', 'A123,45000,1G1FY6S03J4227091'].join('\n');
    expect(extractVinList(comma).vins).toEqual(['1G1FY6S03J4227091']);
    // A VIN in groups right after its label on the same line is still taken.
    expect(extractVinList('Lot / VIN\n12345 VIN: 1G1FY6S0 3J4227091').vins).toEqual(['1G1FY6S03J4227091']);
  });

  it('leaves words, prices, phone numbers, dates and long hashes alone', () => {
    const text =
      'Stock #A1234, 2019 Honda Accord EX-L, 45,000 miles, $21,995. Call (555) 123-4567 by 2026-11-30. ' +
      'Ref 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    expect(extractVinList(text)).toEqual({ vins: [], rejected: [], duplicates: 0 });
  });

  it('keeps a VIN with a wrong check digit, with a warning; makers known to skip the rule get none', () => {
    const real = REAL[0] as string;
    const wrong = `${real.slice(0, 8)}${real[8] === '0' ? '1' : '0'}${real.slice(9)}`;
    const genesis = exceptionVins()[0]?.vin as string;
    expect(extractVinList(`${wrong} ${genesis}`).vins).toEqual([wrong, genesis]);
    expect(checkDigitWarning(wrong)).toMatch(/should be/);
    expect(checkDigitWarning(genesis)).toBeNull();
    expect(checkDigitWarning(real)).toBeNull();
  });

  it('finds every VIN hidden in any separator noise, and nothing that is not one (property)', () => {
    const noise = fc.stringMatching(/^[ ,;\t\n"'|:()$.]{1,4}[a-z ]{0,6}[ ,;\t\n"'|:()]{1,3}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...REAL), noise), { minLength: 1, maxLength: 20 }),
        (parts) => {
          const text = parts.map(([vin, gap]) => `${vin}${gap}`).join('');
          const { vins } = extractVinList(text);
          expect(vins).toEqual([...new Set(parts.map(([vin]) => vin))]);
          for (const vin of vins) expect(isVinSyntax(vin) || checkDigitWarning(vin) !== null).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
