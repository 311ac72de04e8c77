// Whether this Node.js is one the project supports (package.json's `engines.node`), and what to tell
// a user whose Node is not. Plain JavaScript with no dependencies and no syntax newer than Node 14,
// because it runs before `npm ci` (the preinstall) and before anything else in `npm test` and
// `npm start`: on Node 20 (end of life April 2026) the dependencies install with EBADENGINE warnings
// and fail later in ways that do not name the cause. `engine-strict` alone would also judge every
// dependency's own `engines` field, which is not the question asked here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** "v22.13.1" or "22.13.1" to [22, 13, 1]; null when it is not a version. */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function atLeast(version, floor) {
  for (let i = 0; i < 3; i++) if (version[i] !== floor[i]) return version[i] > floor[i];
  return true;
}

/**
 * Whether `version` satisfies `range`, a `||` list of caret ranges (`^22.13.0`, `^24`): the only form
 * this project's engines field uses; anything else is refused loudly rather than guessed.
 */
export function satisfies(version, range) {
  const parsed = typeof version === 'string' ? parseVersion(version) : version;
  if (!parsed) return false;
  return range.split('||').some((part) => {
    const match = /^\s*\^(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!match) throw new Error(`engines.node: "${part.trim()}" is not a caret range (^22.13.0)`);
    const floor = [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
    return parsed[0] === floor[0] && atLeast(parsed, floor);
  });
}

/** The sentence a user on an unsupported Node reads, or null when this Node is fine. */
export function nodeVersionProblem(version, range, recommended) {
  if (satisfies(version, range)) return null;
  return (
    `This project needs Node.js ${range.replace(/\s*\|\|\s*/g, ' or ')}; this is Node.js ${version}.\n` +
    `Install Node.js ${recommended} (the current LTS line): with nvm, \`nvm install\` in this folder ` +
    `(it reads .nvmrc); otherwise from https://nodejs.org/en/download. Then run the command again.`
  );
}

/** Reads the project's range and recommended line and stops the process on an unsupported Node. */
export function requireSupportedNode() {
  const root = new URL('../', import.meta.url);
  const range = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node;
  const recommended = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
  const problem = nodeVersionProblem(process.version, range, recommended);
  if (problem) {
    console.error(`\n${problem}\n`);
    process.exit(1);
  }
}

// Run directly (the preinstall): check and say nothing when all is well.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) requireSupportedNode();
