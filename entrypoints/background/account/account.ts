// Profile, limits, credits and the report list, cached so a page shows them at once
// (stale-while-revalidate: the cached copy first, the service's answer when asked for fresh).
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import type { Limits, ReportSummary } from '@/lib/domain';
import { Account } from '@/lib/message-shapes';
import { ok, type Result } from '@/lib/result';
import { sharedCalls } from '@/lib/shared-calls';
import { storedValue } from '../storage/store';
import { keepHeadline } from './headline';
import { currentClient } from './service';

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

/** Reads everything from the service and keeps it. */
export async function refreshAccount(): Promise<Account> {
  const client = await currentClient();
  const [user, limits, reports] = await Promise.all([
    client.getUser(),
    client.getLimits(),
    client.getUserReports(),
  ]);
  const account: Account = { user, limits, reports, at: Date.now() };
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
 * the new report first in the cached list, and the balance read after it.
 */
export async function noteBought(report: ReportSummary, limits: Limits): Promise<void> {
  const cached = await readAccount();
  if (!cached) return;
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
 * minute through this): kept in the cached account, with the time it was read.
 */
export async function noteReports(reports: ReportSummary[]): Promise<void> {
  const cached = await readAccount();
  if (!cached) return;
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
