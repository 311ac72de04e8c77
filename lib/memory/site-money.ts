// What a site's bare "$" and bare odometer number mean (docs/listing-evidence.md: "Units are often
// not written"): on the US sites the evidence names, dollars and miles; on Canadian, Australian and
// similar hosts their dollar and kilometres; on another site what its page says of itself (a
// currency code, its language's region); anywhere else unknown, so the value is kept but never
// compared with another. Whether the site's prices are bids (auctions): then no asking price. Pure.
import { BUILT_IN_SITES } from '../sites/sites';
import { type PageLocale, REGION_MONEY } from './page-locale';

export interface SiteMoney {
  /** The currency a bare "$" stands for; null where the site does not say. */
  dollar: string | null;
  /** The unit of an odometer number written without one; null where the site does not say. */
  odometer: 'mi' | 'km' | null;
  /** The site sells by auction: a "$N" there is a bid, never an asking price. */
  bids: boolean;
}

/** Auction sites of the curated list: their prices are current or final bids. */
const AUCTION_SITES = ['carsandbids.com', 'bringatrailer.com', 'copart.com', 'iaai.com'];
// Craigslist's Canadian cities: prices in CAD, odometers in km (craigslist.org's own city list).
const CANADIAN_CRAIGSLIST =
  /^(vancouver|victoria|kelowna|kamloops|nanaimo|abbotsford|comoxvalley|cranbrook|whistler|calgary|edmonton|lethbridge|reddeer|medicinehat|ftmcmurray|saskatoon|regina|winnipeg|toronto|ottawa|hamilton|kitchener|londonon|windsor|barrie|kingston|sudbury|niagara|peterborough|guelph|belleville|owensound|thunderbay|montreal|quebec|sherbrooke|troisrivieres|saguenay|gatineau|halifax|newbrunswick|pei|newfoundland|yellowknife|whitehorse|territories)\.craigslist\.org$/;
// Craigslist's cities outside the US and Canada (craigslist.org's own list, the larger ones): their
// "$" and bare odometers are not US dollars and miles. Australia's and New Zealand's are their dollar
// and km; the rest unsaid.
const AUSTRALASIAN_CRAIGSLIST =
  /^(sydney|melbourne|brisbane|perth|adelaide|canberra|darwin|hobart|goldcoast|newcastle|wollongong|cairns|townsville|auckland|wellington|christchurch|dunedin)\.craigslist\.org$/;
const FOREIGN_CRAIGSLIST =
  /^(london|manchester|birmingham|bristol|edinburgh|glasgow|leeds|liverpool|dublin|belfast|paris|berlin|munich|frankfurt|hamburg|amsterdam|brussels|madrid|barcelona|lisbon|rome|milan|zurich|geneva|vienna|prague|warsaw|budapest|stockholm|copenhagen|oslo|helsinki|athens|istanbul|moscow|telaviv|dubai|cairo|capetown|johannesburg|tokyo|osaka|seoul|beijing|shanghai|hongkong|taipei|singapore|bangkok|manila|jakarta|delhi|mumbai|bangalore|mexicocity|guadalajara|monterrey|tijuana|saopaulo|rio|buenosaires|santiago|lima|bogota|caracas|costarica)\.craigslist\.org$/;
const DOLLAR_BY_TLD: Array<[RegExp, string]> = [
  [/\.ca$/, 'CAD'],
  [/\.au$/, 'AUD'],
  [/\.nz$/, 'NZD'],
  [/\.mx$/, 'MXN'],
];

/** Currencies a bare "$" can stand for: a page naming one of these as its prices' says what "$" is. */
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'MXN']);

/**
 * How to read `host`'s unwritten currency and unit: the curated sites' own rules; else the currency
 * the page's markup names, the site's country domain, then the region of the page's language
 * (`page`, page-locale.ts); else unsaid. Never across a border: a .ca site's "$" is CAD whatever
 * language tag its page carries.
 */
export function siteMoney(host: string, page: PageLocale = {}): SiteMoney {
  const bare = host.toLowerCase().replace(/\.$/, '');
  const curated = BUILT_IN_SITES.find((site) => bare === site || bare.endsWith(`.${site}`));
  const bids = curated !== undefined && AUCTION_SITES.includes(curated);
  if (CANADIAN_CRAIGSLIST.test(bare)) return { dollar: 'CAD', odometer: 'km', bids };
  if (AUSTRALASIAN_CRAIGSLIST.test(bare))
    return {
      dollar: /^(auckland|wellington|christchurch|dunedin)\./.test(bare) ? 'NZD' : 'AUD',
      odometer: 'km',
      bids,
    };
  if (FOREIGN_CRAIGSLIST.test(bare)) return { dollar: null, odometer: null, bids };
  if (curated) return { dollar: 'USD', odometer: 'mi', bids };
  const named = page.currency && DOLLARS.has(page.currency) ? page.currency : null;
  for (const [tld, dollar] of DOLLAR_BY_TLD)
    if (tld.test(bare)) return { dollar: named ?? dollar, odometer: 'km', bids };
  const region = page.region ? REGION_MONEY[page.region] : undefined;
  return { dollar: named ?? region?.dollar ?? null, odometer: region?.odometer ?? null, bids };
}

/** A US dealer platform the evidence names (DealerCenter's `dws-` markup): dollars and miles. */
export const US_PLATFORM_HINT = /\bdws-/;
