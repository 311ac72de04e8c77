import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
// With its extension: Vite loads this config natively, and warned of an extensionless import.
import { STOPPED_WORKER } from './test/support/stopped-worker.ts';

// What every end-to-end project shares: the real extension in real browsers, built once.
const e2e = {
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['test/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A worker keeps what it imported from one file to the next (the simulator, Playwright,
    // puppeteer): each file then imports in about 0.3 s instead of 1.6 s (12 files: 19.6 s of import
    // down to 3.4 s). Nothing shared is kept between files: each starts its own simulator (its state
    // copied from the seed) and browser, no e2e file changes a global, and the fixture pages' state
    // is put back before each file (test/e2e/support/fixture-state.ts).
    isolate: false,
    // What a served fixture page shows now, back to its first values before each file.
    setupFiles: ['test/e2e/support/fresh-fixtures.ts'],
    // What a user waits for, not a deadline: with two files' browsers on 2 cores, a worker waking
    // up or a page's first answer took over Vitest's default 1 s (a CI run failed on a confirmation
    // page that showed the saved provider name a moment later). A poll ends as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
  },
};
/** Files that run alone, after the rest: load tests. */
const SOLO = ['test/e2e/load.test.ts'];

export default defineConfig({
  test: {
    // A passing run is quiet: what a test logs (expected QuotaExceededError stacks, a stopped
    // worker's warnings: about 34,000 lines of the unit tier) is printed only for a test that failed.
    silent: 'passed-only',
    // Prints every test and hook above half its timeout and fails the run above 80 % of it.
    reporters: ['default', './test/support/timeout-budget-reporter.ts'],
    // A stopped worker's leftover promises meeting its cut storage (test/unit/support/background-harness.ts)
    // are what a browser never runs at all: not errors of the code under test. Everything else is.
    onUnhandledError: (error) => !String(error.message).includes(STOPPED_WORKER),
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, which made
    // the unit tier (its longest file alone is about a minute) twice as long as it needs to be.
    // `npm run test:unit` asks for 3: its files wait on real timers a quarter of the time (NHTSA's
    // pacing, retries), and a third file fills that (154 s to 135 s here, none past 42 % of its timeout).
    maxWorkers: 2,
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/dom/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Report HTML names remote stylesheets and frames that happy-dom does not load (nor should
          // it): taken as loaded, not printed as errors on every parse.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
          setupFiles: ['test/support/wmi-prefixes-loaded.ts'],
          // Several tests run the real background against the in-process simulator in real time
          // (the workbench's 1 s spacing, a 2 s retry_after): 1-4 s each on a 2-core machine.
          testTimeout: 20_000,
          // Each file still in a world of its own (isolate), but in a new worker thread rather than
          // a new process: 238 CPU-s and 131 s for the tier here against 174 CPU-s and 100 s.
          pool: 'threads',
        },
      },
      {
        ...e2e,
        test: {
          ...e2e.test,
          name: 'e2e',
          exclude: SOLO,
          // Two files at once (each its own browser and simulator, so nothing is shared): an e2e
          // file spends most of its time waiting (read timeouts, reconcile checks 2-15 s apart, the
          // workbench's 1 s spacing), and two overlap those waits: 5.7 min instead of 8.5 here (with the load test alone after them).
          // The timeout reporter fails the run if that ever pushes a test near its timeout.
          fileParallelism: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...e2e,
        test: {
          ...e2e.test,
          name: 'e2e-solo',
          include: SOLO,
          // After the others, alone: 50 tabs opened and checked at once measure the extension under
          // its own load, not under a second browser's (beside one, a popup's button took over 30 s).
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
