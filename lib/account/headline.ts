// The popup's headline: who, credits, allowances, the newest reports and how many are held, as of
// when, with the providers' display names. Kept apart from everything else in storage.session so the
// popup can paint it without waiting for the service worker to start and parse a dealer's cached
// list of thousands of reports, and without loading the rest of the popup first (its first module
// reads it and paints; the rest arrives after: entrypoints/popup-first.tsx, then popup-app.tsx). storage.session is held
// in memory by the browser, readable and writable by extension pages and the background only
// (trusted contexts, the default in both browsers: no content script can read or forge it) and gone
// when the browser closes, so the background writes it again when it starts
// (entrypoints/background/account/headline-session.ts). It holds no key. Written by the background only,
// from values it has parsed; read by the popup only.
import type { Account } from './account-messages';

/** storage.session keys: the cut account, and the providers' display names. */
export const HEADLINE_KEY = 'headline';
export const HEADLINE_NAMES_KEY = 'headlineNames';
/** The newest reports the popup lists (entrypoints/popup/reports-list.tsx shows this many). */
export const HEADLINE_REPORTS = 5;

/** The account cut to its headline: the newest reports and their count. */
export const headlineOf = (account: Account): Account => ({
  ...account,
  reports: account.reports.slice(0, HEADLINE_REPORTS),
  reportCount: account.reportCount ?? account.reports.length,
});
