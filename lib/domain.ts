// The extension's own shapes of what the service deals in: providers, users, reports held, record
// counts, limits and reports. Pages, the content script and the background share them; the
// service's wire format (lib/api/wire.ts, the background's alone) is parsed and normalised into
// these at the client's edge. Types are inferred from these schemas, never written twice.
import { z } from 'zod/mini';

export const PROVIDERS = ['providerA', 'providerB'] as const;

/** A report id is one path segment: no dots ("..") or slashes, bounded. Checked in messages and the client. */
export const REPORT_ID = /^[A-Za-z0-9_-]{1,128}$/;
export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

export const Count = z.int().check(z.nonnegative());
export const Timestamp = z.string().check(z.minLength(1));

/** The user as the extension holds it (and as messages carry it). */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.infer<typeof User>;

/** A report the user holds, as listed; identified by (provider, id). */
export const ReportSummary = z.object({
  provider: Provider,
  id: z.string(),
  /**
   * The service's VIN, canonical (canonicalVin) but not a Vin: a report the user paid for is listed
   * and opened whatever its VIN looks like. Only compared with Vins, never sent.
   */
  vin: z.string(),
  yearMakeModel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/**
 * A VIN as the extension keeps and compares it: VINs are case-insensitive, and a service may list
 * one in lower case; from the wire on, every VIN is upper case, so every comparison can be exact.
 */
export const canonicalVin = (vin: string): string => vin.trim().toUpperCase();

/** Today's allowance per provider and the credits left (credits may be negative: strict int). */
export const Limits = z.object({
  dailyLimit: Count,
  providerAReportsLeftToday: Count,
  providerBReportsLeftToday: Count,
  credits: z.int(),
});
export type Limits = z.infer<typeof Limits>;

export const RecordCounts = z.object({
  vin: z.string(),
  vehicle: z.object({ year: z.nullable(z.int()), make: z.string(), model: z.string() }),
  records: z.object({ providerA: Count, providerB: Count }),
});
export type RecordCounts = z.infer<typeof RecordCounts>;

export const Report = z.object({
  provider: Provider,
  id: z.string(),
  vin: z.string(),
  yearMakeModel: z.string(),
  html: z.string(),
});
export type Report = z.infer<typeof Report>;
