// The display names the user gave the two providers, kept in the background-owned store with the
// other settings.
import { ProviderNames } from '@/lib/account/provider-names';
import { ok, type Result } from '@/lib/errors/result';
import { storedValue } from '../storage/store';
import { keepHeadlineNames } from './headline-session';

const names = storedValue('providerNames', ProviderNames, () => ({}));

export async function getProviderNames(): Promise<Result<ProviderNames>> {
  return ok(await names.get());
}

/** Saves both names; an empty one goes back to the API's name. */
export async function saveProviderNames(request: ProviderNames): Promise<Result<ProviderNames>> {
  const kept: ProviderNames = {};
  for (const provider of ['providerA', 'providerB'] as const) {
    const name = request[provider]?.trim();
    if (name) kept[provider] = name;
  }
  await names.set(kept);
  keepHeadlineNames(kept);
  return ok(kept);
}

/** The names as saved (for the popup's headline after a restart). */
export const savedProviderNames = () => names.get();
