// What a listing states about its vehicle: price, mileage, whether it is sold. From the record that
// holds the VIN in the page's data first (docs/site-evidence.md, "Listings' price and mileage":
// JSON-LD `offers.price` and `mileageFromOdometer`, a QuantitativeValue whose value may be a string
// with separators, or a bare string; Autotrader's `pricingDetail.salePrice` and
// `mileage: {label, value}`; CarMax's `basePrice` and `mileage`; cars.com's `price`), then, for
// what the data does not say, the card's own text ($4,300; 101,000 mi.). Pure, and in the content
// script's budget: no tables.

export interface ListingFacts {
  price?: number;
  /** ISO 4217, when the listing says (JSON-LD priceCurrency) or shows € / £. */
  currency?: string;
  mileage?: number;
  /** The mileage is in kilometres. */
  km?: boolean;
  sold?: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A count as pages write it: 26801, "26,801", "26 801", "26.801 km"; undefined when none. */
export function amount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  // One separator throughout ("4,300 101,000 mi." is two numbers, "85 000" one).
  const found = /\d{1,3}([,.\s\u00a0])\d{3}(?:\1\d{3})*(?!\d)|\d+/.exec(value);
  return found ? Number(found[0].replace(/\D/g, '')) : undefined;
}

const PRICE_KEYS = [
  'price',
  'salePrice',
  'askingPrice',
  'listPrice',
  'internetPrice',
  'basePrice',
  'lowPrice',
];
const MILEAGE_KEYS = ['mileageFromOdometer', 'mileage', 'odometer', 'miles'];

/** The listing's facts in the page's record of it (and its `offers`, `pricingDetail`). */
export function recordFacts(record: Json): ListingFacts {
  const facts: ListingFacts = {};
  const offers = Array.isArray(record.offers) ? record.offers[0] : record.offers;
  for (const place of [record, offers, record.pricingDetail]) {
    if (!isObject(place)) continue;
    for (const key of PRICE_KEYS) {
      const price = amount(place[key]);
      if (facts.price === undefined && price !== undefined && price >= 100) facts.price = price;
    }
    if (typeof place.priceCurrency === 'string')
      facts.currency = place.priceCurrency.slice(0, 3).toUpperCase();
    if (/SoldOut|Discontinued/i.test(String(place.availability ?? ''))) facts.sold = true;
  }
  for (const key of MILEAGE_KEYS) {
    const raw = record[key];
    const value = isObject(raw) ? raw.value : raw;
    const miles = amount(value);
    if (miles === undefined) continue;
    facts.mileage = miles;
    const unit = isObject(raw)
      ? `${raw.unitCode ?? ''} ${raw.unitText ?? ''} ${raw.label ?? ''}`
      : String(raw);
    if (/KMT|\bkm|kilomet/i.test(unit)) facts.km = true;
    break;
  }
  if (record.sold === true || /^sold$/i.test(String(record.status ?? record.listingStatus ?? '')))
    facts.sold = true;
  return facts;
}

// "$4,300" (not "$86/mo"), "€ 12.500", "12 500 €"; "101,000 mi.", "26,801 miles", "85 000 km".
const PRICE_TEXT =
  /(?:US)?\$\s?(\d{1,3}(?:,\d{3})+|\d{3,7})(?!\d|\s*\/\s*mo|\s*per\b|\s*mo\b)|([€£])\s?(\d{1,3}([.,\s\u00a0])\d{3}(?:\4\d{3})*|\d{3,7})|(\d{1,3}([.,\s\u00a0])\d{3}(?:\6\d{3})*|\d{3,7})\s?([€£])/;
const MILEAGE_TEXT = /(\d{1,3}([,.\s\u00a0])\d{3}(?:\2\d{3})*|\d{1,7})\s?(mi\b|miles\b|km\b|kms\b|kilomet)/i;
// A labelled reading without a unit: Craigslist's attributes ("odometer: 101000"), eBay's item
// specifics ("Mileage45,000"); in text their cells glue to the one before ("4 cylindersodometer:…"),
// so the label needs no word boundary before it. Never a fuel economy ("Gas Mileage 26 City").
const LABELLED_MILEAGE =
  /(odometer|mileage|kilometrage|kilometers|kilometres)(?![a-z])\s*:?\s*(\d{1,3}([,.\s\u00a0])\d{3}(?:\3\d{3})*|\d{1,7})(?![\d.,]?\d)(?!\s*(?:\/|city|hwy|highway|mpg|combined|mpge))/i;

/** Only what the background's schema takes (lib/memory/listing-memory.ts: Sighting): one odd value
 * (a "price" of 10^9, a currency "US") must not cost the whole batch. */
export function sane(facts: ListingFacts): ListingFacts {
  const out: ListingFacts = {};
  if (facts.price !== undefined && facts.price <= 100_000_000) out.price = facts.price;
  if (facts.currency && /^[A-Z]{3}$/.test(facts.currency)) out.currency = facts.currency;
  if (facts.mileage !== undefined && facts.mileage <= 10_000_000) {
    out.mileage = facts.mileage;
    if (facts.km) out.km = true;
  }
  if (facts.sold) out.sold = true;
  return out;
}

/** What a card's text says, for what its data did not. */
export function textFacts(text: string, facts: ListingFacts = {}): ListingFacts {
  const out = { ...facts };
  // Each pattern only where its symbol or unit appears: a card's long digit runs (order numbers,
  // hashes) are otherwise tried at every digit (bench:memory).
  if (out.price === undefined && /[$€£]/.test(text)) {
    const price = PRICE_TEXT.exec(text);
    if (price) {
      out.price = amount(price[1] ?? price[3] ?? price[5]);
      const symbol = price[2] ?? price[7];
      if (symbol) out.currency = symbol === '€' ? 'EUR' : 'GBP';
    }
  }
  if (out.mileage === undefined && /mi|km|kilomet|odometer/i.test(text)) {
    const miles = MILEAGE_TEXT.exec(text);
    const labelled = miles ? null : LABELLED_MILEAGE.exec(text);
    if (miles) {
      out.mileage = amount(miles[1]);
      if (/^k/i.test(miles[3] as string)) out.km = true;
    } else if (labelled) {
      out.mileage = amount(labelled[2]);
      if (/^k/i.test(labelled[1] as string)) out.km = true;
    }
  }
  return out;
}
