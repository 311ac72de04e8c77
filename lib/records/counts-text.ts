// Record counts in words, the same in the popup and the workbench.
import { type ProviderNames, providerLabel } from '../account/provider-names';
import type { RecordCounts } from '../domain';
import { plural } from '../plural';

/** "providerA: 33 records on file, providerB: 37 records on file", with the user's names for the
 * providers: each provider's count said as what it is, never added up (issue 56). */
export const countsText = (counts: RecordCounts, names: ProviderNames = {}): string =>
  `${providerLabel(names, 'providerA')}: ${plural(counts.records.providerA, 'record')} on file, ${providerLabel(names, 'providerB')}: ${plural(counts.records.providerB, 'record')} on file`;
