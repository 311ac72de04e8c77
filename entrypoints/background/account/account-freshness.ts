// What the user owns, known from the first minute (issue 56): the account (and with it the list of
// reports held, which every badge, the popup's rows, the workbench and the confirmation read) is
// read when the options page saves a key (it asks, as the pages do: the background's own save
// reads nothing more, so a purchase left open under the previous key is never looked for with the
// new one), and then by an alarm of its own every FRESH_MINUTES (made again at a worker's start if
// the browser dropped it; a start reads nothing). Only free endpoints (/user, /user/limits, /user/reports: service-notes.md); a
// dealer's list of thousands of reports is one request of about 1.5 MB each time (bench:dealer).
// Offline or with the key refused, the last good copy stays: what the user bought stays bought.
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import { readCredentials } from '../service/credentials';
import { refreshAccount } from './account';

export const ACCOUNT_ALARM = 'account-refresh';
/** How often the background reads the account: every 6 hours. */
export const FRESH_MINUTES = 6 * 60;

/** Reads the account now, if a key is saved; a failure leaves the last good copy. */
export async function readAccountNow(): Promise<void> {
  if (!(await readCredentials()).apiKey) return;
  try {
    await refreshAccount();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/** The alarm, made again if the browser dropped it (a first read FRESH_MINUTES after). */
export async function keepAccountAlarm(): Promise<void> {
  if (!(await browser.alarms.get(ACCOUNT_ALARM)))
    await browser.alarms.create(ACCOUNT_ALARM, {
      delayInMinutes: FRESH_MINUTES,
      periodInMinutes: FRESH_MINUTES,
    });
}

export function listenForAccountAlarm(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ACCOUNT_ALARM)
      void readAccountNow().catch((error: unknown) => console.warn('[account]', error));
  });
}
