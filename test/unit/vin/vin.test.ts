// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDigitStatus,
  describeVinProblem,
  findVinCandidates,
  modelYear,
  normalizeVin,
} from '@/lib/vin/vin-syntax';
import { decodeVin, isVin } from '@/lib/vin/vin-verdict';
import { decodedVins, exceptionVins } from '../../../samples/real-vins';
import { vinOf } from '../../../samples/vin-of';

/** The product's pipeline on text: the content script's candidates, then the background's verdict. */
const findVins = (text: string) => findVinCandidates(text).filter(({ vin }) => isVin(vin, false));
const isValidVin = (vin: string) => checkDigitStatus(vin) === 'valid';

const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

describe('real VINs from samples/data', () => {
  const decoded = decodedVins();
  const exceptions = exceptionVins();

  it('reads all of them', () => {
    expect(decoded).toHaveLength(97);
    expect(exceptions).toHaveLength(299);
  });

  it('finds every one in running text and decodes its model year', () => {
    for (const real of [...decoded, ...exceptions]) {
      const text = `2 owners · VIN: ${real.vin} · Stock #A${real.year}`;
      expect(findVins(text), real.vin).toEqual([{ vin: real.vin, index: 16 }]);
      expect(modelYear(real.vin, 2026), real.vin).toBe(real.year);
    }
  });

  it('holds a correct check digit for every decoded VIN', () => {
    expect(decoded.filter((r) => !isValidVin(r.vin)).map((r) => r.vin)).toEqual([]);
  });

  it('never calls the check digit of a known exception a mistake', () => {
    for (const real of exceptions) {
      expect(isValidVin(real.vin)).toBe(false);
      expect(checkDigitStatus(real.vin)).toBe('exempt');
      expect(describeVinProblem(real.vin)).toBeNull();
    }
  });

  it('decodes region, country and the make of common manufacturers offline', () => {
    expect(decodeVin(vinOf('1G1PG5SC3C7167133'), 2026)).toEqual({
      vin: '1G1PG5SC3C7167133',
      wmi: '1G1',
      region: 'North America',
      country: 'United States',
      make: 'Chevrolet',
      modelYear: 2012,
      checkDigit: 'valid',
    });
    expect(decodeVin(vinOf('WP0CB29874U669313'), 2026)).toMatchObject({
      region: 'Europe',
      country: 'Germany',
      make: 'Porsche',
      modelYear: 2004,
    });
    expect(decodeVin(vinOf('KMTGA4SCDRU227656'), 2026)).toMatchObject({
      country: 'South Korea',
      make: 'Genesis',
      modelYear: 2024,
      checkDigit: 'exempt',
    });
    // The make is named for most real VINs of the data set.
    const named = decoded.filter((r) => decodeVin(vinOf(r.vin)).make);
    expect(named.length / decoded.length).toBeGreaterThan(0.9);
  });
});

