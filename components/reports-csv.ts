// The report list as CSV, made in the page from what the background hands over (lib/reports/csv.ts):
// the library's and the options page's export.
import type { ErrorData } from '@/lib/errors/error-data';
import { ask } from '@/lib/messaging/messaging';
import { reportsCsv } from '@/lib/reports/csv';

export async function exportedReportsCsv(): Promise<
  { ok: true; value: string } | { ok: false; error: ErrorData }
> {
  const data = await ask('getExportData', undefined);
  return data.ok
    ? { ok: true, value: reportsCsv(data.value.reports, data.value.notes, data.value.facts) }
    : data;
}
