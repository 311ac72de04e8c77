// A listing's address as remembered: its own path and the query parameters that name the listing
// (Autotrader's listingId=, an item or lot id), never the tracking and search parameters a site adds
// to every link (utm_*, clickType, zip, referrer, a session's search id) nor the fragment. And the site
// it is on: a curated site under any of its subdomains (seattle.craigslist.org is craigslist.org), else
// the host without www.
import { BUILT_IN_SITES } from '../sites/sites';

/** Query parameters that name a listing (kept); every other parameter is dropped. */
const LISTING_PARAM = /^(listing_?id|item_?id|lot_?id|lot|vin|id|vehicle_?id|stock(_?number)?|sku)$/i;
const MAX_URL = 500;

/** The site a host belongs to, as the memory names it. */
export function siteOf(host: string): string {
  const bare = host.toLowerCase().replace(/\.$/, '');
  return (
    BUILT_IN_SITES.find((site) => bare === site || bare.endsWith(`.${site}`)) ??
    bare.replace(/^(www|m)\./, '')
  );
}

/** The listing's address without what tracks the visit; null when it is not a web address. */
export function listingUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const kept = [...url.searchParams].filter(([name]) => LISTING_PARAM.test(name));
  url.search = new URLSearchParams(kept).toString();
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href.slice(0, MAX_URL);
}

/**
 * A site as a person or the options page writes it ("https://www.Smith-Ford.com:443/inventory",
 * "www.cars.com.", "M.Cars.com"), named as `siteOf` names a page's host; '' when it names none.
 */
export function siteName(input: string): string {
  const text = input.trim().toLowerCase();
  const host = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]
    ?.replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '');
  return host ? siteOf(host) : '';
}

/** Whether the site is left out: listed itself, or under a listed site (shop.smithford.com). */
export function isSiteOff(site: string, offSites: readonly string[]): boolean {
  return offSites.some((off) => {
    const name = siteName(off);
    return name !== '' && (site === name || site.endsWith(`.${name}`));
  });
}
