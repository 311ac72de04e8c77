// Which hosts a complete copy may download from (lib/reports/offline/resource-url.ts), judged as the
// browsers resolve them (issue 44): a trailing dot names the same host (`localhost.` reached this
// computer's port 631 in both browsers), IPv6 ranges apply to IPv6 literals only (`fcdn.example` is a
// public name), the service's own host is refused with or without its dot.
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
