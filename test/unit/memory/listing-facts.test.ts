// What a listing states (lib/memory/listing-facts.ts, listing-url.ts), on the shapes of real pages
// (docs/site-evidence.md, "Listings' price and mileage"): JSON-LD offers and mileageFromOdometer (a
// QuantitativeValue whose value is a number or a string with separators, or a bare string),
// Autotrader's __BONNET_DATA__ entries, CarMax's `const cars` literal, card text.
import { describe, expect, it } from 'vitest';
import { recordFacts, sane, textFacts } from '@/lib/memory/listing-facts';
import { listingUrl, siteOf } from '@/lib/memory/listing-url';

describe('a listing record says its price and mileage', () => {
  it('JSON-LD Car: offers.price, mileageFromOdometer as a QuantitativeValue with a string value (TrueCar, Autotrader)', () => {
    const car = {
      '@type': 'Car',
      vehicleIdentificationNumber: 'JH4DB7568SS006474',
      offers: { '@type': 'Offer', price: 3995, priceCurrency: 'USD' },
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: '171,211', unitCode: 'SMI' },
    };
    expect(recordFacts(car)).toEqual({ price: 3995, currency: 'USD', mileage: 171211 });
  });

  it('a bare mileage string (Carvana), an offer list, a price written as text with cents', () => {
    expect(recordFacts({ offers: [{ price: '21,590.00' }], mileageFromOdometer: '35,120 miles' })).toEqual({
      price: 21590,
      mileage: 35120,
    });
  });

  it("Autotrader's state: pricingDetail.salePrice and mileage {label, value}", () => {
    const entry = {
      vin: '1B4GP54RXVB379372',
      pricingDetail: { salePrice: 2450 },
      mileage: { label: 'miles', value: '203,410' },
    };
    expect(recordFacts(entry)).toEqual({ price: 2450, mileage: 203410 });
  });

  it("CarMax's literal: basePrice and a numeric mileage; a European lot in kilometres", () => {
    expect(recordFacts({ stockNumber: 1, basePrice: 18998, mileage: 54000 })).toEqual({
      price: 18998,
      mileage: 54000,
    });
    expect(
      recordFacts({
        offers: { price: 12500, priceCurrency: 'eur' },
        mileageFromOdometer: { value: 85000, unitCode: 'KMT' },
      }),
    ).toEqual({ price: 12500, currency: 'EUR', mileage: 85000, km: true });
  });

  it('sold: schema.org SoldOut, or a status', () => {
    expect(recordFacts({ offers: { price: 9000, availability: 'https://schema.org/SoldOut' } }).sold).toBe(
      true,
    );
    expect(recordFacts({ status: 'SOLD' }).sold).toBe(true);
    expect(
      recordFacts({ offers: { price: 9000, availability: 'https://schema.org/InStock' } }).sold,
    ).toBeUndefined();
  });
});

describe("a card's text", () => {
  it('cars.com card text: "$4,300" and "101,000 mi.", not the monthly payment before it', () => {
    expect(textFacts('2008 Honda Civic LX Est. $86/mo $4,300 101,000 mi. Free CARFAX')).toEqual({
      price: 4300,
      mileage: 101000,
    });
  });

  it('euros and kilometres, "12.500 €" and "85 000 km"', () => {
    expect(textFacts('Ford Focus 1.0 EcoBoost 12.500 € · 85 000 km')).toEqual({
      price: 12500,
      currency: 'EUR',
      mileage: 85000,
      km: true,
    });
  });

  it("a labelled reading without a unit: Craigslist's attributes, eBay's item specifics; never a fuel economy", () => {
    // Craigslist's attribute group as text: "<span class=labl>odometer:</span><span class=valu>101,000</span>".
    expect(
      textFacts(
        '2008 honda civic lx condition:good cylinders:4 cylinders odometer:101,000 paint color:silver',
      ),
    ).toEqual({
      mileage: 101000,
    });
    expect(textFacts('cylinders:4 cylindersodometer:87000title status:clean')).toEqual({ mileage: 87000 });
    // eBay Motors' item specifics: the label and its value in cells of their own.
    expect(textFacts('Item specificsConditionUsedMileage45,000Year2015')).toEqual({ mileage: 45000 });
    expect(textFacts('Kilometrage: 85.000 · Diesel')).toEqual({ mileage: 85000, km: true });
    expect(textFacts('Gas Mileage 26 City / 33 Hwy')).toEqual({});
    expect(textFacts('Mileage: 31 mpg combined')).toEqual({});
  });

  it('what the record said is kept; the text only fills gaps', () => {
    expect(textFacts('$9,999 · 12,000 miles', { price: 8000 })).toEqual({ price: 8000, mileage: 12000 });
  });

  it('values the background would refuse are dropped, not sent to cost the batch', () => {
    expect(sane({ price: 2_000_000_000, currency: 'US', mileage: 50_000_000, km: true, sold: true })).toEqual(
      { sold: true },
    );
  });
});

describe('the listing address and its site', () => {
  it("keeps the listing's id parameter and drops tracking (Autotrader's listingId=, utm_*, clickType, zip)", () => {
    expect(
      listingUrl(
        'https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=568474801&zip=30301&referrer=%2Fcars&clickType=listing&utm_source=x#photos',
      ),
    ).toBe('https://www.autotrader.com/cars-for-sale/vehicledetails.xhtml?listingId=568474801');
    expect(listingUrl('https://www.cars.com/vehicledetail/0b1e2c3d-0001/?attribution_type=srp')).toBe(
      'https://www.cars.com/vehicledetail/0b1e2c3d-0001/',
    );
    expect(listingUrl('javascript:alert(1)')).toBeNull();
    expect(listingUrl('not a url')).toBeNull();
  });

  it('a curated site under any subdomain is one site; other hosts lose www.', () => {
    expect(siteOf('seattle.craigslist.org')).toBe('craigslist.org');
    expect(siteOf('www.cars.com')).toBe('cars.com');
    expect(siteOf('www.dealer-example.com')).toBe('dealer-example.com');
  });
});
