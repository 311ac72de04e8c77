// What ties a vehicle record in a page's data to its card on the page: the keys both can carry.
// Pure (no DOM): the content script reads the same keys off the page's elements
// (entrypoints/vin.content/detect/card-index.ts) and looks them up here.
//
// Every key is a string with a one-letter kind, so the two sides meet in one Map:
//   "i:<id>"    a listing, inventory or stock id, a SKU, an id-like path segment or query value;
//   "p:<path>"  a URL's path (no origin, query or fragment; lower case; no trailing slash);
//   "f:<file>"  an image's file name;
//   "n:<words>" a vehicle's name, loosely: lower case, sorted words, without "used"/"new"/…
// "i" and "p" are identities (strong); "f" and "n" are resemblances (weak: a placeholder image or
// two "2019 Honda Accord" cards share them, which the matcher detects and refuses).

export interface IdentityKeys {
  strong: string[];
  weak: string[];
}

// Keys whose value names the listing itself. Ids of other things (a dealer, a make, a photo) are
// shared by many listings and say nothing about which card is which.
const ID_KEY = /(^|[_-])id$|Id$|^@?id$|stock|sku|listing|inventory|vehicleKey|productID/i;
const NOT_LISTING_ID =
  /^(make|model|trim|style|body|color|colour|dealer|seller|store|location|zip|category|customer|user|session|page|image|photo|media|video|tracking|request|experiment)/i;
const NAME_KEYS = ['name', 'title', 'heading', 'listingTitle', 'displayName'];
const IMAGE_KEY = /image|photo|img|thumb|picture|media/i;
const IMAGE_FILE = /\.(jpe?g|png|webp|avif|gif)$/i;
const NOISE_WORDS = new Set(['used', 'new', 'certified', 'pre', 'owned', 'preowned', 'cpo', 'for', 'sale']);
// An id worth matching: long enough not to be a count, and holding a digit (not a word like "vehicle").
const ID_TOKEN = /^(?=.*\d)[a-z0-9][a-z0-9_-]{3,63}$/;
const MAX_VALUES = 60;
/** Keys read before the others: a listing's ids and the address of its page. */
const FIRST_KEYS = /(^|[_-])id$|Id$|^@?id$|stock|listing|url|href|link|website/i;
const MAX_DEPTH = 3;

/** "i:" keys of a raw id value (a number or an id-like string), and of its parts ("Listing:abc123"). */
export function idKeys(value: string): string[] {
  const lower = value.trim().toLowerCase();
  const keys = ID_TOKEN.test(lower) ? [`i:${lower}`] : [];
  for (const part of lower.split(/[^a-z0-9]+/))
    if (part !== lower && ID_TOKEN.test(part)) keys.push(`i:${part}`);
  return keys;
}

/**
 * Keys of a URL as a card carries it (a link's href, an image's src): its path, its id-like path
 * segments and query values, and for an image its file name. Relative URLs resolve against `base`.
 */
export function urlKeys(url: string, base: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), base);
  } catch (error) {
    if (error instanceof TypeError) return [];
    throw error;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [];
  const keys: string[] = [];
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  if (path.length > 1) keys.push(`p:${path}`);
  const segments = path.split('/');
  const file = segments[segments.length - 1] ?? '';
  if (IMAGE_FILE.test(file)) keys.push(`f:${file}`);
  for (const segment of segments) if (ID_TOKEN.test(segment)) keys.push(`i:${segment}`);
  // forEach, not values(): in a Firefox content script the page's URLSearchParams iterator is not iterable.
  parsed.searchParams.forEach((value) => {
    keys.push(...idKeys(value));
  });
  return keys;
}

/** Keys of a vehicle's name: the whole name, and year + the next two words ("2015 audi s3"). */
export function nameKeys(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !NOISE_WORDS.has(w));
  if (words.length < 2 || words.length > 12) return [];
  const keys = [`n:${[...words].sort().join(' ')}`];
  const year = words.findIndex((w) => /^(19|20)\d\d$/.test(w));
  if (year >= 0 && words.length >= 3) {
    const rest = words.filter((_, i) => i !== year).slice(0, 2);
    if (rest.length === 2) keys.push(`n:${[words[year], ...rest].sort().join(' ')}`);
  }
  return keys;
}

const nameOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  return undefined;
};

