// What a listing's card states, read in the background from the snippets the content script sends
// (card-snippets.ts there: each text of the card near a number, with the names of the elements
// around it). Only a figure whose role the card states: the asking price and the odometer, a
// labelled reading first; never a discount, a saving, a payment, a fee, a bid or a seller's distance
// (docs/listing-evidence.md, every trap of every site there). The page's data for the vehicle
// confirms a figure the card shows, or gives the currency or unit the card leaves unwritten; it never
// gives a value the card does not show. Unknown is not a number: a card that states none gives none.
// Pure.
import type { ListingFacts } from './listing-facts';
import { type SiteMoney, US_PLATFORM_HINT } from './site-money';

/** [the names of the text's element and its parent, the text] */
export type Snippet = [hint: string, text: string];

export interface CardReading {
  price?: number;
  /** ISO 4217; null: the card and the data leave it unsaid. */
  currency?: string | null;
  mileage?: number;
  /** null: the card and the data leave it unsaid. */
  unit?: 'mi' | 'km' | null;
  sold?: boolean;
}

// A number as pages write it: "26,801", "26.801", "26 801", "26801"; cents or ",-" after it.
const NUMBER = String.raw`(\d{1,3}(?:([,.\u00a0 ])\d{3})(?:\2\d{3})*|\d+)`;
const CENTS = String.raw`(?:[.,]\d{2}|,-)?`;
const PRICE_ALONE = new RegExp(
  String.raw`^(?:(US|C|CA|A|AU|NZ)?\s?(\$)|(€|£))?\s?${NUMBER}${CENTS}\s?(\$|€|£|USD|EUR|GBP|CAD|AUD)?\*?$`,
  'i',
);
const MILEAGE_ALONE = new RegExp(
  String.raw`^(?:~|approx\.?\s|about\s)?${NUMBER}\s?(mi|miles?|km|kms|kilomet(?:er|re)s?)?\.?$`,
  'i',
);
/** Labels that say the figure after them is the asking price. */
const PRICE_LABEL =
  /^(?:(?:our|sale|selling|internet|cash|asking|list|buy it now|retail|e-?)\s?price|price|asking|msrp)\s*:?\s*/i;
const MILEAGE_LABEL = /^(?:mileage|odometer|kilom[eé]trage|kilometers|kilometres|km stand)\s*:?\s*/i;
/** What a figure near a "$" is when it is not the price: said in its text, its label or its element. */
const NOT_PRICE =
  /\b(off|save|saving|savings|discount|under|below|above|over|drop|dropped|reduced|was|est|estimated|payment|payments|monthly|finance|lease|month|mo|down|deposit|fee|fees|shipping|delivery|tax|bid|bids|trade|market|average|avg|value|expected|rebate|incentive|bonus|strike|original|before|kbb|imv)\b/i;
/** What a "N mi" is when it is not the odometer: a distance, a range, a warranty. */
const NOT_MILEAGE =
  /\b(away|from|radius|distance|within|near|location|address|delivery|ship|shipping|warranty|coverage|range|interval|epa|mpg|per)\b|[()]|\s[-–]\s/i;
/** The same in an element's names: a card's own names (a "dealer-card") must not rule out its figures. */
const NOT_MILEAGE_HINT =
  /\b(away|radius|distance|location|address|delivery|shipping|warranty|coverage|range)\b/i;
const PAYMENT_AFTER = /^\s*(\/|per\b|mo\b|month|a month|down\b|cash down|off\b|below|under|price drop)/i;
/** A payment in the figure's own text. */
const PAYMENT_IN = /\d\s*\/\s*(mo|month|wk|week|bi-?weekly)\b|\bper (month|week)\b/i;
/** A card that shows bids (eBay Motors' "US $N" then "N bids", "Current bid"): its price is a bid. */
const BIDDING = /^\d+\s+bids?\b|\bcurrent bid\b|\bplace bid\b|\bhigh bid\b/i;
const SOLD = /^(?:sold!?|sold out|sold for\b.*|sold on\b.*)$|\b(?:has been|is|was) sold\b/i;
/** "Call for price", "Price unavailable", "TBD": a card saying it has no price. */
const NO_PRICE = /call for price|price unavailable|contact (?:us|dealer|seller) for|^tbd$|^n\/a$/i;

