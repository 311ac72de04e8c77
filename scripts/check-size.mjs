// Prints the gzip size of every bundle of the store build and fails when a budget is exceeded.
// Budgets (the developers' guide's, from issues 61 and 64): the content script runs on every listing
// page (24 KB; that cost held by `npm run bench` and bench:feed), the background must start fast (64 KB,
// its cold start held by bench:popup's worker-stopped figure).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? '.output/chrome-mv3';
const BUDGETS = { 'content-scripts/vin.js': 24 * 1024, 'background.js': 64 * 1024 };

const files = [];
(function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(js|css|html)$/.test(name)) files.push(path);
  }
})(dir);

let failed = false;
console.log(`gzip size of ${dir}:`);
for (const path of files.sort()) {
  const name = relative(dir, path);
  const size = gzipSync(readFileSync(path), { level: 9 }).length;
  const budget = BUDGETS[name];
  const room = ((budget ?? 0) - size) / 1024;
  const verdict =
    budget === undefined
      ? ''
      : size <= budget
        ? `  (budget ${budget / 1024} KB: ok, ${room.toFixed(2)} KB free)`
        : `  (budget ${budget / 1024} KB: OVER by ${(-room).toFixed(2)} KB)`;
  if (budget !== undefined && size > budget) failed = true;
  console.log(`  ${name.padEnd(44)} ${(size / 1024).toFixed(2).padStart(7)} KB${verdict}`);
}
for (const name of Object.keys(BUDGETS)) {
  if (!files.some((f) => relative(dir, f) === name)) {
    console.error(`missing bundle ${name}: did the build run?`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
