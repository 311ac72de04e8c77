// Runs shell commands side by side (npm test's tiers that do not need each other, the benchmark
// smokes in two lanes), each one's output held and printed whole once it ends, in the order given,
// so two logs never interleave. Resolves to each command's exit code and milliseconds.
import { spawn } from 'node:child_process';

/**
 * @param {Array<[name: string, command: string]>} commands
 * @returns {Promise<Array<{ name: string; code: number; ms: number }>>}
 */
export async function runTogether(commands) {
  const runs = commands.map(([name, command]) => {
    const start = performance.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const ended = new Promise((resolve) =>
      child.on('close', (code) => resolve({ name, code: code ?? 1, ms: performance.now() - start })),
    );
    return { ended, output };
  });
  const results = [];
  for (const run of runs) {
    const result = await run.ended;
    process.stdout.write(Buffer.concat(run.output));
    results.push(result);
  }
  return results;
}