describe('findVins', () => {
  it('does not take a VIN glued to letters or digits', () => {
    expect(findVins('X1G1PG5SC3C7167133')).toEqual([]);
    expect(findVins('1G1PG5SC3C71671331')).toEqual([]);
    expect(findVins('1G1PG5SC3C7167133SaveCompare')).toEqual([]);
    expect(findVins('/inventory/used-2012-cruze-1G1PG5SC3C7167133?ref=x')).toEqual([
      { vin: '1G1PG5SC3C7167133', index: 27 },
    ]);
  });

  it('finds several VINs in order', () => {
    const text = 'A: 1G1PG5SC3C7167133; B: JH4DC4340RS003205, C: 1C6RD6FT1CS310366.';
    expect(findVins(text).map((f) => f.vin)).toEqual([
      '1G1PG5SC3C7167133',
      'JH4DC4340RS003205',
      '1C6RD6FT1CS310366',
    ]);
  });

  it('never takes a masked or partial VIN', () => {
    expect(findVins('VIN 1HGCV1F35NA****** lot 4411')).toEqual([]);
    expect(findVins('VIN 1HGCV1F35NA12345')).toEqual([]);
  });

  it('finds nothing in 17-digit order numbers (letters and digits both required)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{16}$/), (order) => {
        expect(findVins(`Order ${order}`)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds nothing in realistic decoys: hashes, stock numbers, tracking codes, base36 ids', () => {
    const decoys = fc.oneof(
      fc.stringMatching(/^[0-9A-F]{32}$/), // MD5 in capitals
      fc.stringMatching(/^[0-9A-F]{40}$/), // SHA-1
      fc.stringMatching(/^STK-[0-9]{2}-[0-9]{6}$/), // stock numbers
      fc.stringMatching(/^1Z[0-9A-Z]{16}$/), // UPS tracking: 18 characters
      fc.stringMatching(/^[0-9]{20,22}$/), // USPS tracking
      fc.stringMatching(/^[0-9a-z]{17}$/), // base36 ids, lower case
      fc.stringMatching(/^c[0-9a-z]{24}$/), // cuid
    );
    fc.assert(
      fc.property(decoys, (decoy) => {
        expect(findVins(`ref ${decoy} end`)).toEqual([]);
      }),
      { numRuns: 5000 },
    );
  });

  it('takes at most 0.5% of uniform random 17-character strings over the VIN alphabet', () => {
    // Deterministic generator so the rate is the same on every run and machine.
    let seed = 42;
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const samples = 200_000;
    let taken = 0;
    for (let i = 0; i < samples; i++) {
      let s = '';
      for (let j = 0; j < 17; j++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
      if (findVins(s).length) taken++;
    }
    const rate = taken / samples;
    console.info(`false-positive rate on ${samples} uniform random strings: ${(rate * 100).toFixed(3)}%`);
    expect(rate).toBeLessThanOrEqual(0.005);
  });
});

describe('typed VINs', () => {
  it('normalises spaces, dashes and case', () => {
    expect(normalizeVin(' 1g1pg5sc3c-716 7133 ')).toBe('1G1PG5SC3C7167133');
    expect(normalizeVin('1G1PG5SC3C716713')).toBeNull();
  });

  it.each([
    ['', 'Enter a VIN.'],
    ['1G1PG5SC3C716713', 'A VIN has 17 characters; this one has 16.'],
    ['1G1PG5SC3C71671O3', 'A VIN never contains the letter O (I, O and Q are not used).'],
    ['1G1PG5SC3C71671#3', 'A VIN holds only letters and digits; "#" is not allowed.'],
    [
      '1G1PG5SC4C7167133',
      'The 9th character (the check digit) should be 3 for this VIN: check it for a typo.',
    ],
    ['1g1pg5sc3c7167133', null],
  ])('%j -> %j', (input, message) => {
    expect(describeVinProblem(input)).toBe(message);
  });
});

describe('listing mismatch', () => {
  it('warns when the listing names another year or make family, and says nothing when unsure', async () => {
    const { listingMismatch } = await import('@/lib/vin/listing-mismatch');
    const toyota2010 = { modelYear: 2010, make: 'Toyota' };
    expect(listingMismatch(toyota2010, '2018 Honda Accord EX-L')).toEqual({ year: 2018, make: 'Honda' });
    expect(listingMismatch(toyota2010, 'Used 2010 Toyota Camry LE')).toBeNull();
    expect(listingMismatch(toyota2010, '2010 Lexus ES 350')).toBeNull(); // one family
    expect(listingMismatch(toyota2010, '2011 Toyota Camry')).toEqual({ year: 2011, make: 'Toyota' });
    expect(listingMismatch({ modelYear: 2012, make: 'Chevrolet' }, '2012 Chevy Cruze LT')).toBeNull();
    expect(listingMismatch({ modelYear: 2012, make: 'Dodge' }, '2012 Ram 1500 Laramie')).toBeNull();
    expect(listingMismatch({ modelYear: 2001, make: 'Volkswagen' }, '2001 VW Jetta')).toBeNull();
    expect(listingMismatch({ modelYear: 2001, make: 'Mercedes-Benz' }, '2001 Mercedes ML320')).toBeNull();
    // The 30-year cycle: a 1988 listing of a VIN decoded as 2018 is not contradicted.
    expect(listingMismatch({ modelYear: 2018, make: 'Ford' }, '1988 Ford Bronco II')).toBeNull();
    // Unsure: no make known from the VIN, no year or make in the title.
    expect(listingMismatch({ modelYear: 2010 }, '2010 Honda Accord')).toBeNull();
    expect(listingMismatch(toyota2010, 'Great family car, low miles')).toBeNull();
  });
});

// A European-market VIN (ISO 3779): no check digit in position 9, no model year in position 10. The
// shape of eu-auction-lot.html's (test/fixtures/corpus/): a real manufacturer code, WDD, on that pattern.
describe('a VIN made outside North America', () => {
  const EU = 'WDD2040481A712345';

  it('is a VIN under a label only, and only with a known manufacturer code', async () => {
    const { acceptLabelledVin } = await import('@/lib/vin/json-vins');
    expect(checkDigitStatus(EU)).toBe('invalid');
    expect(acceptLabelledVin(` ${EU.toLowerCase()} `)).toBe(EU);
    expect(isVin(EU, true)).toBe(true);
    // Unlabelled, in text, the rules still tell it from a 17-character code: not a VIN.
    expect(isVin(EU, false)).toBe(false);
    expect(findVins(`Lot 40721 · ${EU}`)).toEqual([]);
    // Labelled but with no known maker (QQQ) or no digit: not a VIN either.
    expect(isVin('QQQ2040481A712345', true)).toBe(false);
    expect(acceptLabelledVin('WDDABCDEFGHJKLMNP')).toBeNull();
    // A North American VIN keeps every rule, labelled or not.
    expect(acceptLabelledVin('1G1PG5SC4C7167133')).toBeNull();
  });

  it('has no model year read from position 10 when it has no check digit, so no year contradicts the listing', async () => {
    const { listingMismatch } = await import('@/lib/vin/listing-mismatch');
    const decode = decodeVin(vinOf(EU), 2026);
    expect(decode).toMatchObject({ make: 'Mercedes-Benz', region: 'Europe', checkDigit: 'invalid' });
    expect(decode.modelYear).toBeUndefined();
    expect(listingMismatch(decode, '2010 Mercedes-Benz C 200 CDI Estate')).toBeNull();
    // A European maker's North American VIN (right check digit) keeps its model year.
    expect(decodeVin(vinOf('WP0CB29874U669313'), 2026).modelYear).toBe(2004);
  });

  it('is found in an analytics event written as a JavaScript literal, with the item it describes', async () => {
    const { vinsInScriptText } = await import('@/lib/vin/json-vins');
    const { titleNames } = await import('@/lib/vin/listing-identity');
    const script = `window.dataLayer = window.dataLayer || [];
      window.dataLayer.push({ event: 'view_item', ecommerce: { currency: 'EUR', items: [{
        item_id: 'LOT-40721', item_name: '2010 Mercedes-Benz C 200 CDI Estate', vehicle_vin: '${EU}', price: 7450 }] } });`;
    const [found, ...more] = vinsInScriptText(script);
    expect(more).toEqual([]);
    expect(found?.vin).toBe(EU);
    expect(found?.record).toMatchObject({ item_id: 'LOT-40721', price: 7450 });
    const record = found?.record ?? {};
    // The page is about it when its title names the item as the item names itself.
    expect(titleNames('2010 Mercedes-Benz C 200 CDI Estate · Lot 40721 · Online car auction', record)).toBe(
      true,
    );
    expect(titleNames('Mercedes-Benz estates at auction', record)).toBe(false);
  });
});
