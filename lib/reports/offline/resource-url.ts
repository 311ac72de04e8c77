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
 * Wildcard DNS services: a name under them leads to the address it spells (nip.io's and sslip.io's
 * own documentation: "10.0.0.1.nip.io", "app-10-0-0-1.nip.io", "app-0a000001.nip.io",
 * "customer1.10-0-0-1.sslip.io", "--1.sslip.io" for ::1, "fe80--1.sslip.io"); the last ones always
 * lead to 127.0.0.1 (localtest.me, lvh.me, vcap.me, as their operators publish).
 */
const SPELLING_ZONES = /(?:^|\.)(?:nip\.io|sslip\.io|xip\.io|traefik\.me|backname\.io)$/;
const LOOPBACK_ZONES = /(?:^|\.)(?:localtest\.me|lvh\.me|vcap\.me)$/;

const isPrivateV4 = (dotted: string) => PRIVATE_V4.some((range) => range.test(dotted));

/**
 * Every IPv4 address a name's labels could spell, as the resolver behind sslip.io and nip.io reads
 * them (four numbers of 0-255 joined by dots or dashes, or 8 hex digits, bounded by a dot, a dash or
 * an end), and more: every run of four is tried, not only the leftmost valid one, so an
 * out-of-range number ("300") before a private address hides nothing.
 */
function spelledV4(labels: string): string[] {
  const out: string[] = [];
  const parts = labels.split(/[.-]/);
  for (let i = 0; i + 4 <= parts.length; i++) {
    const four = parts.slice(i, i + 4);
    if (four.every((n) => /^\d{1,3}$/.test(n) && Number(n) <= 255)) out.push(four.map(Number).join('.'));
  }
  for (const part of parts)
    if (/^[0-9a-f]{8}$/.test(part)) {
      const n = Number.parseInt(part, 16);
      out.push([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
  return out;
}

/** An IPv6 address's eight groups, from its text ("fe80::1"); null when it is not one. */
export function v6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const [head, tail] = [groups(halves[0]), groups(halves[1])];
  const all = [...head, ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - all.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const fill = halves.length === 2 ? Array(missing).fill(0) : [];
  return [...head.map((g) => Number.parseInt(g, 16)), ...fill, ...tail.map((g) => Number.parseInt(g, 16))];
}

/**
 * Loopback, unspecified, IPv4-compatible and -mapped (::/96, ::ffff:0:0/96), NAT64 (64:ff9b::/96),
 * 6to4 (2002::/16), unique local (fc00::/7), link-local (fe80::/10) and site-local (fec0::/10):
 * each leads to this machine or a private network (or to any IPv4 address, a private one included).
 */
export function isPrivateV6(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = g;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0 || f === 0xffff)) return true;
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return true;
  return a === 0x2002 || (a & 0xfe00) === 0xfc00 || (a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0;
}

/**
 * Every IPv6 address one label could spell with dashes for colons (a leading or doubled dash for
 * "::": "--1" is ::1, "fe80--1" is fe80::1), from any dash or the label's start to any dash or its end.
 */
function spelledV6(labels: string): number[][] {
  const out: number[][] = [];
  for (const label of labels.split('.')) {
    if (!label.includes('-')) continue;
    const starts = [0, ...[...label.matchAll(/-/g)].map((m) => (m.index as number) + 1)];
    const ends = [...[...label.matchAll(/-/g)].map((m) => m.index as number), label.length];
    for (const start of starts)
      for (const end of ends) {
        if (end - start < 2) continue;
        const groups = v6Groups(label.slice(start, end).replaceAll('-', ':'));
        if (groups) out.push(groups);
      }
  }
  return out;
}

/** Whether a wildcard DNS name spells a private address anywhere in its labels (or always means this machine). */
function spellsPrivate(host: string): boolean {
  if (LOOPBACK_ZONES.test(host)) return true;
  const zone = SPELLING_ZONES.exec(host);
  if (!zone) return false;
  const labels = host.slice(0, zone.index);
  return spelledV4(labels).some(isPrivateV4) || spelledV6(labels).some(isPrivateV6);
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
  // IPv6 ranges apply to IPv6 literals only ([…] in a URL): `fcdn.example` is a public name. The URL
  // parser writes them compressed, an IPv4 tail as hex ("[::ffff:7f00:1]").
  if (!host.startsWith('[')) return false;
  const groups = v6Groups(host.slice(1, -1));
  return groups === null || isPrivateV6(groups);
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
