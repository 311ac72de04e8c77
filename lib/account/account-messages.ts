// The messages of the account: who the key belongs to, limits, credits, held reports, and what the user's
// service calls the two providers.
import { z } from 'zod/mini';

import { Limits, ReportSummary, User } from '../domain';
import { ErrorData } from '../errors/error-data';

export const AccountRequest = z.union([
  z.undefined(),
  z.null(),
  z.object({
    fresh: z.optional(z.boolean()),
    /** Only the newest this many reports (the popup: a dealer holds thousands); `reportCount` says how many in all. */
    recent: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  }),
]);

export const Account = z.object({
  user: User,
  limits: Limits,
  /** Both providers' reports, newest first (the newest `recent` when asked for fewer). */
  reports: z.array(ReportSummary),
  /** How many reports the user holds (set when `reports` is cut to the recent ones). */
  reportCount: z.optional(z.number()),
  /** When this was read from the service (ms since epoch). */
  at: z.number(),
  /** Set when a refresh failed and this is the last good copy. */
  refreshError: z.optional(ErrorData),
  /**
   * The generation of the settings it was read under (entrypoints/background/service/credentials.ts);
   * absent in accounts cached by earlier versions (read as ''). A confirmation window sends it back
   * with Buy: a purchase confirmed for one account is never made with another's key.
   */
  generation: z.optional(z.string()),
});
export type Account = z.infer<typeof Account>;

/** The generation an account was read under ('' for one cached by an earlier version). */
export const generationOf = (account: Pick<Account, 'generation'>): string => account.generation ?? '';
