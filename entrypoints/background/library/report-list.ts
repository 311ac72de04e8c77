// The list of reports the user holds, for the library page and the popup's search. The service's
// list is kept whole with the account (it says how old it is); report bodies saved offline are
// listed too, so the library works with no connection at all.

import { ApiError } from '@/lib/api/errors';
import type { ReportSummary } from '@/lib/domain';
import { ok, type Result } from '@/lib/errors/result';
import type {
  ReportList,
  ReportListRequest,
  ReportSearch,
  ReportSearchRequest,
} from '@/lib/reports/library-messages';
import { reportKey } from '@/lib/reports/report-key';
import { matchesReport } from '@/lib/reports/report-search';
import { cachedAccount, getAccount } from '../account/account';
import { keptReportKeys, keptReportSummary } from '../storage/store';
import { readNotes } from './vehicle-notes';

export async function listReports(request: ReportListRequest): Promise<Result<ReportList>> {
  const [kept, notes] = await Promise.all([keptReportKeys(), readNotes()]);
  let listed: ReportSummary[] = [];
  let at: number | null = null;
  let refreshError: ReportList['refreshError'];
  try {
    const account = await getAccount(request?.fresh ? { fresh: true } : undefined);
    if (account.ok) {
      listed = account.value.reports;
      at = account.value.at;
      refreshError = account.value.refreshError;
    } else refreshError = account.error;
  } catch (error) {
    // Never read and unreachable (or no key): what is saved offline is still the user's.
    if (!(error instanceof ApiError)) throw error;
    refreshError = error.toData();
  }
  // Saved offline but not in the list (the list was never read, or is older): their own summaries.
  const known = new Set(listed.map(reportKey));
  const unlisted = await Promise.all(
    kept
      .filter(([provider, id]) => !known.has(reportKey({ provider, id })))
      .map(([provider, id]) => keptReportSummary(provider, id)),
  );
  const reports = [...listed, ...unlisted.filter((r) => r !== undefined)].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return ok({
    reports,
    at,
    ...(refreshError ? { refreshError } : {}),
    offline: kept.map(([provider, id]) => reportKey({ provider, id })),
    notes,
  });
}

/** The popup's search: over the list as last read (no request), newest first, at most `limit`. */
export async function searchReports({ query, limit }: ReportSearchRequest): Promise<Result<ReportSearch>> {
  const reports = (await cachedAccount())?.reports ?? [];
  const matches = query.trim() ? reports.filter((r) => matchesReport(r, query)) : reports;
  return ok({ matches: matches.slice(0, limit), total: matches.length });
}
