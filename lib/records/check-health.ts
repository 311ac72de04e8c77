// How the account's record checks look to the service: it expects about 3 to 5 checks per report
// bought and may revoke a key that checks far more without buying (docs/service-notes.md). Pure.
import type { LedgerView } from './economy';

export type Health = 'good' | 'watch' | 'risk';

/**
 * The last 30 days against the band, with the same edge as "check all" warns at (the user's
 * `warnRatio`, 5 by default, the top of the service's 3-to-5): up to it is good, up to twice it is
 * worth watching, more is a risk. With no report bought, any check is watched and more than the
 * ratio is a risk ("8 record checks, 0 reports" is the state that gets keys revoked).
 */
export function checkHealth(ledger: LedgerView): Health {
  const edge = ledger.warnRatio;
  if (ledger.reports === 0) return ledger.checks === 0 ? 'good' : ledger.checks <= edge ? 'watch' : 'risk';
  if (ledger.checksPerReport <= edge) return 'good';
  return ledger.checksPerReport <= 2 * edge ? 'watch' : 'risk';
}

export const HEALTH_RULE =
  'The service expects about 3 to 5 record checks for each report bought; many checks without buying can get a key revoked.';
