// The messages of the report library: the list, its search, private notes per VIN.
import { z } from 'zod/mini';

import { Provider, REPORT_ID, ReportSummary } from '../domain';
import { ErrorData } from '../errors/error-data';
import { VinSchema } from '../vin/vin-schema';
import { HeldFacts } from './facts/held-facts';
import { ReportFacts } from './facts/report-facts';
import { COPY_FILE_URI } from './offline/copy-types';

export const ReportListRequest = z.union([
  z.undefined(),
  z.null(),
  z.object({ fresh: z.optional(z.boolean()) }),
]);
export type ReportListRequest = z.infer<typeof ReportListRequest>;

/** A private note per VIN. */
export const Notes = z.record(z.string(), z.string());
export type Notes = z.infer<typeof Notes>;

export const ReportList = z.object({
  /** Every report the user holds (the service's list, and any saved offline it does not list), newest first. */
  reports: z.array(ReportSummary),
  /** When the service's list was read (ms since epoch); null when it never was. */
  at: z.nullable(z.number()),
  /** Set when the list could not be read afresh: what is shown is the last good copy. */
  refreshError: z.optional(ErrorData),
  /** The reports whose body is saved offline, as "provider:id". */
  offline: z.array(z.string()),
  notes: Notes,
});
export type ReportList = z.infer<typeof ReportList>;

export const ReportSearchRequest = z.object({
  query: z.string().check(z.maxLength(200)),
  limit: z.number().check(z.int(), z.minimum(1), z.maximum(50)),
});
export type ReportSearchRequest = z.infer<typeof ReportSearchRequest>;

export const ReportSearch = z.object({ matches: z.array(ReportSummary), total: z.number() });
export type ReportSearch = z.infer<typeof ReportSearch>;

export const NoteRequest = z.object({ vin: VinSchema, text: z.string().check(z.maxLength(2000)) });
export type NoteRequest = z.infer<typeof NoteRequest>;

/** A report kept offline, by provider and id (one path segment, as the service's ids are). */
export const KeptReportRequest = z.object({
  provider: Provider,
  id: z.string().check(z.regex(REPORT_ID, 'That report id is not valid.')),
});
export type KeptReportRequest = z.infer<typeof KeptReportRequest>;

/** What the report list's CSV is made of (the page makes it: lib/reports/csv.ts). */
export const ExportData = z.object({
  reports: z.array(ReportSummary),
  notes: Notes,
  /** The key facts read so far, by "provider:id". */
  facts: z.record(z.string(), ReportFacts),
});
export type ExportData = z.infer<typeof ExportData>;

export const FactsList = z.object({
  /** The key facts read so far, by "provider:id". */
  facts: z.record(z.string(), ReportFacts),
  /** Reports kept offline whose facts are not read yet (or were read by another extractor version). */
  pending: z.array(KeptReportRequest),
});
export type FactsList = z.infer<typeof FactsList>;

export const KeptReportBody = z.object({ html: z.string() });

export const SaveFactsRequest = z.extend(KeptReportRequest, { facts: ReportFacts });
export type SaveFactsRequest = z.infer<typeof SaveFactsRequest>;

/** The popup's reports whose short facts line it shows (at most a page of them). */
export const FactLinesRequest = z.object({ reports: z.array(KeptReportRequest).check(z.maxLength(50)) });
export type FactLinesRequest = z.infer<typeof FactLinesRequest>;
/** "provider:id" → the read reports of its vehicle the user holds (worded by heldFactsLine). */
export const FactLines = z.record(z.string(), HeldFacts);
export type FactLines = z.infer<typeof FactLines>;

/** A file of a complete copy (lib/reports/offline/): a stylesheet, image or font as a base64 data: URI
 * of a type the viewer's walls keep. Anything else is refused before it reaches the store. */
const COPY_FILE = z
  .string()
  .check(z.regex(COPY_FILE_URI, 'A complete copy holds stylesheets, images and fonts only.'));
const COPY_URL = z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//i));
/** What one copy may hold at most: 80 files, 25 MB of files (as base64, a third more). */
const COPY_MAX_FILES = 80;
const COPY_MAX_CHARS = Math.ceil((25 * 1024 * 1024 * 4) / 3) + 1024;

export const KeepCopyRequest = z.extend(KeptReportRequest, {
  files: z.record(COPY_URL, COPY_FILE).check(
    z.refine((files) => Object.keys(files).length <= COPY_MAX_FILES, 'A copy holds at most 80 files.'),
    z.refine(
      (files) => Object.values(files).reduce((sum, data) => sum + data.length, 0) <= COPY_MAX_CHARS,
      'A copy holds at most 25 MB.',
    ),
  ),
});
export type KeepCopyRequest = z.infer<typeof KeepCopyRequest>;

/** Whether the copy was kept; `message` says why not, in words for the user. */
export const CopyKeptAnswer = z.object({
  saved: z.boolean(),
  bytes: z.number(),
  /** What this copy added to the library (files no other copy had). */
  newBytes: z.number(),
  /** Why it was not kept: the report is not kept itself, the library's room, or the browser's. */
  why: z.optional(z.enum(['not-kept', 'budget', 'refused'])),
});
export type CopyKeptAnswer = z.infer<typeof CopyKeptAnswer>;

/** Why a copy was not kept, in words (the viewer says it; the background keeps no wording of its own). */
export const COPY_NOT_KEPT: Record<NonNullable<CopyKeptAnswer['why']>, string> = {
  'not-kept':
    'This report is not kept on this computer (the browser refused to store it), so its look cannot be kept either. It still opens from the service.',
  budget:
    'This copy does not fit in the room the library keeps for your reports (50 MB, reports and their copies together), even after making room from the reports you opened longest ago. Nothing was lost: the report is kept as it came and opens as before.',
  refused:
    'The browser has no room left for this copy (its storage for the extension is full). Nothing was lost: the report is kept as it came and opens as before. Free some disk space, or clear cached data in the options, and try again.',
};

/** A report's complete copy, joined (URL → data: URI); null when none is kept. */
export const CompleteCopy = z.nullable(
  z.object({ files: z.record(z.string(), z.string()), bytes: z.number(), savedAt: z.number() }),
);
export type CompleteCopy = z.infer<typeof CompleteCopy>;

/** The library's complete copies: which reports have one, and the space they take. */
export const CopiesSummary = z.object({
  keys: z.array(z.string()),
  /** Every copy's files counted once per copy (what per-report copies would take). */
  bytes: z.number(),
  /** What the shared store takes (each file once). */
  sharedBytes: z.number(),
});
export type CopiesSummary = z.infer<typeof CopiesSummary>;