/** What separates the parts of a one-line list: "TRIM • N miles", "N kW, Diesel, N km, 2019". */
const LIST_SEPARATOR = /\s[•·|]\s|,\s|\s\/\s/;
const number = (digits: string) => Number(digits.replace(/\D/g, ''));
/** An element's names as words: "vehicleCardPricingBlockPrice" -> "vehicle card pricing block price". */
const words = (hint: string) => hint.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_=.]/g, ' ');
/** The text before a figure, when it is a label (no figure of its own): "Est.", "High Bid", "Mileage". */
const labelOf = (text: string | undefined) => (text && !/\d/.test(text) ? text.trim() : '');
/** Placeholders pages put where they have no figure: "999,999", "$1". */
const placeholder = (value: number) => /^9{6,}$/.test(String(value));

interface Found {
  value: number;
  symbol?: string;
  unit?: 'mi' | 'km';
  /** 0: labelled, 1: its element says its role, 2: a figure alone in its element. */
  tier: number;
}

function symbolCurrency(prefix: string | undefined, dollar: string | undefined, other: string | undefined) {
  if (other === '€' || /^eur$/i.test(other ?? '')) return 'EUR';
  if (other === '£' || /^gbp$/i.test(other ?? '')) return 'GBP';
  if (/^(usd)$/i.test(other ?? '') || /^us$/i.test(prefix ?? '')) return 'USD';
  if (/^(cad|c|ca)$/i.test(other ?? prefix ?? '')) return 'CAD';
  if (/^(aud|a|au)$/i.test(other ?? prefix ?? '')) return 'AUD';
  if (/^nz$/i.test(prefix ?? '')) return 'NZD';
  return dollar || other === '$' ? '$' : undefined;
}

/** The asking price a snippet states, if it states one; `label`: the text before it. */
function priceIn(snippets: Snippet[], i: number): Found | null {
  const [names, raw] = snippets[i] as Snippet;
  const hint = words(names);
  const before = labelOf(snippets[i - 1]?.[1]);
  const after = snippets[i + 1]?.[1] ?? '';
  // An element named as the price says its role itself: a statement before it ("At or near avg.
  // list price") is not its label.
  const hinted = /price/i.test(hint);
  if (NOT_PRICE.test(hint) || (!hinted && NOT_PRICE.test(before)) || PAYMENT_AFTER.test(after)) return null;
  const labelled = PRICE_LABEL.exec(raw);
  const text = labelled ? raw.slice(labelled[0].length) : raw;
  // "$" drawn in an element of its own ("<span class=dollar>$</span>12,345"): joined to its figure.
  const joined = /^[$€£]$/.test(before) ? `${before}${text}` : text;
  // One figure alone, or one part of a list ("12.500 € · 85 000 km").
  // "$389 / mo", "$99/wk": a payment written in one text, never split into a price by " / ".
  if (PAYMENT_IN.test(joined)) return null;
  const match = joined
    .split(LIST_SEPARATOR)
    .map((part) => PRICE_ALONE.exec(part.trim()))
    .find(Boolean);
  if (!match) return null;
  const symbol = symbolCurrency(match[1], match[2], match[3] ?? match[6]);
  const labelBefore =
    before !== '' && PRICE_LABEL.exec(before)?.[0].trim() === before.replace(/:$/, '').trim();
  // A bare figure counts only where its element or label says it is the price (a "$" drawn by CSS).
  if (!symbol && !hinted && !labelled && !labelBefore) return null;
  // "MSRP" is what a new car asks only when the card shows no other price.
  const msrp = /msrp/i.test(labelled?.[0] ?? '') || /msrp/i.test(before);
  return {
    value: number(match[4] as string),
    ...(symbol ? { symbol } : {}),
    tier: msrp ? 3 : labelled || labelBefore ? 0 : hinted ? 1 : 2,
  };
}

function unitOf(word: string | undefined): 'mi' | 'km' | undefined {
  if (!word) return undefined;
  return /^k/i.test(word) ? 'km' : 'mi';
}

