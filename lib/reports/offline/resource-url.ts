// Which addresses a complete copy of a report may download from (lib/reports/offline/): only http(s),
// never the service's own origin (the report's hostile parts aim there, and the key lives there),
// never loopback or private addresses outside the test build, and only on hosts the user agreed to
// (`permissions.request`, asked per origin pattern: a match pattern ignores the port, so the browser
// asks, and the user agrees, per host). Pure: no browser API.

/** An absolute http(s) URL for what a report or stylesheet names, or undefined (anything else loads
 * nothing in a copy). Relative references resolve against `base` (a stylesheet's own URL); without
 * one (the report's own markup, whose base is ours) only absolute and protocol-relative ones count. */
export function absoluteUrl(raw: string, base?: string): string | undefined {
  const value = raw.trim();
  if (!value || value.startsWith('#')) return undefined;
  let url: URL;
  try {
    if (base) url = new URL(value, base);
    else if (/^(?:https?:)?\/\//i.test(value)) url = new URL(value, 'https://base.invalid/');
    else return undefined;
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

/** The match pattern the browser grants for a URL's host (ports aside, as match patterns have none). */
export const originPattern = (url: string): string => {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
};

/** The host a user reads in the consent panel (the pattern's host, without a port). */
export const hostOf = (url: string): string => new URL(url).hostname;

/** Private, loopback, link-local, "this network", carrier-grade NAT (100.64.0.0/10) and benchmark
 * (198.18.0.0/15) ranges: none is a public report's CDN. */
const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^192\.168\./,
  /^172\.(?:1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^0\./,
  /^100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^198\.1[89]\./,
];

/**
 * Wildcard DNS services: a name under them leads to the address it spells in any of its labels,
 * dotted, dashed or as 8 hex digits (nip.io's and sslip.io's own documentation: "10.0.0.1.nip.io",
 * "app-10-0-0-1.nip.io", "app-0a000001.nip.io", "customer1.10-0-0-1.sslip.io"); the last ones
 * always lead to 127.0.0.1 (localtest.me, lvh.me, vcap.me, as their operators publish).
 */
const SPELLING_ZONES = /(?:^|\.)(?:nip\.io|sslip\.io|xip\.io|traefik\.me|backname\.io)$/;
const LOOPBACK_ZONES = /(?:^|\.)(?:localtest\.me|lvh\.me|vcap\.me)$/;
const SPELLED_V4 = /(?:^|[.-])(\d{1,3}(?:[.-]\d{1,3}){3})(?=$|[.-])/g;
const SPELLED_HEX = /(?:^|[.-])([0-9a-f]{8})(?=$|[.-])/g;

const isPrivateV4 = (dotted: string) => PRIVATE_V4.some((range) => range.test(dotted));

/** Whether a wildcard DNS name spells a private address in any label (or always means this machine). */
function spellsPrivate(host: string): boolean {
  if (LOOPBACK_ZONES.test(host)) return true;
  const zone = SPELLING_ZONES.exec(host);
  if (!zone) return false;
  const labels = host.slice(0, zone.index);
  for (const [, spelled] of labels.matchAll(SPELLED_V4))
    if (isPrivateV4((spelled as string).replaceAll('-', '.'))) return true;
  for (const [, hex] of labels.matchAll(SPELLED_HEX)) {
    const n = Number.parseInt(hex as string, 16);
    if (isPrivateV4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'))) return true;
  }
  return false;
}

/**
 * A host as it is compared: lower case, without the one trailing dot that names the same host
 * (`localhost.` and `api.service.example.` resolve as `localhost` and `api.service.example`: issue 44).
 */
export const hostKey = (hostname: string): string => hostname.toLowerCase().replace(/\.$/, '');

/** Loopback, link-local and private addresses, and names that mean this machine or this network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostKey(hostname);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  // IPv4 ranges apply to IPv4 literals only (the URL parser writes every numeric form dotted):
  // `10.cdn.example` is a public name; where a name leads is the resolver's to say (download-copy.ts).
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return isPrivateV4(host);
  // Wildcard DNS names that lead to the address they spell (`cdn.127.0.0.1.nip.io`,
  // `app-10-0-0-5.sslip.io`, `app-7f000001.nip.io`): refused in every browser, Chrome included,
  // which cannot resolve names for an extension. Any name that starts by spelling one, too.
  if (spellsPrivate(host)) return true;
  const spelled = /^(\d{1,3}(?:[.-]\d{1,3}){3})[.-]/.exec(host)?.[1]?.replaceAll('-', '.');
  if (spelled && isPrivateV4(spelled)) return true;
  // IPv6 ranges apply to IPv6 literals only ([…] in a URL): `fcdn.example` is a public name.
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  // Loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10), v4-mapped.
  return (
    v6 === '::1' ||
    v6 === '::' ||
    /^f[cd][0-9a-f]{0,2}:/.test(v6) ||
    /^fe[89ab][0-9a-f]?:/.test(v6) ||
    v6.startsWith('::ffff:')
  );
}

export interface UrlPolicy {
  /** The service's origin (never downloaded from). */
  serviceOrigin?: string;
  /** Loopback and private addresses allowed: the test build only (its CDN runs on 127.0.0.3). */
  allowPrivate: boolean;
}

/** Why a copy must not download this URL, in words for the user; null when it may (host consent apart). */
export function refusedUrl(url: string, policy: UrlPolicy): string | null {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not a web address';
  // Its host, whatever the port: the extension holds a permission for the service's host already.
  if (policy.serviceOrigin && hostKey(parsed.hostname) === hostKey(new URL(policy.serviceOrigin).hostname))
    return 'the report service itself';
  if (parsed.username || parsed.password) return 'an address with a password in it';
  if (!policy.allowPrivate && isPrivateHost(parsed.hostname)) return 'a private or local address';
  return null;
}
