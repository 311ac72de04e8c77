// The messages of purchases and of opening a report: a purchase asked for, its outcome, the state of
// one in words, a report as the viewer shows it.
import { z } from 'zod/mini';

import { Provider, REPORT_ID, Report } from '../domain';
import { VinSchema } from '../vin/vin-schema';
import { IntentState } from './purchase-intent';

export const PurchaseRequest = z.object({
  provider: Provider,
  vin: VinSchema,
  /** Buy a new report even though the user holds one for this provider and VIN. */
  buyAgain: z.optional(z.boolean()),
  /** Buy even though an earlier purchase of it is unresolved (it may have been charged). */
  overrideUnresolved: z.optional(z.boolean()),
  /**
   * The generation of the account the user confirmed this for (the Account's): when the saved
   * settings have changed since, nothing is bought. Absent from callers that confirm nothing
   * themselves (the background's own batch passes its own).
   */
  generation: z.optional(z.string().check(z.maxLength(64))),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const PurchaseOutcome = z.object({
  /** bought: one credit spent. held: nothing bought, the report the user owns. recovered: the
   * answer was lost but the service had charged; the report was found and kept. */
  status: z.enum(['bought', 'held', 'recovered']),
  provider: Provider,
  id: z.string(),
  vin: z.string(),
  yearMakeModel: z.string(),
  message: z.string(),
  /** Set when the service charged more than once for it (see lib/purchases/purchase-intent.ts). */
  chargedTimes: z.optional(z.int()),
  /** false when the browser refused to keep the report for reading offline. */
  saved: z.optional(z.boolean()),
});
export type PurchaseOutcome = z.infer<typeof PurchaseOutcome>;

export const ReportRequest = z.object({ provider: Provider, vin: VinSchema });

/** What pages are told of a purchase intent (lib/purchases/purchase-intent.ts): its state, in words. */
export const PurchaseStatus = z.object({
  id: z.string(),
  provider: Provider,
  vin: z.string(),
  state: IntentState,
  message: z.string(),
  createdAt: z.number(),
  reportId: z.optional(z.string()),
  /** Set when the service charged more than once for it. */
  chargedTimes: z.optional(z.int()),
});
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

export const OpenReportRequest = z.object({
  provider: Provider,
  // One path segment: no dots or slashes (as lib/api/client.ts checks again before any request).
  id: z.string().check(z.regex(REPORT_ID, 'That report id is not valid.')),
});

export const ReportView = z.extend(Report, {
  createdAt: z.string(),
  /** True when it came from the local library (opened offline, no request). */
  fromLibrary: z.boolean(),
  /** True when it is in the local library now (false: the browser refused to keep it). */
  savedOffline: z.boolean(),
});
export type ReportView = z.infer<typeof ReportView>;
