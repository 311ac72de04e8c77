import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    // Prints every test and hook above half its timeout and fails the run above 80 % of it.
    reporters: ['default', './test/support/timeout-budget-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, which made
    // the unit tier (its longest file alone is about a minute) twice as long as it needs to be.
    maxWorkers: 2,
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/dom/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Several tests run the real background against the in-process simulator in real time
          // (the workbench's 1 s spacing, a 2 s retry_after): 1-4 s each on a 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // Two files at once (each its own browser and simulator, so nothing is shared): an e2e
          // file spends most of its time waiting (read timeouts, reconcile checks 2-15 s apart, the
          // workbench's 1 s spacing), and two overlap those waits: 5.5 min instead of 8.5 here.
          // The timeout reporter fails the run if that ever pushes a test near its timeout.
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
