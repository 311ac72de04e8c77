// The providers' CDN and a font service's font host, as two more HTTP servers on loopback names other
// than the service's 127.0.0.1 (which the test build holds a host permission for): 127.0.0.3 serves
// the reports' stylesheets, images and one web font (simulator/cdn/), 127.0.0.4 the font files a
// font service's stylesheet points at. So the demo and the tests go through the viewer's consent
// (one host asked for, then the one found inside a stylesheet) and its download. Served the way real
// CDNs serve such files: their own content types, `Access-Control-Allow-Origin: *` (fonts are fetched
// in CORS mode), a long cache lifetime. Every request is counted, so a test can say "none".
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('./cdn', import.meta.url));
const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
};
/** A 1x1 transparent GIF: the tracking pixels' answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface CdnServers {
  /** The providers' CDN (stylesheets, images, one font). */
  cdnOrigin: string;
  /** The font service's font host (the files its stylesheet names). */
  fontOrigin: string;
  /** Every request either server answered, as "origin/path?query", oldest first. */
  requests: string[];
  close(): Promise<void>;
}

async function listenOn(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Listens on `host`, or, where the machine has no such address (macOS routes only 127.0.0.1 of the
 * loopback range unless told otherwise), on 127.0.0.1 under the name `localhost`: still a host name
 * other than the service's, though the two stand-ins then share it.
 */
async function listen(server: Server, host: string): Promise<string> {
  try {
    const port = await listenOn(server, host);
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  } catch (error) {
    // EAFNOSUPPORT: an IPv6 host on a machine without IPv6.
    if (!['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes(String((error as NodeJS.ErrnoException).code)))
      throw error;
    return `http://localhost:${await listenOn(server, '127.0.0.1')}`;
  }
}

/** Starts the CDN on 127.0.0.3 and the font host on 127.0.0.4 (or `hosts`), each on a free port. */
export async function startCdnServers(
  hosts: [string, string] = ['127.0.0.3', '127.0.0.4'],
): Promise<CdnServers> {
  const requests: string[] = [];
  let fontOrigin = '';
  const handler = (origin: () => string, fonts: boolean) =>
    createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      requests.push(`${origin()}${url.pathname}${url.search}`);
      const headers = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=31536000' };
      if (!fonts && (url.pathname === '/pixel.gif' || url.pathname === '/collect'))
        return void response.writeHead(200, { ...headers, 'content-type': 'image/gif' }).end(PIXEL);
      // A large photo (?mb=N, default 6): a dealer's report with full-size pictures. Random bytes, so
      // nothing on the way compresses it.
      if (!fonts && url.pathname === '/big/photo.jpg') {
        const size = Math.min(64, Number(url.searchParams.get('mb') ?? 6)) * 1024 * 1024;
        return void response
          .writeHead(200, { ...headers, 'content-type': 'image/jpeg', 'content-length': String(size) })
          .end(randomBytes(size));
      }
      if (!fonts && url.pathname === '/fonts/css') {
        const css = (await readFile(join(ROOT, 'font-service.css'), 'utf8')).replaceAll(
          '{{FONT_HOST}}',
          fontOrigin,
        );
        return void response
          .writeHead(200, { ...headers, 'content-type': 'text/css; charset=utf-8' })
          .end(css);
      }
      const relative = normalize(decodeURIComponent(url.pathname).slice(1));
      const path = fonts ? join('font-host', relative.replace(/^s\//, '')) : relative;
      if (relative.startsWith('..') || relative.includes(`${sep}..`) || !TYPES[extname(relative)])
        return void response.writeHead(404).end();
      try {
        const body = await readFile(join(ROOT, path));
        response.writeHead(200, { ...headers, 'content-type': TYPES[extname(relative)] as string }).end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
  let cdnOrigin = '';
  const cdn = handler(() => cdnOrigin, false);
  const fontHost = handler(() => fontOrigin, true);
  cdnOrigin = await listen(cdn, hosts[0]);
  fontOrigin = await listen(fontHost, hosts[1]);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    cdnOrigin,
    fontOrigin,
    requests,
    close: async () => {
      await Promise.all([close(cdn), close(fontHost)]);
    },
  };
}
