// Which hosts a complete copy may download from (lib/reports/offline/resource-url.ts), judged as the
// browsers resolve them (issue 44): a trailing dot names the same host (`localhost.` reached this
// computer's port 631 in both browsers), IPv6 ranges apply to IPv6 literals only (`fcdn.example` is a
// public name), the service's own host is refused with or without its dot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, isPrivateHost, refusedUrl } from '@/lib/reports/offline/resource-url';

const store = { serviceOrigin: 'https://api.service.example', allowPrivate: false };
const refused = (url: string) => refusedUrl(absoluteUrl(url) as string, store);

describe('hosts a copy never downloads from', () => {
  it('this computer and private networks, whatever their spelling', () => {
    for (const url of [
      'http://localhost.:631/printers',
      'http://LOCALHOST./x.css',
      'http://printer.local./x.png',
      'http://127.0.0.1./x.png',
      'http://2130706433/x.png', // 127.0.0.1 as one number, as the URL parser reads it
      'http://0x7f.1/x.png',
      'http://[::1]/x.png',
      'http://[0:0:0:0:0:0:0:1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://[fd12:3456::1]/x.png',
      'http://[fc00::1]/x.png',
      'http://[fe80::1]/x.png',
      'http://[febf::1]/x.png',
      'http://192.168.1.1./x.png',
      'http://127.0.0.1.nip.io/x.png', // wildcard DNS names lead to the address they spell
      'http://10-0-0-5.sslip.io/x.png',
    ])
      expect(refused(url), url).toBe('a private or local address');
  });

  it('wildcard DNS names spelling a private address in any label, dotted, dashed or in hex (issue 55)', () => {
    for (const url of [
      'https://cdn.127.0.0.1.nip.io/report.css',
      'https://fonts.192-168-1-1.sslip.io/font.woff2',
      'https://app-10-0-0-5.nip.io/x.png',
      'https://app-7f000001.nip.io/x.png', // 127.0.0.1 in hex, as nip.io documents
      'https://a.b.169-254-169-254.sslip.io/latest/meta-data',
      'https://cdn.10.1.2.3.traefik.me/x.css',
      'https://anything.localtest.me/x.css', // always 127.0.0.1
      'https://lvh.me/x.css',
      'http://100.64.0.1/x.png', // carrier-grade NAT
      'http://100.127.255.254/x.png',
      'http://198.18.0.1/x.png', // benchmark networks
      'http://198.19.255.1/x.png',
      'https://cdn.100-100-1-1.nip.io/x.png',
    ])
      expect(refused(url), url).toBe('a private or local address');
  });

  it("the service's own host, with or without its trailing dot, on any port", () => {
    for (const url of [
      'https://api.service.example/x.css',
      'https://api.service.example./x.css',
      'http://API.service.example.:8443/x',
    ])
      expect(refused(url), url).toBe('the report service itself');
  });

  it('public names that only look like IPv6 ranges are public', () => {
    for (const host of [
      'fcdn.example',
      'fd-images.example',
      'fe80cdn.example',
      'febe.example',
      'fc.example',
      '10.cdn.example',
      '203.0.113.9.nip.io', // a public address spelled in a wildcard name
      'cdn.203-0-113-9.sslip.io',
      'app-cb007109.nip.io', // 203.0.113.9 in hex
      '10.cdn.example',
      '100.63.0.1', // just below carrier-grade NAT
      '100.128.0.1',
      '198.20.0.1',
      'cdn-10-0-0-5.example.com', // not a wildcard DNS service: its resolver's to say
    ])
      expect(isPrivateHost(host), host).toBe(false);
    expect(refused('https://fcdn.example/report.css')).toBeNull();
    expect(refused('https://fe8.cdn.example/seal.svg')).toBeNull();
    expect(refused('http://[2606:4700::1111]/font.woff2')).toBeNull();
  });
});

// Issue 63 §3: names read as the open-source resolver behind sslip.io and nip.io reads them (its
// README and its ipv4/ipv6 patterns: the leftmost run of four numbers of 0-255 joined by dots or
// dashes, or 8 hex digits; IPv6 in one label with dashes for colons, "--1" for ::1).
describe('wildcard DNS names, every spelling the resolver reads', () => {
  it('a private address after an out-of-range number, in IPv6 with dashes, or IPv4 behind IPv6', () => {
    for (const host of [
      '300.10.0.0.1.nip.io', // "300" is no octet: the resolver skips it and answers 10.0.0.1
      'a.999.192.168.1.1.sslip.io',
      '256-127-0-0-1.sslip.io',
      'x.1.2.10.0.0.1.nip.io', // overlapping runs: 1.2.10.0 is public, 10.0.0.1 is not
      '--1.sslip.io', // ::1
      'app.--1.sslip.io',
      'fe80--1.sslip.io',
      'fd00--a.sslip.io',
      'fc00-0-0-0-0-0-0-1.sslip.io',
      'cdn---1.sslip.io',
      '--ffff-7f00-1.sslip.io', // ::ffff:127.0.0.1
      '64-ff9b--a00-1.sslip.io', // NAT64 of 10.0.0.1
      '2002-a00-1--1.sslip.io', // 6to4 of 10.0.0.1
      '--.sslip.io', // ::
      'fec0--1.nip.io',
    ])
      expect(isPrivateHost(host), host).toBe(true);
  });

  it('public spelled addresses and ordinary names stay allowed', () => {
    for (const host of [
      '2606-4700-4700--1111.sslip.io', // a public resolver's IPv6
      '2001-db8--1.sslip.io',
      '300.203.0.113.9.nip.io',
      'my-app--1.sslip.io', // no run the resolver reads as ::1
      'cdn-images.sslip.io',
      'fe80-cdn.example.com', // not a wildcard service
      '--1.example.com',
    ])
      expect(isPrivateHost(host), host).toBe(false);
  });

  it('IPv6 literals by range: NAT64, 6to4 and IPv4-mapped are refused, a public one is not', () => {
    for (const url of ['http://[64:ff9b::a00:1]/x', 'http://[2002:a00:1::1]/x', 'http://[::ffff:10.0.0.1]/x'])
      expect(refused(url), url).toBe('a private or local address');
    expect(refused('http://[2606:4700:4700::1111]/x.css')).toBeNull();
  });

  it('any private IPv4 address spelled anywhere in any form, after any labels: refused (property)', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const privateV4 = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
    );
    const junk = fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 3 });
    fc.assert(
      fc.property(
        privateV4,
        junk,
        fc.constantFrom('.', '-', 'hex'),
        fc.constantFrom('nip.io', 'sslip.io'),
        (ip, before, form, zone) => {
          const spelled =
            form === 'hex' ? ip.map((n) => n.toString(16).padStart(2, '0')).join('') : ip.join(form);
          const host = [...before, spelled, zone].join('.');
          expect(isPrivateHost(host), host).toBe(true);
        },
      ),
    );
  });

  it('bad input gets an answer at once: a 253-character name, a label of 63 dashes', () => {
    const long = `${'a1-'.repeat(60)}x.sslip.io`.slice(-253);
    expect(typeof isPrivateHost(long)).toBe('boolean');
    expect(isPrivateHost(`${'-'.repeat(63)}.sslip.io`)).toBe(true); // "::" at most: unspecified
  });
});
