// What a stopped service worker's storage says in the unit harness (test/unit/support/background-harness.ts),
// and what vitest.config.ts therefore does not report as an unhandled error.
export const STOPPED_WORKER = 'This service worker was stopped: nothing it had under way runs on.';
