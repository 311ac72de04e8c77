// Record counts in words, the same in the popup and the workbench.
import { type ProviderNames, providerLabel } from '../account/provider-names';
import type { RecordCounts } from '../domain';
import { plural } from '../plural';

/** "providerA 33 records, providerB 37 records", with the user's names for the providers. */
export const countsText = (counts: RecordCounts, names: ProviderNames = {}): string =>
  `${providerLabel(names, 'providerA')} ${plural(counts.records.providerA, 'record')}, ${providerLabel(names, 'providerB')} ${plural(counts.records.providerB, 'record')}`;
