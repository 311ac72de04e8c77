// What the user's service calls its two providers, if the user said so in the options. The wire
// names providerA/providerB never change (they are the API's); the display name is only shown.
import type { Provider } from '../domain';

export type ProviderNames = Partial<Record<Provider, string>>;

/** The name to show: the user's, else the API's. */
export const providerLabel = (names: ProviderNames, provider: Provider): string =>
  names[provider]?.trim() || provider;

/** The user's name beside the API's ("AutoLedger (providerA)"), where money is spent. */
export const providerWithWire = (names: ProviderNames, provider: Provider): string => {
  const name = names[provider]?.trim();
  return name ? `${name} (${provider})` : provider;
};
