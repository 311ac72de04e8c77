// Decisions around buying a report, kept pure so every path can be tested without a network.

import type { Provider, ReportSummary } from '../domain';

/**
 * The one rule for "this report is of that (provider, VIN)": VINs are canonical (upper case) from
 * the wire on (lib/domain.ts `canonicalVin`), so the comparison is exact.
 */
export const reportOf = (provider: Provider, vin: string) => (r: ReportSummary) =>
  r.provider === provider && r.vin === vin;

/** The newest report the user already holds for this provider and VIN. */
export function findHeld(
  reports: ReportSummary[],
  provider: Provider,
  vin: string,
): ReportSummary | undefined {
  return reports.filter(reportOf(provider, vin)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** The report the service created for this purchase: one for (provider, VIN) that was not held before. */
export function findNewReport(
  after: ReportSummary[],
  provider: Provider,
  vin: string,
  heldBefore: string[],
): ReportSummary | undefined {
  return findNewReports(after, provider, vin, heldBefore)[0];
}

/**
 * Every report for (provider, VIN) that was not held before a purchase, oldest first. More than one
 * means the service charged more than once (a request resent by the network stack, see lib/api/client.ts).
 */
export function findNewReports(
  after: ReportSummary[],
  provider: Provider,
  vin: string,
  heldBefore: string[],
): ReportSummary[] {
  const before = new Set(heldBefore);
  return after
    .filter((r) => reportOf(provider, vin)(r) && !before.has(r.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
