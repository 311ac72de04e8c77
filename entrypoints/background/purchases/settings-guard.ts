// The key and service may not change under a purchase: while one is being sent (or a purchase batch
// runs), saving new settings is refused as busy; while purchases of the current account are not
// confirmed yet, only with the user's explicit confirmation (once the key is replaced they can no
// longer be checked from here: reconciler.ts). Saving the same URL and key again changes nothing and
// is never held back.

import { checkServiceUrl } from '@/lib/account/service-url';
import type { SaveSettingsRequest } from '@/lib/account/settings-messages';
import { failWith, type Result } from '@/lib/errors/result';
import { plural } from '@/lib/plural';
import { intentGeneration, OPEN_STATES } from '@/lib/purchases/purchase-intent';
import { currentGeneration, readCredentials } from '../service/credentials';
import { allIntents } from './intent-store';
import { purchaseUnderWay } from './purchases';

/** Whether the request would save other settings than those saved now (another URL or key). */
async function changesSettings(request: SaveSettingsRequest): Promise<boolean> {
  const stored = await readCredentials();
  const checked = checkServiceUrl(request.serviceUrl);
  const typedKey = request.apiKey?.trim() ?? '';
  return (
    (checked.ok ? checked.baseUrl : request.serviceUrl) !== stored.serviceUrl ||
    (!!typedKey && typedKey !== stored.apiKey)
  );
}

/** Why these settings may not be saved now; null when they may. `batchBuying`: a purchase batch runs. */
export async function settingsChangeRefused(
  request: SaveSettingsRequest,
  batchBuying: boolean,
): Promise<Result<never> | null> {
  if (!(await changesSettings(request))) return null;
  if (purchaseUnderWay() || batchBuying)
    return failWith(
      'busy',
      'A purchase is under way: wait until it has finished (or cancel the batch) before changing the key or the service.',
    );
  if (request.confirmOpenPurchases) return null;
  const generation = await currentGeneration();
  const unconfirmed = (await allIntents()).filter(
    (i) =>
      intentGeneration(i) === generation &&
      (OPEN_STATES.has(i.state) || (i.state === 'unresolved' && !i.overridden)),
  );
  if (unconfirmed.length === 0) return null;
  const which = unconfirmed
    .slice(0, 3)
    .map((i) => `the ${i.provider} report for ${i.vin}`)
    .join(', ');
  return failWith(
    'needs-confirmation',
    `${plural(unconfirmed.length, 'purchase')} with the current key ${unconfirmed.length === 1 ? 'is' : 'are'} not confirmed yet (${which}${unconfirmed.length > 3 ? ', …' : ''}): a credit may have been spent. With another key ${unconfirmed.length === 1 ? 'it' : 'they'} can no longer be checked from here. Confirm to change the key anyway.`,
  );
}
