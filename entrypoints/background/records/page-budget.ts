// What a web page may make the extension do, counted per tab: a compromised page process can send
// the content script's messages at will, and must not turn that into unbounded confirmation windows
// or record checks (the service may revoke a key that checks without buying). The per-minute counts
// live in session storage (trusted contexts only in both browsers), so a restarted worker keeps them;
// the daily budget of automatic checks (auto-check.ts) in the background's own store, so a browser
// restart keeps it too.
import { z } from 'zod/mini';
import { failWith, type Result } from '@/lib/errors/result';
import type { Sender } from '@/lib/messaging/sender-kind';
import { spendFrom } from '@/lib/records/budget';
import { createSerialQueue } from '@/lib/serial-queue';
import { sessionItem } from '../storage/store';
import { economySettings } from './economy-settings';

const budgetItem = (key: string) => sessionItem(`budget:${key}`, z.array(z.number()), () => []);
const pageItem = (tabId: number) =>
  sessionItem(`budget:auto-page:${tabId}`, z.nullable(z.string()), () => null);
const serial = createSerialQueue();

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * Takes one unit of a budget (`limit` per `periodMs`, sliding) for `key`; false, and nothing taken,
 * when it is spent.
 */
export function spendBudget(
  key: string,
  limit: number,
  periodMs: number,
  now = Date.now(),
): Promise<boolean> {
  return serial(async () => {
    const { spent, times } = spendFrom(await budgetItem(key).get(), limit, periodMs, now);
    if (spent) await budgetItem(key).set(times);
    return spent;
  });
}

/** True the first time a page (tab and address) asks for its automatic check; false after. */
export function firstAutoCheckOfPage(tabId: number, url: string): Promise<boolean> {
  return serial(async () => {
    const page = pageItem(tabId);
    if ((await page.get()) === url) return false;
    await page.set(url);
    return true;
  });
}

/** The tab of a web page's content script; undefined for extension pages (not budgeted: the user's own UI). */
const pageTabOf = (sender: Sender | undefined): number | undefined =>
  sender?.kind === 'content-script' ? sender.tab?.id : undefined;

/**
 * Spends one of the sending page's record checks or windows for this minute (pages only: the
 * extension's own pages are not counted); the refusal to answer when the page has spent them all.
 */
export async function overPageBudget(
  sender: Sender | undefined,
  kind: 'checks' | 'windows',
): Promise<Result<never> | null> {
  const tabId = pageTabOf(sender);
  if (tabId === undefined) return null;
  const settings = await economySettings();
  const limit = kind === 'checks' ? settings.pageChecksPerMinute : settings.pageWindowsPerMinute;
  if (await spendBudget(`${kind}:${tabId}`, limit, MINUTE)) return null;
  return failWith(
    'over-budget',
    kind === 'checks'
      ? `This page has asked for ${limit} record checks in the last minute; wait a minute, or check from the extension's popup.`
      : `This page has opened ${limit} report windows in the last minute; wait a minute, or use the extension's popup.`,
  );
}