const looksLikeUrl = (value: string) =>
  value.length < 2048 && !/\s/.test(value) && (/^https?:\/\//i.test(value) || /^\.?\/[^/]/.test(value));

/**
 * The keys of a vehicle record found in page data. `keyInParent` is the key the record sits under
 * (`inventory["684213377"]`, an Apollo cache's `"Listing:abc123"`): often its listing id.
 */
export function recordKeys(record: Record<string, unknown>, keyInParent: string | undefined, base: string) {
  const strong = new Set<string>();
  const weak = new Set<string>();
  if (keyInParent) for (const key of idKeys(keyInParent)) strong.add(key);
  let values = 0;
  const walk = (value: unknown, key: string, depth: number) => {
    if (++values > MAX_VALUES) return;
    if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
    if (typeof value === 'string') {
      if (looksLikeUrl(value)) {
        // A page's URL identifies the listing; a photo's only resembles it (placeholders are shared).
        const keys = urlKeys(value, base);
        const photo = IMAGE_KEY.test(key) || keys.some((k) => k.startsWith('f:'));
        for (const k of keys) (photo ? weak : strong).add(k);
      } else if (ID_KEY.test(key) && !NOT_LISTING_ID.test(key)) {
        for (const k of idKeys(value)) strong.add(k);
      }
      return;
    }
    if (!value || typeof value !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 10)) walk(item, key, depth + 1);
      return;
    }
    for (const [childKey, child] of Object.entries(value)) walk(child, childKey, depth + 1);
  };
  // What names the listing first (ids, its page's address), then the rest: a real site's record has
  // dozens of fields (photos, prices, specifications) and the walk stops after MAX_VALUES values.
  const entries = Object.entries(record);
  const naming = ([key]: [string, unknown]) => (FIRST_KEYS.test(key) ? 0 : 1);
  for (const [key, value] of entries.sort((a, b) => naming(a) - naming(b))) walk(value, key, 0);

  for (const key of NAME_KEYS) {
    const name = record[key];
    if (typeof name === 'string') for (const k of nameKeys(name)) weak.add(k);
  }
  const name = vehicleName(record);
  if (name) for (const k of nameKeys(name)) weak.add(k);
  return { strong: [...strong], weak: [...weak] };
}

/** Year, make and model of a record (schema.org or a site's own field names), when it has all three. */
export function vehicleParts(record: Record<string, unknown>): [string, string, string] | undefined {
  const year = record.year ?? record.modelYear ?? record.vehicleModelDate ?? record.modelDate;
  const make = nameOf(record.make ?? record.brand ?? record.manufacturer);
  const model = nameOf(record.model);
  if ((typeof year === 'string' || typeof year === 'number') && make && model)
    return [String(year), make, model];
  return undefined;
}

/** Keys whose value is the record's own name for the vehicle (an analytics item's item_name). */
const OWN_NAME = new Set(['name', 'title', 'itemname', 'vehiclename', 'listingtitle', 'itemtitle']);

/**
 * The vehicle's name as the record words it ("2010 Mercedes-Benz C 200 CDI Estate"), cut into its
 * words, when it has no year, make and model fields of their own: three words at least, one a year.
 */
function ownName(record: Record<string, unknown>): string[] | undefined {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'string' || !OWN_NAME.has(key.toLowerCase().replace(/[^a-z]/g, ''))) continue;
    const words = wordsOf(value);
    if (words.length >= 3 && words.some((w) => /^(19|20)\d\d$/.test(w))) return words;
  }
  return undefined;
}

/**
 * Make and model alone, for a record that carries no year at all: an Adobe data layer's
 * `product.vehicle` (`vin`, `vrm`, `make`, `model`: issue 47's European auction lot). A record with
 * a year must have it named too (a search page titled "Used Ford F-150" names no 1989 F-150).
 */
function makeAndModel(record: Record<string, unknown>): [string, string] | undefined {
  const yearish = ['year', 'modelYear', 'model_year', 'vehicleModelDate', 'modelDate', 'registrationYear'];
  if (yearish.some((key) => record[key] !== undefined)) return undefined;
  const make = nameOf(record.make ?? record.brand ?? record.manufacturer);
  const model = nameOf(record.model);
  return make && model ? [make, model] : undefined;
}

function vehicleName(record: Record<string, unknown>): string | undefined {
  return vehicleParts(record)?.join(' ');
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Whether a page's title (or main heading) names this record's vehicle: its year, make and model
 * are all in it, each as its words or written together ("Used 2019 Ford F-150 SuperCrew Cab |
 * Carvana" names a 2019 Ford F150).
 */
export function titleNames(title: string, record: Record<string, unknown>): boolean {
  const parts = vehicleParts(record) ?? ownName(record) ?? makeAndModel(record);
  if (!parts) return false;
  const words = wordsOf(title);
  const grams = new Set(words);
  for (let i = 0; i + 1 < words.length; i++) {
    grams.add(`${words[i]}${words[i + 1]}`);
    if (i + 2 < words.length) grams.add(`${words[i]}${words[i + 1]}${words[i + 2]}`);
  }
  return parts.every((part) => {
    const partWords = wordsOf(part);
    return partWords.length > 0 && (grams.has(partWords.join('')) || partWords.every((w) => grams.has(w)));
  });
}
