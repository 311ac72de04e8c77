// `npm start` with its port taken (issue 56): one line naming the port and how to choose another,
// no stack trace, exit code 1, and nothing built or launched first.
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
  it('says in one line which port is taken and how to choose another', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const run = spawnSync('npx', ['tsx', 'scripts/start.ts'], {
        env: { ...process.env, PORT: String(port), HEADLESS: '1' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is taken (another npm start, or another program). Choose another: PORT=${port + 1} npm start`,
      );
      expect(run.stdout).not.toMatch(/Building/);
    } finally {
      taken.close();
    }
  }, 60_000);
});
