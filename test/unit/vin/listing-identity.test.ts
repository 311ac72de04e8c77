// The keys that tie a record in page data to a card: the same listing written the ways real pages
// write it must meet on one key, and unrelated things must not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idKeys, nameKeys, recordKeys, titleNames, urlKeys } from '@/lib/vin/listing-identity';

const BASE = 'https://www.example.com/cars/search?page=2';
const shared = (a: string[], b: string[]) => a.some((k) => b.includes(k));

describe('listing identity keys', () => {
  it('a URL meets itself absolute or relative, with or without query, fragment and trailing slash', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 4 }),
        fc.stringMatching(/^[a-z0-9=&]{0,20}$/),
        fc.boolean(),
        (segments, query, slash) => {
          const path = `/${segments.join('/')}`;
          const absolute = urlKeys(`https://www.example.com${path}`, BASE);
          const written = urlKeys(`${path}${slash ? '/' : ''}${query ? `?${query}` : ''}#photos`, BASE);
          expect(absolute.find((k) => k.startsWith('p:'))).toBe(written.find((k) => k.startsWith('p:')));
        },
      ),
    );
  });

  it('an id meets the same id in a link path, a query value or an attribute like "listing-684213377"', () => {
    const record = recordKeys({ id: 684213377, vin: 'X' }, undefined, BASE).strong;
    expect(shared(record, urlKeys('/cars-for-sale/vehicle/684213377', BASE))).toBe(true);
    expect(shared(record, urlKeys('/vdp?listingId=684213377&zip=30338', BASE))).toBe(true);
    expect(shared(record, idKeys('listing-684213377'))).toBe(true);
    expect(shared(record, urlKeys('/cars-for-sale/vehicle/684213378', BASE))).toBe(false);
  });

  it('names meet loosely: case, spacing, "Used"/"Certified", word order, a trim added on one side', () => {
    const record = nameKeys('Used 2019 Honda Accord Sport');
    expect(shared(record, nameKeys('2019  HONDA accord sport'))).toBe(true);
    expect(shared(record, nameKeys('Certified Pre-Owned 2019 Honda Accord Sport'))).toBe(true);
    expect(shared(record, nameKeys('Honda Accord Sport 2019'))).toBe(true);
    expect(shared(record, nameKeys('2019 Honda Accord'))).toBe(true);
    expect(shared(record, nameKeys('2018 Honda Accord Sport'))).toBe(false);
    expect(shared(record, nameKeys('2019 Honda Civic Sport'))).toBe(false);
  });

  it('a record: its key in the parent, nested URLs (offers.url, links.*) strong; photos and names weak; ids of other things ignored', () => {
    const keys = recordKeys(
      {
        vin: 'X',
        name: '2018 Kia Stinger GT2',
        offers: { url: 'https://www.carvana.com/vehicle/2551002?utm=1' },
        links: { self: { href: '/inventory/used-2018-kia-stinger' } },
        image: 'https://cdn.example.com/2551002/front.jpg',
        dealerId: 7777,
        makeId: 1234,
        stockNumber: 'STK-48213',
      },
      'Listing:abc12345',
      BASE,
    );
    expect(keys.strong).toEqual(
      expect.arrayContaining([
        'i:abc12345',
        'p:/vehicle/2551002',
        'i:2551002',
        'p:/inventory/used-2018-kia-stinger',
        'i:stk-48213',
      ]),
    );
    expect(keys.strong).not.toContain('i:7777');
    expect(keys.strong).not.toContain('i:1234');
    expect(keys.weak).toEqual(expect.arrayContaining(['f:front.jpg', ...nameKeys('2018 Kia Stinger GT2')]));
    expect(keys.strong.some((k) => k.includes('front.jpg'))).toBe(false);
  });

  it("reads a large record's ids and page address first: they are found past 60 values of photos and specifications", () => {
    // A 2020 Autotrader carousel listing's shape: photos and specifications before its id and page.
    const record = {
      vin: 'X',
      images: {
        sources: Array.from({ length: 40 }, (_, i) => ({ src: `https://images.example/568474869/${i}.jpg` })),
      },
      specifications: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`spec${i}`, `value ${i}`])),
      id: 568474869,
      website: { href: '/cars-for-sale/vehicledetails.xhtml?listingId=568474869&clickType=spotlight' },
    };
    const keys = recordKeys(record, undefined, BASE);
    expect(keys.strong).toEqual(
      expect.arrayContaining(['i:568474869', 'p:/cars-for-sale/vehicledetails.xhtml']),
    );
  });

  it('words and short numbers are not ids; scripts and data URLs are not URLs', () => {
    expect(idKeys('vehicle')).toEqual([]);
    expect(idKeys('123')).toEqual([]);
    expect(urlKeys('javascript:alert(1)', BASE)).toEqual([]);
    expect(urlKeys('data:image/png;base64,AAAA', BASE)).toEqual([]);
  });
});

describe('a page title naming a vehicle record', () => {
  const f150 = { vin: '1FTEF14N5KNB35920', year: 1989, make: 'Ford', model: 'F-150' };

  it('names it when year, make and model are all in the title, written apart or together', () => {
    expect(titleNames('Used 1989 Ford F-150 Regular Cab | Carvana', f150)).toBe(true);
    expect(titleNames('Used 1989 Ford F150 Regular Cab | Carvana', f150)).toBe(true);
    expect(titleNames('1989 FORD F 150 XLT for sale', f150)).toBe(true);
    // schema.org's names: brand as an object, modelDate.
    expect(
      titleNames('2010 Jeep Wrangler Unlimited - Dealer', {
        brand: { name: 'Jeep' },
        model: 'Wrangler',
        modelDate: '2010',
      }),
    ).toBe(true);
  });

  it("names a record with no year at all by its make and model (an Adobe data layer's vehicle)", () => {
    const lot = { vin: 'WF0NXXGCHNHR12345', vrm: 'AB12CDE', make: 'FORD', model: 'FOCUS' };
    expect(titleNames('Ford Focus Titanium 1.0 EcoBoost 5dr | Lot 5123 | Vehicle auction', lot)).toBe(true);
    expect(titleNames('Vauxhall Astra SRi | Lot 5124', lot)).toBe(false);
    expect(titleNames('Ford Fiesta Zetec | Lot 5125', lot)).toBe(false);
  });

  it('does not name it when a part is missing or only glued inside another word', () => {
    expect(titleNames('Used Ford F-150 for Sale Near You', f150)).toBe(false); // a search page: no year
    expect(titleNames('Used 1990 Ford F-150', f150)).toBe(false);
    expect(titleNames('Affordable 1989 trucks: F-150 and more', f150)).toBe(false); // "ford" in "affordable"
    expect(titleNames('Used 1989 Ford F-150', { vin: 'X', year: 1989, make: 'Ford' })).toBe(false);
  });
});
