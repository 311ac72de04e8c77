// The read reports the user holds of one vehicle, newest first, as the background hands them out, and
// their short line together (vehicle-facts.ts: the worst value of each fact across them, where they
// differ said): "2 reports (providerA + providerB): 2 owners · 1 accident (severe) · … · reports differ
// on accidents". Worded where it is shown (the badge's panel, the popup): the background keeps no
// wording of its own (its bundle's budget).
import { z } from 'zod/mini';
import { type ProviderNames, providerLabel } from '../../account/provider-names';
import { Provider } from '../../domain';
import { ReportFacts } from './report-facts';
import { vehicleFacts, vehicleFactsLine } from './vehicle-facts';

export const HeldFacts = z.array(z.object({ provider: Provider, facts: ReportFacts }));
export type HeldFacts = z.infer<typeof HeldFacts>;

/** The line of a vehicle's read reports together, providers by the user's names; null when none is read. */
export function heldFactsLine(held: HeldFacts, names: ProviderNames = {}): string | null {
  if (held.length === 0) return null;
  const combined = vehicleFacts(held.map((h) => h.facts));
  const providers = [...new Set(held.map((h) => providerLabel(names, h.provider)))].join(' + ');
  const who = held.length > 1 ? `${held.length} reports (${providers})` : providers;
  return `${who}: ${vehicleFactsLine(combined)}`;
}
