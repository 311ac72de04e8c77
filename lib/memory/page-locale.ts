// Where a page says it is, for a bare "$" and an odometer figure without a unit on a site the
// curated list does not know (a user-added dealer or classifieds site): its language tag's region
// ("en-US", og:locale "en_US") and the currency its markup names for prices (a priceCurrency or
// product:price:currency meta tag). The content script reads the tags (detect/listing-notes.ts);
// site-money.ts decides, after what the card states and the site's country domain. Pure, and free
// of zod (the content script imports it; the message's schema is in memory-messages.ts).

export interface PageLocale {
  /** ISO 3166 region of the page's language tag ("US" of "en-US"). */
  region?: string;
  /** ISO 4217 code the page's markup names for its prices. */
  currency?: string;
}

/** The region of a language tag ("en-US", "en_us", "es-419" has none: a UN area, not a country). */
export function regionOf(tag: string | null | undefined): string | undefined {
  const match = /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2})(?:$|[-_])/i.exec(tag?.trim() ?? '');
  return match?.[1]?.toUpperCase();
}

/** A currency code as markup writes it ("usd", " USD "); undefined for anything else. */
export function currencyCode(value: string | null | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

/** What a region's bare "$" and unwritten odometer unit are (null: its "$" is no dollar of its own). */
export const REGION_MONEY: Record<string, { dollar: string | null; odometer: 'mi' | 'km' }> = {
  US: { dollar: 'USD', odometer: 'mi' },
  PR: { dollar: 'USD', odometer: 'mi' },
  CA: { dollar: 'CAD', odometer: 'km' },
  AU: { dollar: 'AUD', odometer: 'km' },
  NZ: { dollar: 'NZD', odometer: 'km' },
  MX: { dollar: 'MXN', odometer: 'km' },
  GB: { dollar: null, odometer: 'mi' },
};
