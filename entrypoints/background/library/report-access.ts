// Opening reports the user holds, and what their list's export is made of.

import type { Provider } from '@/lib/domain';
import { ok, type Result } from '@/lib/errors/result';
import type { ReportView } from '@/lib/purchases/purchase-messages';
import type { ExportData } from '@/lib/reports/library-messages';
import { cachedAccount, getAccount } from '../account/account';
import { currentClient } from '../service/service';
import { findReport, keepReport, keptFacts } from '../storage/store';
import { readNotes } from './vehicle-notes';

/** From the library when kept (offline, instant), else fetched by id (free) and kept. */
export async function openReport({
  provider,
  id,
}: {
  provider: Provider;
  id: string;
}): Promise<Result<ReportView>> {
  const kept = await findReport(provider, id);
  if (kept) return ok({ ...kept, fromLibrary: true, savedOffline: true });
  const report = await (await currentClient()).getReport(provider, id);
  // The purchase date from the report list already at hand: not worth three requests of its own.
  const listed = (await cachedAccount())?.reports.find((r) => r.provider === provider && r.id === id);
  const createdAt = listed?.createdAt ?? new Date().toISOString();
  const { stored, saved } = await keepReport(report, createdAt);
  return ok({ ...stored, fromLibrary: false, savedOffline: saved });
}

/** What the report list's CSV is made of: the page makes it (the background's budget). */
export async function getExportData(): Promise<Result<ExportData>> {
  const account = await getAccount({ fresh: true });
  if (!account.ok) return account;
  const [notes, facts] = await Promise.all([readNotes(), keptFacts()]);
  return ok({ reports: account.value.reports, notes, facts: Object.fromEntries(facts) });
}
