// Wire schemas for the Vehicle History Report Service (shared/api-spec.md) and the
// internal shapes they normalise into. Types are inferred from these, never written twice.
//
// Leniency follows shared/service-notes.md: ids and yearMakeModel have been seen as numbers
// or null, so they are coerced (safe: they are only shown and used as keys). Money and
// counts are parsed strictly: a wrong credit or record count must never be shown as true.
import { z } from 'zod/mini';

export const PROVIDERS = ['providerA', 'providerB'] as const;

/** A report id is one path segment: no dots ("..") or slashes, bounded. Checked in messages and the client. */
export const REPORT_ID = /^[A-Za-z0-9_-]{1,128}$/;
export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

/** Numeric ids become strings; "1" and 1 are the same report. */
const Id = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.int().check(z.nonnegative())]),
  z.transform((v: string | number) => String(v)),
);
/** Display text that some deployments send as a number or null. */
const LenientText = z.pipe(
  z.optional(z.union([z.string(), z.number(), z.null()])),
  z.transform((v: string | number | null | undefined) => (v == null ? '' : String(v))),
);
const Count = z.int().check(z.nonnegative());
const Timestamp = z.string().check(z.minLength(1));

/** The user as the extension holds it (and as messages carry it). */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type User = z.infer<typeof User>;
/** The same on the wire, where the id may come as a number. */
export const UserWire = z.extend(User, { id: Id });

const ReportSummaryWire = z.object({
  id: Id,
  VIN: z.string(),
  yearMakeModel: LenientText,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const UserReportsWire = z.object({
  providerAReports: z.array(ReportSummaryWire),
  providerBReports: z.array(ReportSummaryWire),
});

export const ReportSummary = z.object({
  provider: Provider,
  id: z.string(),
  vin: z.string(),
  yearMakeModel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

/** Both providers' lists merged, newest first; a report is identified by (provider, id). */
/**
 * A VIN as the extension keeps and compares it: VINs are case-insensitive, and a service may list
 * one in lower case; from the wire on, every VIN is upper case, so every comparison can be exact.
 */
export const canonicalVin = (vin: string): string => vin.trim().toUpperCase();

export function normaliseUserReports(wire: z.infer<typeof UserReportsWire>): ReportSummary[] {
  const tag = (provider: Provider) => (r: z.infer<typeof ReportSummaryWire>) => ({
    provider,
    id: r.id,
    vin: canonicalVin(r.VIN),
    yearMakeModel: r.yearMakeModel,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });
  return [
    ...wire.providerAReports.map(tag('providerA')),
    ...wire.providerBReports.map(tag('providerB')),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const LimitsWire = z.object({
  dailyLimit: Count,
  providerAReportsLeftToday: Count,
  providerBReportsLeftToday: Count,
  credits: z.int(),
});
export type Limits = z.infer<typeof LimitsWire>;

export const RecordCountsWire = z.object({
  vehicle: z.object({
    year: z.optional(z.nullable(z.int())),
    make: LenientText,
    model: LenientText,
  }),
  providerA_records: Count,
  providerB_records: Count,
});

export const RecordCounts = z.object({
  vin: z.string(),
  vehicle: z.object({ year: z.nullable(z.int()), make: z.string(), model: z.string() }),
  records: z.object({ providerA: Count, providerB: Count }),
});
export type RecordCounts = z.infer<typeof RecordCounts>;

export function normaliseRecordCounts(vin: string, wire: z.infer<typeof RecordCountsWire>): RecordCounts {
  return {
    vin,
    vehicle: { year: wire.vehicle.year ?? null, make: wire.vehicle.make, model: wire.vehicle.model },
    records: { providerA: wire.providerA_records, providerB: wire.providerB_records },
  };
}

/** By-VIN endpoints (4, 6) answer with a lower-case `vin` key. */
export const PurchasedReportWire = z.object({
  id: Id,
  yearMakeModel: LenientText,
  vin: z.string(),
  html: z.string(),
});
/** By-ID endpoints (5, 7) answer with a capitalised `VIN` key. */
export const FetchedReportWire = z.object({
  id: Id,
  yearMakeModel: LenientText,
  VIN: z.string(),
  html: z.string(),
});

export const Report = z.object({
  provider: Provider,
  id: z.string(),
  vin: z.string(),
  yearMakeModel: z.string(),
  html: z.string(),
});
export type Report = z.infer<typeof Report>;

/** The service's error body as seen on live deployments; every field optional. */
export const ErrorBodyWire = z.object({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.union([z.string(), z.number()])),
  retry_after: z.optional(z.union([z.number(), z.string()])),
});
export type ErrorBody = z.infer<typeof ErrorBodyWire>;
