// Profile, limits, credits and the report list, cached so a page shows them at once
// (stale-while-revalidate: the cached copy first, the service's answer when asked for fresh).
import { z } from 'zod/mini';
import { Account, generationOf } from '@/lib/account/account-messages';
import { ApiError, apiError } from '@/lib/api/errors';
import type { Limits, ReportSummary } from '@/lib/domain';
import { ok, type Result } from '@/lib/errors/result';
import { sharedCalls } from '@/lib/shared-calls';
import { currentGeneration } from '../service/credentials';
import { type AccountClient, currentClient } from '../service/service';
import { storedValue } from '../storage/store';
import { keepHeadline } from './headline-session';

const accountItem = storedValue('account', z.nullable(Account), () => null);
// The account as parsed, while this worker lives: a dealer's list of thousands of reports is read
// and checked against its schema once, not on every popup open. Only this module writes it.
let parsed: Promise<Account | null> | undefined;
/** Counts the cached account's writes and forgets, so a read can tell it was overtaken. */
let writes = 0;
const readAccount = () => {
  parsed ??= accountItem.get();
  return parsed;
};

/**
 * Reads everything from the service and keeps it, with `client` (one bound to a purchase) or the
 * client of the settings saved now. A read is kept only if nothing newer happened while it ran: a
 * purchase noted, reports noted or the account forgotten (a new key) since it began, or other
 * settings saved, and what it read would put back what is no longer true (the credits from before a
 * purchase shown as just read, the report bought missing). Then the newer account is the answer;
 * when there is none (the account was forgotten), a read of our own settings is made once more.
 */
export async function refreshAccount(client?: AccountClient, again = true): Promise<Account> {
  const using = client ?? (await currentClient());
  const before = writes;
  const [user, limits, reports] = await Promise.all([
    using.getUser(),
    using.getLimits(),
    using.getUserReports(),
  ]);
  const account: Account = { user, limits, reports, at: Date.now(), generation: using.generation };
  const generation = await currentGeneration();
  if (writes !== before || using.generation !== generation) {
    const newer = await readAccount();
    if (newer && generationOf(newer) === generation) return newer;
    if (again && !client) return refreshAccount(undefined, false);
    throw apiError(
      'busy',
      'The account changed while it was being read (a purchase, or new settings): try again.',
    );
  }
  await accountItem.set(account);
  writes++;
  keepHeadline(account);
  parsed = Promise.resolve(account);
  return account;
}

// Pages asking for a fresh account at the same moment (popups opened one after another, the library)
// share one read: a dealer's list of thousands of reports is fetched and parsed once, not per page.
// Not for a purchase's follow-up, which must see the service after the charge (after-purchase.ts).
const shareRefresh = sharedCalls<Account>();
const sharedRefresh = (): Promise<Account> => shareRefresh('account', refreshAccount);

export async function getAccount(
  request?: { fresh?: boolean; recent?: number } | null,
): Promise<Result<Account>> {
  // A dealer holds thousands of reports: the popup asks for the newest few and their count.
  const cut = (account: Account): Account =>
    request?.recent === undefined
      ? account
      : {
          ...account,
          reports: account.reports.slice(0, request.recent),
          reportCount: account.reports.length,
        };
  const cached = await readAccount();
  if (cached && !request?.fresh) return ok(cut(cached));
  try {
    return ok(cut(await sharedRefresh()));
  } catch (error) {
    // Offline or failing: the last good copy, with its age and what went wrong.
    if (!(error instanceof ApiError) || !cached || error.kind === 'no-key') throw error;
    return ok(cut({ ...cached, refreshError: error.toData() }));
  }
}

/** The account as last read, without asking the service (null before the first read). */
export const cachedAccount = () => readAccount();

/** The cached account, and whether it is still the newest when the caller acts on it. */
export async function cachedAccountRead(): Promise<{ account: Account | null; current: () => boolean }> {
  const before = writes;
  const account = await readAccount();
  return { account, current: () => writes === before };
}

/**
 * What a purchase itself tells, kept without reading the list again (a dealer's list is 1.5 MB):
 * the new report first in the cached list, and the balance read after it. Only into the account of
 * the settings the purchase was made under: another account's cache never learns it.
 */
export async function noteBought(report: ReportSummary, limits: Limits, generation: string): Promise<void> {
  const cached = await readAccount();
  if (!cached || generationOf(cached) !== generation) return;
  const listed = cached.reports.some((r) => r.provider === report.provider && r.id === report.id);
  const account: Account = {
    ...cached,
    limits,
    reports: listed ? cached.reports : [report, ...cached.reports],
  };
  await accountItem.set(account);
  writes++;
  keepHeadline(account);
  parsed = Promise.resolve(account);
}

/**
 * The report list as read a moment ago for a purchase (a batch's purchases read it at most once a
 * minute through this): kept in the cached account, with the time it was read, when it is that
 * account's (same generation).
 */
export async function noteReports(reports: ReportSummary[], generation: string): Promise<void> {
  const cached = await readAccount();
  if (!cached || generationOf(cached) !== generation) return;
  const account: Account = { ...cached, reports, at: Date.now() };
  await accountItem.set(account);
  writes++;
  keepHeadline(account);
  parsed = Promise.resolve(account);
}

/** Forgets the cached account (a new key belongs to someone else). */
export async function forgetAccount(): Promise<void> {
  parsed = undefined;
  writes++;
  await accountItem.remove();
  keepHeadline(null);
}
