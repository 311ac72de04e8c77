// `npm run test:bench-smoke` (the last tier of npm test): each benchmark run small, to prove it
// completes and prints its JSON line. Two lanes side by side, each about half the CPU: bench:feed
// mostly waits out its windows and bench:popup its restarts, so one after the other left a core idle
// (143 s here; 106 s in two lanes). Smokes only have to complete: their
// figures, measured beside another lane, are not read.
import { runTogether } from './run-together.mjs';

const lane = (...commands) => commands.join(' && ');
const results = await runTogether([
  [
    'popup, workbench, detection, economy, facts, price',
    lane(
      'BENCH_OPENS=3 BENCH_SKIP_BUILD=1 npm run bench:popup',
      'BENCH_RUNS=2 BENCH_SKIP_BUILD=1 npm run bench:workbench',
      'BENCH_SMOKE=1 BENCH_SKIP_BUILD=1 npm run bench',
      'npm run bench:economy',
      'BENCH_SMOKE=1 npm run bench:facts',
      'BENCH_SMOKE=1 npm run bench:price',
    ),
  ],
  [
    'feed, dealer, memory',
    lane(
      'BENCH_SMOKE=1 BENCH_SKIP_BUILD=1 npm run bench:feed',
      'BENCH_SMOKE=1 BENCH_SKIP_BUILD=1 npm run bench:dealer',
      'BENCH_SMOKE=1 BENCH_SKIP_BUILD=1 npm run bench:memory',
    ),
  ],
]);
for (const { name, code, ms } of results)
  console.log(
    `bench smokes (${name}): ${code === 0 ? 'completed' : `FAILED (exit ${code})`} in ${Math.round(ms / 1000)} s`,
  );
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
