// Where the content script runs: the curated listing and auction sites, plus sites the user adds.

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
export type BuiltInSite = (typeof BUILT_IN_SITES)[number];

/** Match patterns for a site and its subdomains. */
export function sitePatterns(host: string): string[] {
  return [`https://${host}/*`, `https://*.${host}/*`];
}

/** True when the content script already runs on this host without asking (a curated site). */
export function isBuiltInHost(host: string): boolean {
  return BUILT_IN_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}

/** The origin a user can switch detection on for, from a tab's URL; null for pages that cannot have it. */
export function siteOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * The match pattern for one origin ("https://dealer.example/*"). Without the port: Firefox rejects
 * match patterns that name one, and a host permission covers every port of the host in both browsers.
 */
export function originMatchPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}
