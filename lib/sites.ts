// Listing and auction sites the content script runs on without asking (the curated list).
export const BUILT_IN_SITES = [
  'cars.com',
  'autotrader.com',
  'cargurus.com',
  'carmax.com',
  'carvana.com',
  'truecar.com',
  'edmunds.com',
  'ebay.com',
  'craigslist.org',
  'facebook.com',
  'copart.com',
  'iaai.com',
  'autotempest.com',
  'kbb.com',
  'offerup.com',
  'bringatrailer.com',
  'carsandbids.com',
] as const;

/** Match patterns for a site and its subdomains. */
export function sitePatterns(host: string): string[] {
  return [`https://${host}/*`, `https://*.${host}/*`];
}
