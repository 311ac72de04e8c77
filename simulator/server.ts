// The simulator as a real HTTP server on loopback, for e2e tests, benchmarks and `npm start`.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { createSimulator, type SimulatorOptions } from './app';
import { startCdnServers } from './cdn-server';
import { DROP_HEADER } from './faults';
import { createNhtsaStandIn } from './nhtsa/nhtsa-app';

/** NHTSA's stand-in: its own loopback name at the service's port, where the test build looks for it. */
export const NHTSA_HOST = '127.0.0.5';

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
  // The test build asks http://127.0.0.5:<the service's port> (entrypoints/background/nhtsa/nhtsa-hosts.ts).
  const nhtsa = createNhtsaStandIn();
  const nhtsaServer = await new Promise<ReturnType<typeof serve> | null>((resolve, reject) => {
    const s = serve(
      {
        hostname: NHTSA_HOST,
        port,
        fetch: async (request: Request, env: HttpBindings | Http2Bindings) => {
          const response = await nhtsa.app.fetch(request, env);
          if (response.headers.has(DROP_HEADER)) env.incoming.socket?.destroy();
          return response;
        },
      },
      () => resolve(s),
    );
    // A machine routing only 127.0.0.1 of the loopback range (macOS by default): no stand-in, and the
    // extension says it cannot reach NHTSA, as it would offline.
    s.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRNOTAVAIL') return reject(error);
      console.warn(`NHTSA's stand-in not started: ${NHTSA_HOST} is not an address of this machine.`);
      resolve(null);
    });
  });
  const closeServer = (s: ReturnType<typeof serve> | null) =>
    !s
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          s.close(() => resolve());
        });
  return {
    sim,
    origin,
    baseUrl: `${origin}/v1`,
    /** The reports' CDN (127.0.0.3) and font host (127.0.0.4), with the requests they answered. */
    cdn,
    /** NHTSA's stand-in (127.0.0.5): its request log and faults. */
    nhtsa: { ...nhtsa, origin: `http://${NHTSA_HOST}:${port}` },
    close: async () => {
      await closeServer(server);
      await closeServer(nhtsaServer);
      await cdn.close();
    },
  };
}
export type SimulatorServer = Awaited<ReturnType<typeof startSimulatorServer>>;
