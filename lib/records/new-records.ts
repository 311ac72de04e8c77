// What "Check for new records" says: records added to the report's provider since it was bought, or
// today's counts when the counts at purchase are not known (a report bought elsewhere). Pure.

import { type ProviderNames, providerLabel } from '../account/provider-names';
import { plural } from '../plural';
import type { NewRecords } from './page-messages';

/** `names`: the user's names for the providers (the API's where none). */
export function newRecordsText({ counts, report, before }: NewRecords, names: ProviderNames = {}): string {
  const now = counts.records[report.provider];
  const provider = providerLabel(names, report.provider);
  const bought = new Date(report.createdAt).toLocaleDateString();
  if (!before)
    return `${provider} has ${plural(now, 'record')} today; the count when you bought the report (${bought}) is not known.`;
  const added = now - before[report.provider];
  if (added <= 0)
    return `No new ${provider} records since you bought the report (${plural(now, 'record')}, as then).`;
  return `${plural(added, 'record')} added to ${provider} since you bought the report (${before[report.provider]} then, ${now} now): the report you hold does not show ${added === 1 ? 'it' : 'them'}.`;
}