/** The odometer a snippet states, if it states one. */
function mileageIn(snippets: Snippet[], i: number): Found[] {
  const [names, raw] = snippets[i] as Snippet;
  const hint = words(names);
  const before = labelOf(snippets[i - 1]?.[1]);
  if (NOT_MILEAGE_HINT.test(hint)) return [];
  const labelled = MILEAGE_LABEL.exec(raw);
  const labelBefore = before !== '' && MILEAGE_LABEL.exec(before)?.[0].trim() === before;
  const hinted = /mileage|odometer|\bmiles\b/i.test(hint);
  // One figure alone, or one part of a list ("TRIM • N miles", "N kW, Diesel, N km, 2019").
  const parts = (labelled ? raw.slice(labelled[0].length) : raw).split(LIST_SEPARATOR);
  const found: Found[] = [];
  for (const part of parts) {
    const text = part.trim();
    if (NOT_MILEAGE.test(text) || /\d[.,]\d{1,2}(?!\d)/.test(text)) continue;
    const match = MILEAGE_ALONE.exec(text);
    if (!match) continue;
    const unit = unitOf(match[3]);
    // A bare figure is a reading only where its label or its element says so.
    if (!unit && !labelled && !labelBefore && !hinted) continue;
    found.push({
      value: number(match[1] as string),
      ...(unit ? { unit } : {}),
      tier: labelled || labelBefore ? 0 : hinted ? 1 : 2,
    });
  }
  return found;
}

/** The best tier's one value; two different values in it say nothing. */
function agreed(found: Found[]): Found | null {
  const best = Math.min(...found.map((f) => f.tier));
  const tier = found.filter((f) => f.tier === best);
  const first = tier[0];
  if (!first) return null;
  return tier.every((f) => f.value === first.value) ? first : null;
}

/** Every figure alone in one of the card's texts (what a value from the page's data must match). */
function shownFigures(snippets: Snippet[]): Set<number> {
  const out = new Set<number>();
  for (const [names, text] of snippets) {
    const hint = words(names);
    if (NOT_PRICE.test(hint) && NOT_MILEAGE_HINT.test(hint)) continue;
    const bare = text.replace(PRICE_LABEL, '').replace(MILEAGE_LABEL, '');
    const match = PRICE_ALONE.exec(bare.trim()) ?? MILEAGE_ALONE.exec(bare.trim());
    if (match) out.add(number((match[4] ?? match[1]) as string));
  }
  return out;
}

/**
 * A US place as a card writes it ("Provo, UT", "Austin, TX 78701"): its "$" is the US dollar and its
 * bare odometer miles. California only with a ZIP code ("Toronto, CA" names a country).
 */
const US_PLACE =
  /\b[A-Z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*){0,3}, (?:A[LKZR]|C[OT]|D[EC]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]|CA(?= \d{5}))\b/;

/**
 * What the card states, on a site read by `site`'s rules; `data`: what the page's data record for
 * the vehicle says (only to confirm a figure the card shows, and for an unwritten currency or unit).
 */
export function readCard(snippets: Snippet[], data: ListingFacts, site: SiteMoney): CardReading {
  // A site that does not say: a US dealer platform's markup, or the card's own US place, does.
  const us =
    site.dollar === null &&
    snippets.some(([hint, text]) => US_PLATFORM_HINT.test(hint) || US_PLACE.test(text));
  const dollar = us ? 'USD' : site.dollar;
  const odometer = us ? 'mi' : site.odometer;
  const out: CardReading = {};
  const prices: Found[] = [];
  const miles: Found[] = [];
  // An auction's card on any site (eBay Motors sells both ways): no asking price, only a bid.
  let noPrice = snippets.some(([, text]) => BIDDING.test(text.trim()));
  snippets.forEach(([, text], i) => {
    if (NO_PRICE.test(text)) noPrice = true;
    if (SOLD.test(text.trim())) out.sold = true;
    const price = site.bids ? null : priceIn(snippets, i);
    if (price) prices.push(price);
    miles.push(...mileageIn(snippets, i));
  });
  const shown = shownFigures(snippets);
  let price = noPrice ? null : agreed(prices);
  // The data's price, where the card shows that very figure alone (a "$" its stylesheet draws).
  if (!price && !noPrice && !site.bids && data.price !== undefined && shown.has(data.price))
    price = { value: data.price, tier: 1 };
  if (price && price.value >= 100 && price.value <= 10_000_000 && !placeholder(price.value)) {
    out.price = price.value;
    out.currency = price.symbol && price.symbol !== '$' ? price.symbol : (data.currency ?? dollar);
  }
  let mileage = agreed(miles);
  if (!mileage && data.mileage !== undefined && shown.has(data.mileage))
    mileage = { value: data.mileage, tier: 1 };
  // Zero on a listing is an unknown reading shown as zero (a used car's card, an auction's "0 mil").
  if (mileage && mileage.value > 0 && mileage.value <= 2_000_000 && !placeholder(mileage.value)) {
    out.mileage = mileage.value;
    out.unit = mileage.unit ?? (data.km ? 'km' : odometer);
  }
  if (data.sold) out.sold = true;
  return out;
}
