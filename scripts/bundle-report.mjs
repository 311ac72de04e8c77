// `npm run build:analyze`: the ten largest modules of each budgeted bundle, from the build's own
// module graph (rollup-plugin-visualizer's raw data, written by `wxt build --analyze`). Sizes are the
// modules' rendered code before minification: for ranking what a bundle carries, not for budgets
// (the budgets are the minified files' gzip, checked by check-size.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = '.output/analysis';
const BUNDLES = ['background.js', 'content-scripts/vin.js'];
const TOP = Number(process.env.TOP ?? 10);

const modules = new Map(BUNDLES.map((name) => [name, []]));
for (const file of readdirSync(DIR).filter((f) => /^stats-\d+\.json$/.test(f))) {
  const stats = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
  for (const meta of Object.values(stats.nodeMetas)) {
    for (const [bundle, part] of Object.entries(meta.moduleParts)) {
      const list = modules.get(bundle);
      if (!list) continue;
      // Paths from node_modules or the project, without the machine's folders.
      const id = meta.id.replace(/^.*node_modules\//, '').replace(`${process.cwd()}/`, '');
      list.push({ id, bytes: stats.nodeParts[part].renderedLength });
    }
  }
}
for (const [bundle, list] of modules) {
  const total = list.reduce((sum, m) => sum + m.bytes, 0);
  console.log(
    `${bundle}: ${list.length} modules, ${(total / 1024).toFixed(1)} KB rendered before minification`,
  );
  for (const m of list.sort((a, b) => b.bytes - a.bytes).slice(0, TOP))
    console.log(
      `  ${(m.bytes / 1024).toFixed(1).padStart(6)} KB ${((m.bytes / total) * 100).toFixed(1).padStart(5)} %  ${m.id}`,
    );
}
