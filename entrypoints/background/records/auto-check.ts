// The opt-in automatic check of a vehicle's own page: a page showing exactly one VIN (the whole
// page, not one frame) is checked without a click, once per page (a page that keeps replacing its
// VIN gets one check) and within the daily budget of such checks. Off unless the user turns it on.
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/domain';
import { spendFrom } from '@/lib/records/budget';
import type { Vin } from '@/lib/vin/vin-syntax';
import { storedValue } from '../storage/store';
import { economySettings } from './economy-settings';
import { DAY, firstAutoCheckOfPage } from './page-budget';
import { countsFor } from './record-cache';

/**
 * When the automatic checks of the last 24 hours were made: in the background's own store (never
 * storage.local, which Firefox's content scripts can write), so the daily budget survives a browser
 * restart (in storage.session the same day made 30 of 20).
 */
const autoCheckTimes = storedValue('autoCheckTimes', z.array(z.number()), () => []);

/** Takes one automatic check from the day's budget (a sliding 24 hours); false when it is spent. */
async function spendAutoCheck(perDay: number, now = Date.now()): Promise<boolean> {
  let spent = false;
  await autoCheckTimes.update((times) => {
    const result = spendFrom(times, perDay, DAY, now);
    spent = result.spent;
    return result.times;
  });
  return spent;
}

/**
 * The counts for `vin`, checked if the user opted in and this page has not had its check today;
 * undefined otherwise, or when the check failed (the badge offers it again, with the reason).
 */
export async function autoCheck(
  vin: Vin,
  tabId: number,
  url: string,
  vinsOnPage: () => Promise<Vin[]>,
): Promise<RecordCounts | undefined> {
  const settings = await economySettings();
  if (
    !settings.autoCheckDetailPages ||
    // The tab's list is read only for a user who opted in.
    (await vinsOnPage()).length !== 1 ||
    !(await firstAutoCheckOfPage(tabId, url)) ||
    !(await spendAutoCheck(settings.autoChecksPerDay))
  )
    return undefined;
  try {
    return await countsFor(vin);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  }
}
