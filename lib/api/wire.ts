// Wire schemas of the Vehicle History Report Service (docs/api-spec.md), and their normalising
// into the extension's shapes (lib/domain.ts). Only the background and the client read the wire
// (checked by test/unit/repository/import-boundaries.test.ts).
//
// Leniency follows docs/service-notes.md: ids and yearMakeModel have been seen as numbers
// or null, so they are coerced (safe: they are only shown and used as keys). Money and
// counts are parsed strictly: a wrong credit or record count must never be shown as true.
import { z } from 'zod/mini';
import {
  Count,
  canonicalVin,
  Limits,
  type Provider,
  type RecordCounts,
  type ReportSummary,
  Timestamp,
  User,
} from '../domain';

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

/** The user on the wire, where the id may come as a number. */
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

/** Both providers' lists merged, newest first; a report is identified by (provider, id). */
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

/** The limits endpoint answers in the extension's own shape. */
export const LimitsWire = Limits;

export const RecordCountsWire = z.object({
  vehicle: z.object({
    year: z.optional(z.nullable(z.int())),
    make: LenientText,
    model: LenientText,
  }),
  providerA_records: Count,
  providerB_records: Count,
});

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

/** The service's error body as seen on live deployments; every field optional. */
export const ErrorBodyWire = z.object({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.union([z.string(), z.number()])),
  retry_after: z.optional(z.union([z.number(), z.string()])),
});
export type ErrorBody = z.infer<typeof ErrorBodyWire>;
