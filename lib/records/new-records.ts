// What "Check for new records" says: records added to the report's provider since it was bought, or
// today's counts when the counts at purchase are not known (a report bought elsewhere). Pure.

import { plural } from '../plural';
import type { NewRecords } from './page-messages';

export function newRecordsText({ counts, report, before }: NewRecords): string {
  const now = counts.records[report.provider];
  const bought = new Date(report.createdAt).toLocaleDateString();
  if (!before)
    return `${report.provider} has ${plural(now, 'record')} today; the count when you bought the report (${bought}) is not known.`;
  const added = now - before[report.provider];
  if (added <= 0)
    return `No new ${report.provider} records since you bought the report (${plural(now, 'record')}, as then).`;
  return `${plural(added, 'record')} added to ${report.provider} since you bought the report (${before[report.provider]} then, ${now} now): the report you hold does not show ${added === 1 ? 'it' : 'them'}.`;
}
