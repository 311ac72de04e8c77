// A vehicle in words, the same on the badge, in the popup and in the workbench.

import { type ProviderNames, providerLabel } from '../account/provider-names';
import type { RecordCounts } from '../domain';
import { plural } from '../plural';
import type { LocalDecode } from './vin-verdict';

/** The free local decode in one line: "2012 · Ram · United States" (the maker's code when unknown). */
export const decodeLine = (decode: LocalDecode): string =>
  [decode.modelYear, decode.make ?? `manufacturer code ${decode.wmi}`, decode.country ?? decode.region]
    .filter(Boolean)
    .join(' · ');

/** "providerA 33 records, providerB 37 records", with the user's names for the providers. */
export const countsText = (counts: RecordCounts, names: ProviderNames = {}): string =>
  `${providerLabel(names, 'providerA')} ${plural(counts.records.providerA, 'record')}, ${providerLabel(names, 'providerB')} ${plural(counts.records.providerB, 'record')}`;
