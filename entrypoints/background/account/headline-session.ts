// Writes the popup's headline (lib/account/headline.ts) to storage.session: the cut account whenever the
// cached account changes, the providers' display names whenever they are saved, and both again when
// the worker starts (the browser forgets storage.session when it closes: without this, the first
// popup after a restart would wait for the worker to start and read a dealer's whole cached list).
import { z } from 'zod/mini';
import { type Account, Account as AccountSchema } from '@/lib/account/account-messages';
import { HEADLINE_KEY, HEADLINE_NAMES_KEY, headlineOf } from '@/lib/account/headline';
import { ProviderNames } from '@/lib/account/provider-names';
import { createSerialQueue } from '@/lib/serial-queue';
import { sessionItem } from '../storage/session-item';

const headline = sessionItem(HEADLINE_KEY, z.nullable(AccountSchema), () => null);
const names = sessionItem(HEADLINE_NAMES_KEY, ProviderNames, () => ({}));

// Writes in the order asked, none waited for by the caller (a purchase never waits on a shortcut).
const serial = createSerialQueue();

function keep(write: () => Promise<void>): void {
  void serial(async () => {
    try {
      await write();
    } catch (error) {
      console.warn('[headline] not kept:', error);
    }
  });
}

/** Keeps the headline of this account (null: forgets it), in the background; never fails the caller. */
export function keepHeadline(account: Account | null): void {
  const cut = account && headlineOf(account);
  keep(() => (cut ? headline.set(cut) : headline.remove()));
}

/** Keeps the providers' display names beside the headline. */
export function keepHeadlineNames(value: ProviderNames): void {
  keep(() => names.set(value));
}

/**
 * At the worker's start: the headline and names again where the browser forgot them (a restart), from
 * what the background keeps. `current` says whether the account read is still the newest when it
 * arrives (a key saved meanwhile forgets it: an old account's headline must not come back after).
 */
export async function restoreHeadline(
  account: () => Promise<{ account: Account | null; current: () => boolean }>,
  providerNames: () => Promise<ProviderNames>,
): Promise<void> {
  const [kept, keptNames] = await Promise.all([headline.get(), names.get()]);
  if (!kept) {
    const read = await account();
    if (read.account && read.current()) keepHeadline(read.account);
  }
  if (Object.keys(keptNames).length === 0) {
    const value = await providerNames();
    if (Object.keys(value).length > 0) keepHeadlineNames(value);
  }
}
