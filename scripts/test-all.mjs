// `npm test` after its browser check (package.json: ensure-browsers.mjs first, so an unsupported Node
// is told before anything runs): every tier in turn, stopping at the first that fails, and each
// tier's time said at the end (issue 65: the run's 10-minute goal is watched tier by tier). The tiers
// are package.json's own scripts; this only runs and times them.
import { spawnSync } from 'node:child_process';

const TIERS = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['package', 'npm run package'],
  ['e2e', 'npm run test:e2e'],
  ['bench smokes', 'npm run test:bench-smoke'],
];

const took = [];
const seconds = (ms) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${Math.round(ms / 1000)} s`;
const summary = (outcome) =>
  console.log(
    `\nnpm test ${outcome}: ${took.map(([name, ms]) => `${name} ${seconds(ms)}`).join(' · ')} · total ${seconds(took.reduce((sum, [, ms]) => sum + ms, 0))}`,
  );

for (const [name, command] of TIERS) {
  const start = performance.now();
  const run = spawnSync(command, { shell: true, stdio: 'inherit' });
  took.push([name, performance.now() - start]);
  const code = run.status ?? 1;
  if (code !== 0) {
    summary(`failed in ${name}`);
    process.exit(code);
  }
}
summary('passed');
