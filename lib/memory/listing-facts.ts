// What the page's data record for a vehicle says of its price, mileage and sold state
// (docs/listing-evidence.md: JSON-LD `offers.price` and `mileageFromOdometer`, a QuantitativeValue
// whose value may be a string with separators, or a bare string; Autotrader's
// `pricingDetail.salePrice` and `mileage: {label, value}`; Carvana's `price.total`; TrueCar's
// `pricing.listPrice`; CarMax's `basePrice`; cars.com's `price`). Only to confirm what the card shows
// (read-card.ts): a sold car's price in the data, or a page-wide `lowPrice`, is not the listing's.
// Pure, and in the content script's budget: no tables.

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

const PRICE_KEYS = ['price', 'salePrice', 'askingPrice', 'listPrice', 'internetPrice', 'basePrice'];
const MILEAGE_KEYS = ['mileageFromOdometer', 'mileage', 'odometer', 'miles'];

/** The listing's facts in the page's record of it (and its `offers`, `pricingDetail`). */
export function recordFacts(record: Json): ListingFacts {
  const facts: ListingFacts = {};
  const offers = Array.isArray(record.offers) ? record.offers[0] : record.offers;
  for (const place of [record, offers, record.pricingDetail, record.pricing]) {
    if (!isObject(place)) continue;
    for (const key of PRICE_KEYS) {
      const value = place[key];
      // Carvana's state: `price` is an object whose `total` is the asking price.
      const price = amount(isObject(value) ? value.total : value);
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
  // Carvana keeps it in the vehicle's `details`.
  const details = isObject(record.details) ? record.details : {};
  const status = record.status ?? record.listingStatus ?? record.saleStatus ?? details.saleStatus;
  if (record.sold === true || /^sold$/i.test(String(status ?? ''))) facts.sold = true;
  return facts;
}

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

/**
 * The dealer a vehicle's record names, as a marketplace's data writes it: JSON-LD `offers.seller` (or
 * `seller`) with its `name`, Autotrader's `owner` (a dealer's number), a `dealer` object or a
 * `dealerName`/`dealerId`/`sellerId`. What the card says of its seller decides only on a curated
 * marketplace (model-cars.ts: sellerOf), where a dealer cannot make itself many.
 */
export function recordDealer(record: Json): string | undefined {
  const offers = Array.isArray(record.offers) ? record.offers[0] : record.offers;
  for (const value of [
    isObject(offers) ? offers.seller : undefined,
    record.seller,
    record.dealer,
    record.owner,
    record.dealerName,
    record.dealerId,
    record.sellerId,
  ]) {
    const name = isObject(value) ? (value.name ?? value.id) : value;
    if ((typeof name === 'string' && name.trim()) || typeof name === 'number')
      return String(name).trim().slice(0, 100);
  }
  return undefined;
}
