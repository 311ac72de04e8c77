// `npm test` after its browser check (package.json: ensure-browsers.mjs first, so an unsupported Node
// is told before anything runs): every tier, stopping at the first stage that fails, and each tier's
// time said at the end (issue 65: the run's 10-minute goal is watched tier by tier). The tiers are
// package.json's own scripts; this only runs and times them. The first stage's three tiers need
// nothing of each other and use one core each (tsc, Biome, the store builds): run side by side, they
// take the longest one's time instead of their sum.
import { spawnSync } from 'node:child_process';
import { runTogether } from './run-together.mjs';

const STAGES = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
    ['package', 'npm run package'],
  ],
  [['unit', 'npm run test:unit']],
  [['e2e', 'npm run test:e2e']],
  [['bench smokes', 'npm run test:bench-smoke']],
];

const took = [];
const seconds = (ms) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${Math.round(ms / 1000)} s`;
const runStart = performance.now();
const summary = (outcome) =>
  console.log(
    `\nnpm test ${outcome}: ${took.map(({ name, ms }) => `${name} ${seconds(ms)}`).join(' · ')} · total ${seconds(performance.now() - runStart)}`,
  );

for (const stage of STAGES) {
  let results;
  if (stage.length === 1) {
    // One tier alone: its output as it comes (the e2e tier runs for minutes).
    const [[name, command]] = stage;
    const start = performance.now();
    const run = spawnSync(command, { shell: true, stdio: 'inherit' });
    results = [{ name, code: run.status ?? 1, ms: performance.now() - start }];
  } else results = await runTogether(stage);
  took.push(...results);
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    summary(`failed in ${failed.name}`);
    process.exit(failed.code);
  }
}
summary('passed');
