// How long the background waits for the service, and when an unconfirmed purchase is checked.
// The loopback build (e2e tests, `npm start` on the simulator) uses seconds so tests can exercise
// timeouts and reconciliation; the store build uses the figures below.
import type { ReconcileSchedule } from '@/lib/purchases/purchase-intent';

const LOOPBACK = import.meta.env.MODE === 'loopback';

/** Per attempt of a free read. */
export const READ_TIMEOUT_MS = LOOPBACK ? 1_500 : 15_000;

/**
 * A purchase request is given up (its outcome then unknown, and reconciled) before 30 s: Chrome stops
 * an extension service worker whose fetch() has waited 30 s, and a request cut off that way would
 * leave nothing running to notice. The reconciler finds the report if the service finishes later.
 */
export const PURCHASE_TIMEOUT_MS = LOOPBACK ? 3_000 : 25_000;

/**
 * Checks of an unconfirmed purchase, after its request was sent: at once, then by alarm (which fire at
 * most every 30 s in a packed extension). After the last one an intent with no report is unresolved,
 * and its report is looked for a few more times (10 minutes, an hour, 6 hours, a day later: each look
 * reads the report list, 1.5 MB for a dealer).
 */
export const RECONCILE_SCHEDULE: ReconcileSchedule = LOOPBACK
  ? { checksAfterMs: [0, 2_000, 4_000, 8_000, 15_000], lateLooksAfterMs: [10_000, 30_000] }
  : {
      checksAfterMs: [0, 30_000, 60_000, 120_000, 180_000, 300_000],
      lateLooksAfterMs: [600_000, 3_600_000, 21_600_000, 86_400_000],
    };

/** The first wait before NHTSA is asked again after a 429 or a failure without Retry-After. */
export const NHTSA_BACKOFF_MS = LOOPBACK ? 100 : 1_000;
