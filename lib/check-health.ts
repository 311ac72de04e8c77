// How the account's record checks look to the service: it expects about 3 to 5 checks per report
// bought and may revoke a key that checks far more without buying (shared/service-notes.md). Pure.
import type { LedgerSummary } from './economy';

export type Health = 'good' | 'watch' | 'risk';

/**
 * The last 30 days against the 3-to-5 band: up to 5 checks per report is good, up to twice that is
 * worth watching, more is a risk. With no report bought, any check is watched and more than 5 is a
 * risk ("8 record checks, 0 reports" is the state that gets keys revoked).
 */
export function checkHealth(ledger: LedgerSummary): Health {
  if (ledger.reports === 0) return ledger.checks === 0 ? 'good' : ledger.checks <= 5 ? 'watch' : 'risk';
  if (ledger.checksPerReport <= 5) return 'good';
  return ledger.checksPerReport <= 10 ? 'watch' : 'risk';
}

export const HEALTH_RULE =
  'The service expects about 3 to 5 record checks for each report bought; many checks without buying can get a key revoked.';
