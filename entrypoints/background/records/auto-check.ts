// The opt-in automatic check of a vehicle's own page: a page showing exactly one VIN (the whole
// page, not one frame) is checked without a click, once per page (a page that keeps replacing its
// VIN gets one check) and within the daily budget of such checks. Off unless the user turns it on.

import { ApiError } from '@/lib/api/errors';
import type { RecordCounts } from '@/lib/domain';
import { economySettings } from './economy-settings';
import { DAY, firstAutoCheckOfPage, spendBudget } from './page-budget';
import { countsFor } from './record-cache';

/**
 * The counts for `vin`, checked if the user opted in and this page has not had its check today;
 * undefined otherwise, or when the check failed (the badge offers it again, with the reason).
 */
export async function autoCheck(
  vin: string,
  tabId: number,
  url: string,
  vinsOnPage: () => Promise<string[]>,
): Promise<RecordCounts | undefined> {
  const settings = await economySettings();
  if (
    !settings.autoCheckDetailPages ||
    // The tab's list is read only for a user who opted in.
    (await vinsOnPage()).length !== 1 ||
    !(await firstAutoCheckOfPage(tabId, url)) ||
    !(await spendBudget('auto-checks', settings.autoChecksPerDay, DAY))
  )
    return undefined;
  try {
    return await countsFor(vin);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  }
}
