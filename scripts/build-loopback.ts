// The loopback build (the simulator's test and demo build) for npm start and docs:images, quietly:
// WXT's progress spinner wrote terminal escapes into a plain log (issue 65). Its output is shown only
// when the build fails.
import { execFileSync } from 'node:child_process';

export function buildLoopback(): void {
  try {
    execFileSync('npx', ['wxt', 'build', '--mode', 'loopback'], {
      stdio: 'pipe',
      env: { ...process.env, CI: '1' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
    throw new Error('The extension did not build (its output is above).');
  }
}
