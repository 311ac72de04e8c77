// `npm run api`: the simulator on 127.0.0.1:8787 (or $PORT), with the demo pages under /demo.
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../simulator/seed';
import { startSimulatorServer } from '../simulator/server';

const port = Number(process.env.PORT ?? 8787);
const server = await startSimulatorServer({
  port,
  staticDirs: { '/demo': fileURLToPath(new URL('../simulator/demo', import.meta.url)) },
});
console.log(`Vehicle History Report Service simulator
  base URL:   ${server.baseUrl}
  demo key:   ${DEMO_API_KEY}   (also: dealer-api-key, empty-api-key)
  demo page:  ${server.origin}/demo/listing.html
  control:    ${server.origin}/__sim/log  /__sim/faults  /__sim/reset`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
