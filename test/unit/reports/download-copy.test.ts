// @vitest-environment node
// The complete copy's downloader (lib/reports/offline/download-copy.ts) against real HTTP servers on
// loopback: the simulator's CDN and font host (simulator/cdn-server.ts, serving files the way CDNs do)
// and a misbehaving host beside them, shaped on what real hosts answer: a redirect to another host
// (a CDN moving a file), an HTML error page with status 200 (a captive portal, a soft 404), a
// stylesheet importing itself, a file larger than a copy holds. Nothing is fetched from a host the
// user has not agreed to, or whose permission the browser no longer holds; no credential is sent.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeepCopyRequest } from '@/lib/reports/library-messages';
import { cssText, type ResourceRef } from '@/lib/reports/offline/copy-resources';
import { COPY_LIMITS, type DownloadDeps, downloadCopy } from '@/lib/reports/offline/download-copy';
import { originPattern } from '@/lib/reports/offline/resource-url';
import { cleanCss } from '@/lib/reports/report-css';
import { type CdnServers, startCdnServers } from '@/simulator/cdn-server';

let cdn: CdnServers;
let odd: Server;
let oddOrigin = '';
const oddRequests: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let endlessSent = 0;

beforeAll(async () => {
  cdn = await startCdnServers();
  odd = createServer((request, response) => {
    oddRequests.push({ url: request.url ?? '', headers: request.headers });
    const url = request.url ?? '';
    if (url === '/moved.css')
      return void response.writeHead(302, { location: `${cdn.cdnOrigin}/autoledger/theme.css` }).end();
    if (url === '/soft-404.css')
      return void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Not found</body></html>');
    if (url === '/self.css')
      return void response
        .writeHead(200, { 'content-type': 'text/css' })
        .end('@import "self.css"; body{color:red}');
    if (url === '/font.woff2')
      return void response
        .writeHead(200, { 'content-type': 'application/octet-stream' })
        .end(Buffer.from('wOF2fontbytes'));
    if (url === '/script.js')
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('alert(1)');
    // Real hosts' odd types: the non-standard image/jpg, a header a proxy doubled, a type that tries
    // to end a url("…") it is written into.
    const typed: Record<string, string> = {
      '/photo.jpg': 'image/jpg',
      '/seal.png': 'image/png, image/png',
      '/badge.png': 'image/png,"),url("https://evil.example/leak',
    };
    if (typed[url])
      return void response.writeHead(200, { 'content-type': typed[url] }).end(Buffer.from('\x89PNG'));
    // A host answering without Content-Length, for as long as the client reads (48 MB at most).
    if (url === '/endless.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      const more = () => {
        while (sent < 48 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          endlessSent = sent;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('close', () => {
        endlessSent = sent;
      });
      return more();
    }
    // A stylesheet naming 1,000 addresses on this host.
    if (url === '/many.css')
      return void response
        .writeHead(200, { 'content-type': 'text/css' })
        .end(Array.from({ length: 1000 }, (_, i) => `.i${i}{background:url(/missing-${i}.png)}`).join(''));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.5', resolve));
  oddOrigin = `http://127.0.0.5:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await cdn.close();
  await new Promise<void>((resolve) => odd.close(() => resolve()));
});

const SERVICE = 'http://127.0.0.1:8787';
function deps(over: Partial<DownloadDeps> = {}): DownloadDeps & { asked: number[] } {
  const asked: number[] = [];
  return {
    fetch: (url, init) => fetch(url, init),
    granted: async () => true,
    policy: { serviceOrigin: SERVICE, allowPrivate: true },
    confirmLarge: async (bytes) => {
      asked.push(bytes);
      return true;
    },
    asked,
    ...over,
  };
}
const agreed = (...origins: string[]) => new Set(origins.map((o) => originPattern(`${o}/`)));

describe('downloading a complete copy', () => {
  it('follows the stylesheets: their @import and url()s, relative to each sheet; a font host not agreed to waits', async () => {
    const refs: ResourceRef[] = [
      { url: `${cdn.cdnOrigin}/autoledger/report.css`, kind: 'stylesheet' },
      { url: `${cdn.cdnOrigin}/fonts/css?family=Chronicle+Sans:400,700`, kind: 'stylesheet' },
      { url: `${cdn.cdnOrigin}/autoledger/img/seal.svg`, kind: 'image' },
    ];
    const before = cdn.requests.length;
    const result = await downloadCopy(refs, agreed(cdn.cdnOrigin), deps());
    const got = Object.keys(result.files).map((url) => new URL(url).pathname);
    expect(got).toEqual(
      expect.arrayContaining([
        '/autoledger/report.css',
        '/autoledger/theme.css',
        '/autoledger/fonts/ledger-sans-bold.woff2',
        '/autoledger/img/paper.png',
        '/autoledger/img/header-band.svg',
        '/autoledger/img/seal.svg',
        '/fonts/css',
      ]),
    );
    expect(result.files[`${cdn.cdnOrigin}/autoledger/fonts/ledger-sans-bold.woff2`]).toMatch(
      /^data:font\/woff2;base64,/,
    );
    expect(cssText(result.files[`${cdn.cdnOrigin}/autoledger/theme.css`])).toContain('--al-accent');
    // The font service's files are on the font host: not asked for yet, not fetched.
    expect(result.waiting.map((ref) => new URL(ref.url).origin)).toEqual([cdn.fontOrigin, cdn.fontOrigin]);
    expect(cdn.requests.slice(before).some((r) => r.startsWith(cdn.fontOrigin))).toBe(false);

    // The second click: the font host agreed to, the same copy completed.
    const done = await downloadCopy(result.waiting, agreed(cdn.cdnOrigin, cdn.fontOrigin), deps(), result);
    expect(done.waiting).toEqual([]);
    expect(Object.keys(done.files).filter((url) => url.startsWith(cdn.fontOrigin))).toHaveLength(2);
    expect(done.bytes).toBeGreaterThan(result.bytes);
  });

  it("never asks the service's host, nor a private address in a store build; nothing is fetched from them", async () => {
    const refs: ResourceRef[] = [
      { url: `${SERVICE.replace('8787', '9999')}/__sim/beacon?what=css-url`, kind: 'css-file' },
      { url: `${cdn.cdnOrigin}/autoledger/img/seal.svg`, kind: 'image' },
    ];
    const before = cdn.requests.length;
    const store = await downloadCopy(
      refs,
      agreed('http://127.0.0.1', cdn.cdnOrigin),
      deps({
        policy: { serviceOrigin: SERVICE, allowPrivate: false },
      }),
    );
    expect(store.files).toEqual({});
    expect(store.skipped.map((s) => s.reason)).toEqual([
      'the report service itself',
      'a private or local address',
    ]);
    expect(cdn.requests.length).toBe(before);
  });

  it('checks the permission before every file: withdrawn mid-way, nothing more is fetched from that host', async () => {
    let checks = 0;
    const refs: ResourceRef[] = ['seal.svg', 'header-band.svg', 'section.svg', 'vehicle-card.svg'].map(
      (file) => ({
        url: `${cdn.cdnOrigin}/autoledger/img/${file}`,
        kind: 'image',
      }),
    );
    const before = cdn.requests.length;
    const result = await downloadCopy(
      refs,
      agreed(cdn.cdnOrigin),
      deps({ granted: async () => ++checks <= 2 }),
    );
    expect(Object.keys(result.files)).toHaveLength(2);
    expect(result.withdrawn).toEqual([originPattern(cdn.cdnOrigin)]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'the permission for its host was withdrawn',
      'the permission for its host was withdrawn',
    ]);
    expect(cdn.requests.length - before).toBe(2);
  });

  it('follows no redirect, keeps no HTML error page or script, breaks an @import loop, names a self-hosted font by its extension; sends no cookie or referrer', async () => {
    const refs: ResourceRef[] = [
      { url: `${oddOrigin}/moved.css`, kind: 'stylesheet' },
      { url: `${oddOrigin}/soft-404.css`, kind: 'stylesheet' },
      { url: `${oddOrigin}/self.css`, kind: 'stylesheet' },
      { url: `${oddOrigin}/font.woff2`, kind: 'css-file' },
      { url: `${oddOrigin}/script.js`, kind: 'css-file' },
      { url: `${oddOrigin}/missing.png`, kind: 'image' },
    ];
    const before = cdn.requests.length;
    const result = await downloadCopy(refs, agreed(oddOrigin, cdn.cdnOrigin), deps());
    expect(Object.keys(result.files).sort()).toEqual([`${oddOrigin}/font.woff2`, `${oddOrigin}/self.css`]);
    expect(result.files[`${oddOrigin}/font.woff2`]).toMatch(/^data:font\/woff2;base64,/);
    const reasons = Object.fromEntries(result.skipped.map((s) => [new URL(s.url).pathname, s.reason]));
    expect(reasons['/moved.css']).toContain('redirects are not followed');
    expect(reasons['/soft-404.css']).toContain('not a stylesheet (text/html)');
    expect(reasons['/script.js']).toContain('not a font or image');
    expect(reasons['/missing.png']).toBe('its host answered 404');
    // The redirect's target was never fetched; the stylesheet at /self.css was fetched once.
    expect(cdn.requests.length).toBe(before);
    expect(oddRequests.filter((r) => r.url === '/self.css')).toHaveLength(1);
    for (const { headers } of oddRequests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(headers['x-api-key']).toBeUndefined();
    }
  });

  it('where the machine has no 127.0.0.3 or 127.0.0.4 (macOS), the stand-ins answer as localhost', async () => {
    // 2001:db8:: (the documentation prefix) is on no interface of any machine: listening there fails
    // with EADDRNOTAVAIL, as 127.0.0.3 does on a Mac.
    const elsewhere = await startCdnServers(['2001:db8::1', '2001:db8::2']);
    try {
      expect(elsewhere.cdnOrigin).toMatch(/^http:\/\/localhost:\d+$/);
      expect(elsewhere.fontOrigin).toMatch(/^http:\/\/localhost:\d+$/);
      const css = await fetch(
        `${elsewhere.cdnOrigin.replace('localhost', '127.0.0.1')}/autoledger/report.css`,
      );
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    } finally {
      await elsewhere.close();
    }
  });

  it("keeps image/jpg and a doubled type as the one kept type, never a type as a host wrote it; the copy's files pass the keep schema", async () => {
    const refs: ResourceRef[] = ['/photo.jpg', '/seal.png', '/badge.png'].map((path) => ({
      url: `${oddOrigin}${path}`,
      kind: 'image',
    }));
    const result = await downloadCopy(refs, agreed(oddOrigin), deps());
    expect(result.skipped).toEqual([]);
    expect(Object.values(result.files).map((data) => data.slice(0, data.indexOf(';')))).toEqual([
      'data:image/jpeg',
      'data:image/png',
      'data:image/png',
    ]);
    expect(JSON.stringify(result.files)).not.toContain('evil.example');
    const kept = KeepCopyRequest.safeParse({ provider: 'providerA', id: '1', files: result.files });
    expect(kept.success).toBe(true);
    // And the copy's CSS is written only around such a file: a forged one becomes `none`.
    const forged = { [`${oddOrigin}/a.png`]: 'data:image/png,"),url("https://evil.example/x' };
    const css = cleanCss(`.a{background:url(${oddOrigin}/a.png)}`, {
      asset: (url) => forged[url],
      sheet: () => undefined,
    });
    expect(css).toBe('.a{background:none}');
  });

  it('reads a body only up to the size a file may have: a host sending no length is cut off, not held whole', async () => {
    const limits = { ...COPY_LIMITS, fileBytes: 1024 * 1024 };
    const result = await downloadCopy(
      [{ url: `${oddOrigin}/endless.png`, kind: 'image' }],
      agreed(oddOrigin),
      {
        ...deps(),
        limits,
      },
    );
    expect(result.skipped.map((s) => s.reason)).toEqual(['larger than 1 MB']);
    expect(result.bytes).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // What the host could push before the cancel reached it: socket buffers, a few MB at most of 48.
    expect(endlessSent).toBeLessThan(8 * 1024 * 1024);
  });

  it('where the browser can resolve names (Firefox), one leading to this computer or its network is never asked', async () => {
    const fetched: string[] = [];
    const answers: Record<string, string[]> = {
      'cdn.provider.example': ['93.184.216.34'],
      'printer.provider.example': ['127.0.0.1'],
      'rebind.provider.example': ['203.0.113.9', '192.168.0.10'],
      'v6.provider.example': ['fd00::5'],
    };
    const asked: string[] = [];
    const store = deps({
      policy: { serviceOrigin: SERVICE, allowPrivate: false },
      fetch: async (url) => {
        fetched.push(url);
        return new Response('body{}', { headers: { 'content-type': 'text/css' } });
      },
      resolve: async (host) => {
        asked.push(host);
        return answers[host] ?? [];
      },
    });
    const refs: ResourceRef[] = Object.keys(answers).flatMap((host) => [
      { url: `https://${host}/a.css`, kind: 'stylesheet' as const },
      { url: `https://${host}/b.css`, kind: 'stylesheet' as const },
    ]);
    const result = await downloadCopy(refs, new Set(refs.map((r) => originPattern(r.url))), store);
    expect(fetched).toEqual(['https://cdn.provider.example/a.css', 'https://cdn.provider.example/b.css']);
    expect(result.skipped.map((s) => s.reason)).toEqual(
      Array(6).fill('its name leads to a private or local address'),
    );
    // Each host looked up once.
    expect(asked).toEqual(Object.keys(answers));
  });

  it('counts every request, kept or not: a stylesheet naming 1,000 addresses gets 200 asked at most', async () => {
    const before = oddRequests.length;
    const result = await downloadCopy(
      [{ url: `${oddOrigin}/many.css`, kind: 'stylesheet' }],
      agreed(oddOrigin),
      deps(),
    );
    expect(oddRequests.length - before).toBe(COPY_LIMITS.requests);
    expect(result.requests).toBe(COPY_LIMITS.requests);
    expect(result.stopped).toBe('limit');
    expect(result.skipped.at(-1)?.reason).toBe(`a copy asks its hosts at most ${COPY_LIMITS.requests} times`);
  });

  it('asks once past the size a user is asked about, stops when told to, and holds no more than its limits', async () => {
    const big = (mb: number, n: number): ResourceRef => ({
      url: `${cdn.cdnOrigin}/big/photo.jpg?mb=${mb}&n=${n}`,
      kind: 'image',
    });
    const declined = deps({ confirmLarge: async () => false });
    const stopped = await downloadCopy([big(3, 1), big(3, 2), big(1, 3)], agreed(cdn.cdnOrigin), declined);
    expect(stopped.stopped).toBe('declined');
    expect(Object.keys(stopped.files)).toHaveLength(1);

    const yes = deps();
    const limits = { ...COPY_LIMITS, totalBytes: 7 * 1024 * 1024, fileBytes: 4 * 1024 * 1024 };
    const capped = await downloadCopy([big(3, 4), big(5, 5), big(3, 6), big(3, 7)], agreed(cdn.cdnOrigin), {
      ...yes,
      limits,
    });
    expect(yes.asked).toHaveLength(1);
    expect(capped.stopped).toBe('limit');
    expect(capped.bytes).toBeLessThanOrEqual(limits.totalBytes);
    const reasons = capped.skipped.map((s) => s.reason);
    expect(reasons).toContain('larger than 4 MB');
    expect(reasons).toContain('a copy holds at most 7 MB');
  });
});
