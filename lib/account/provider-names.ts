// What the user's service calls its two providers, if the user said so in the options. The wire
// names providerA/providerB never change (they are the API's); the display name is only shown.
import { z } from 'zod/mini';
import type { Provider } from '../domain';

const DisplayName = z.optional(z.string().check(z.maxLength(40)));
/** What the user's service calls providerA and providerB (display only; the wire names stay). */
export const ProviderNames = z.object({ providerA: DisplayName, providerB: DisplayName });
export type ProviderNames = z.infer<typeof ProviderNames>;

/** The name to show: the user's, else the API's. */
export const providerLabel = (names: ProviderNames, provider: Provider): string =>
  names[provider]?.trim() || provider;

/** The user's name beside the API's ("AutoLedger (providerA)"), where money is spent. */
export const providerWithWire = (names: ProviderNames, provider: Provider): string => {
  const name = names[provider]?.trim();
  return name ? `${name} (${provider})` : provider;
};
