// What a listing states (lib/memory/listing-facts.ts, listing-url.ts), on the shapes of real pages
// (docs/site-evidence.md, "Listings' price and mileage"): JSON-LD offers and mileageFromOdometer (a
// QuantitativeValue whose value is a number or a string with separators, or a bare string),
// Autotrader's __BONNET_DATA__ entries, CarMax's `const cars` literal, card text.
import { describe, expect, it } from 'vitest';
import { recordFacts, sane } from '@/lib/memory/listing-facts';
import { isSiteOff, listingUrl, siteName, siteOf } from '@/lib/memory/listing-url';
import { readCard } from '@/lib/memory/read-card';
import { siteMoney } from '@/lib/memory/site-money';

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

  it("a page-wide AggregateOffer's lowPrice is no car's price; Carvana's price object; Carvana's sale status", () => {
    expect(
      recordFacts({ offers: { '@type': 'AggregateOffer', lowPrice: 713, highPrice: 42990 } }).price,
    ).toBeUndefined();
    expect(recordFacts({ price: { total: 11590, monthlyPayment: 239 }, mileage: 74210 })).toEqual({
      price: 11590,
      mileage: 74210,
    });
    expect(recordFacts({ details: { saleStatus: 'Sold', price: 15590 } }).sold).toBe(true);
  });

  it('values the background would refuse are dropped, not sent to cost the batch', () => {
    expect(sane({ price: 2_000_000_000, currency: 'US', mileage: 50_000_000, km: true, sold: true })).toEqual(
      { sold: true },
    );
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

describe("a card's snippets, read by the background (read-card.ts)", () => {
  const US = siteMoney('www.cars.com');
  const price = (text: string, hint = 'span primary-price < div') => readCard([[hint, text]], {}, US);

  it('bad input gets no value: "Call for price", "$0", "$1", "Price unavailable", "TBD", "999,999", mileage "0"', () => {
    expect(readCard([['div price', 'Call For Price']], { price: 12000 }, US)).toEqual({});
    expect(price('$0')).toEqual({});
    expect(price('$1')).toEqual({});
    expect(readCard([['span price', 'Price unavailable']], {}, US)).toEqual({});
    expect(readCard([['span price', 'TBD']], {}, US)).toEqual({});
    expect(price('$999,999')).toEqual({});
    expect(readCard([['div mileage', '999,999 mi.']], {}, US)).toEqual({});
    expect(readCard([['div mileage', '0 mi.']], {}, US)).toEqual({});
    expect(
      readCard(
        [
          ['dt', 'Mileage:'],
          ['dd', '0'],
        ],
        { mileage: 0 },
        US,
      ),
    ).toEqual({});
  });

  it('a figure its card does not show is never taken from the data; one it shows is confirmed', () => {
    expect(readCard([['h1', '2013 Infiniti JX35']], { price: 15590, mileage: 88402 }, US)).toEqual({});
    // Autotrader's price element without its "$" (the stylesheet draws it), named as the price.
    expect(readCard([['span first price', '10,488']], { price: 10488 }, US)).toEqual({
      price: 10488,
      currency: 'USD',
    });
    // A bare figure in an element that does not say what it is counts only when the data agrees.
    expect(readCard([['span', '10,488']], { price: 10488, currency: 'USD' }, US)).toEqual({
      price: 10488,
      currency: 'USD',
    });
    expect(readCard([['span', '10,488']], {}, US)).toEqual({});
  });

  it('sold only from a statement of its own: "Sold", "This vehicle has been sold"; never "Sold by" or "SOLD" inside other words', () => {
    expect(readCard([['span badge', 'SOLD']], {}, US).sold).toBe(true);
    expect(readCard([['p', 'This vehicle has been sold.']], {}, US).sold).toBe(true);
    expect(readCard([['p', 'Sold by Lakeside Auto']], {}, US).sold).toBeUndefined();
    expect(readCard([['p', 'SOLD AND SHIPPED BY AMAZON']], {}, US).sold).toBeUndefined();
    expect(readCard([['div purchase-callout', 'Purchase in Progress']], {}, US).sold).toBeUndefined();
  });

  it('units per site: autotrader.ca\'s "$" is CAD and its odometer km; an unknown host\'s bare figures are unsaid; euros by sign', () => {
    const ca = siteMoney('www.autotrader.ca');
    expect(
      readCard(
        [
          ['span price', '$18,995'],
          ['div mileage', 'Mileage'],
          ['div', '85,000'],
        ],
        {},
        ca,
      ),
    ).toEqual({
      price: 18995,
      currency: 'CAD',
      mileage: 85000,
      unit: 'km',
    });
    const other = siteMoney('www.some-dealer.com');
    expect(
      readCard(
        [
          ['span price', '$18,995'],
          ['dt', 'Mileage'],
          ['dd', '85,000'],
        ],
        {},
        other,
      ),
    ).toEqual({
      price: 18995,
      currency: null,
      mileage: 85000,
      unit: null,
    });
    expect(
      readCard(
        [
          ['span price', '€ 12.500,-'],
          ['span', '85.000 km'],
        ],
        {},
        other,
      ),
    ).toEqual({
      price: 12500,
      currency: 'EUR',
      mileage: 85000,
      unit: 'km',
    });
    expect(
      readCard(
        [
          ['span price', '12.500 €'],
          ['li', '85 000 km'],
        ],
        {},
        other,
      ),
    ).toEqual({
      price: 12500,
      currency: 'EUR',
      mileage: 85000,
      unit: 'km',
    });
    // Craigslist's Canadian cities.
    expect(siteMoney('vancouver.craigslist.org')).toMatchObject({ dollar: 'CAD', odometer: 'km' });
    expect(siteMoney('seattle.craigslist.org')).toMatchObject({ dollar: 'USD', odometer: 'mi' });
  });

  it('a payment split from its "/mo", a struck "was" price, a "$" in a span of its own before the figure', () => {
    expect(
      readCard(
        [
          ['span', '$239'],
          ['span', '/mo'],
        ],
        {},
        US,
      ),
    ).toEqual({});
    expect(
      readCard(
        [
          ['span was-price', '$13,999'],
          ['span sale-price', '$12,999'],
        ],
        {},
        US,
      ),
    ).toEqual({
      price: 12999,
      currency: 'USD',
    });
    expect(
      readCard(
        [
          ['span dollar', '$'],
          ['span amount', '12,999'],
        ],
        {},
        US,
      ),
    ).toEqual({
      price: 12999,
      currency: 'USD',
    });
    // Two different prices with the same standing say nothing (a similar-vehicles strip in the card).
    expect(
      readCard(
        [
          ['span primary-price', '$12,999'],
          ['span primary-price', '$9,995'],
        ],
        {},
        US,
      ),
    ).toEqual({});
  });

  it('abbreviated thousands ("48K mi") are no reading: a rounded figure would raise false warnings', () => {
    expect(readCard([['span', '48K mi']], {}, US)).toEqual({});
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

describe('a site left out, however it is written (issue 55)', () => {
  it('scheme, www., m., port, path, trailing dot and case all name one site', () => {
    for (const spelling of [
      'cars.com',
      'www.cars.com',
      'WWW.Cars.Com.',
      'https://www.cars.com',
      'https://www.cars.com/shopping/results/?zip=1',
      'http://m.cars.com:8080/',
      ' cars.com ',
    ])
      expect(siteName(spelling), spelling).toBe('cars.com');
    expect(siteName('https://www.smithford.com')).toBe('smithford.com');
    expect(siteName('seattle.craigslist.org')).toBe('craigslist.org');
    expect(siteName('   ')).toBe('');
  });

  it('a listed site leaves out its subdomains, and no other site that merely ends the same', () => {
    expect(isSiteOff('smithford.com', ['https://www.smithford.com'])).toBe(true);
    expect(isSiteOff('shop.smithford.com', ['smithford.com'])).toBe(true);
    expect(isSiteOff('cars.com', ['www.cars.com'])).toBe(true);
    expect(isSiteOff('notsmithford.com', ['smithford.com'])).toBe(false);
    expect(isSiteOff('cars.com', [''])).toBe(false);
  });
});

// Issue 61's suspected misreadings, each decided by a test: what the fair-price gauge must never rate.
describe('what is no asking price', () => {
  const US = siteMoney('www.ebay.com');
  it("eBay Motors' current bid ('US $N' in s-item__price, then 'N bids') is a bid, not an asking price", () => {
    // The shape of eBay's search results item (li.s-item: span.s-item__price, span.s-item__bids).
    expect(
      readCard(
        [
          ['span s-item__price < div s-item__details', 'US $12,500.00'],
          ['span s-item__bids s-item__bidCount < div s-item__details', '3 bids · 1d 4h left'],
        ],
        {},
        US,
      ),
    ).toEqual({});
    // The same card sold at a fixed price ("Buy It Now") keeps its price.
    expect(
      readCard(
        [
          ['span s-item__price < div s-item__details', 'US $12,500.00'],
          ['span s-item__purchase-options < div s-item__details', 'Buy It Now'],
        ],
        {},
        US,
      ),
    ).toEqual({ price: 12_500, currency: 'USD' });
  });

  it("a payment written in the price's own text ('$389 / mo') is no price", () => {
    expect(readCard([['span price < div card', '$389 / mo']], {}, US)).toEqual({});
    expect(readCard([['span price < div card', '$99/wk']], {}, US)).toEqual({});
  });

  it("Craigslist's cities outside the US and Canada are not read as dollars and miles", () => {
    expect(siteMoney('london.craigslist.org')).toMatchObject({ dollar: null, odometer: null });
    expect(siteMoney('tokyo.craigslist.org')).toMatchObject({ dollar: null, odometer: null });
    expect(siteMoney('sydney.craigslist.org')).toMatchObject({ dollar: 'AUD', odometer: 'km' });
    expect(siteMoney('auckland.craigslist.org')).toMatchObject({ dollar: 'NZD', odometer: 'km' });
    expect(siteMoney('seattle.craigslist.org')).toMatchObject({ dollar: 'USD', odometer: 'mi' });
    expect(siteMoney('toronto.craigslist.org')).toMatchObject({ dollar: 'CAD', odometer: 'km' });
  });
});
