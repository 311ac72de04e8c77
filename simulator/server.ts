// The simulator as a real HTTP server on loopback, for e2e tests, benchmarks and `npm start`.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { createSimulator, type SimulatorOptions } from './app';
import { startCdnServers } from './cdn-server';
import { DROP_HEADER } from './faults';

export interface ServerOptions extends SimulatorOptions {
  port?: number;
  host?: string;
  /** URL prefix -> folder: static pages (demo listing pages, test fixtures) served beside the service. */
  staticDirs?: Record<string, string>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

async function serveStatic(dirs: Record<string, string>, pathname: string): Promise<Response | undefined> {
  for (const [prefix, dir] of Object.entries(dirs)) {
    if (!pathname.startsWith(`${prefix}/`)) continue;
    const relative = normalize(decodeURIComponent(pathname.slice(prefix.length + 1)));
    if (relative.startsWith('..') || relative.includes(`${sep}..`))
      return new Response('Forbidden', { status: 403 });
    try {
      const body = await readFile(join(dir, relative));
      return new Response(body, {
        headers: { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream' },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  }
  return undefined;
}

/** Starts the simulator on host:port (port 0 picks a free one) and resolves once it listens. */
export async function startSimulatorServer(options: ServerOptions = {}) {
  // The providers' CDN and font host first: the reports name their origins.
  const cdn = await startCdnServers();
  const sim = createSimulator({ cdnOrigin: cdn.cdnOrigin, ...options });
  const host = options.host ?? '127.0.0.1';
  const staticDirs = options.staticDirs ?? {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        hostname: host,
        port: options.port ?? 8787,
        fetch: async (request: Request, env: HttpBindings | Http2Bindings) => {
          const file = await serveStatic(staticDirs, new URL(request.url).pathname);
          if (file) return file;
          const response = await sim.app.fetch(request, env);
          // A "drop" fault: close the socket without answering, as a failing proxy would.
          if (response.headers.has(DROP_HEADER)) env.incoming.socket?.destroy();
          return response;
        },
      },
      () => resolve(s),
    );
    s.once('error', (error) => {
      void cdn.close();
      reject(error);
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    sim,
    origin,
    baseUrl: `${origin}/v1`,
    /** The reports' CDN (127.0.0.3) and font host (127.0.0.4), with the requests they answered. */
    cdn,
    close: async () => {
      await new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      });
      await cdn.close();
    },
  };
}
export type SimulatorServer = Awaited<ReturnType<typeof startSimulatorServer>>;
