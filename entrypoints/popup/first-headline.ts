// What the popup paints first: the headline the background keeps in storage.session
// (lib/account/headline.ts), read with the browser's own promise-based API. No webextension-polyfill and no
// zod on this path: the popup's first module stays small so the headline paints about when a blank
// extension page would (bench:popup). Not parsed here: only the background writes these keys, from
// values it has parsed, and no content script can reach storage.session; a value an earlier version
// wrote in another shape is caught where it is painted (main.tsx), and the worker's parsed account
// replaces the first paint a moment later in any case.
import { browser } from '@wxt-dev/browser';
import type { Account } from '@/lib/account/account-messages';
import { HEADLINE_KEY, HEADLINE_NAMES_KEY } from '@/lib/account/headline';
import type { ProviderNames } from '@/lib/account/provider-names';

export interface FirstHeadline {
  account: Account | null;
  names: ProviderNames;
}

export const NO_HEADLINE: FirstHeadline = { account: null, names: {} };

/** The headline as the background last kept it (none after a restart the worker has not seen yet). */
export async function readFirstHeadline(): Promise<FirstHeadline> {
  try {
    const kept = await browser.storage.session.get([HEADLINE_KEY, HEADLINE_NAMES_KEY]);
    return {
      account: (kept[HEADLINE_KEY] as Account | undefined) ?? null,
      names: (kept[HEADLINE_NAMES_KEY] as ProviderNames | undefined) ?? {},
    };
  } catch {
    return NO_HEADLINE;
  }
}
