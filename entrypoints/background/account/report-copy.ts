// Complete copies of kept reports (lib/reports/offline/): downloaded by the viewer, which holds the
// DOM the plan is read from and asks the user for each host; kept and joined here, beside the report.
import type {
  CompleteCopy,
  CopiesSummary,
  CopyKeptAnswer,
  KeepCopyRequest,
  KeptReportRequest,
} from '@/lib/messaging/library-messages';
import { ok, type Result } from '@/lib/messaging/result';
import { copiesSummary, copyOf, dropCopy, keepCopy } from '../storage/store';

export async function keepCompleteCopy({
  provider,
  id,
  files,
}: KeepCopyRequest): Promise<Result<CopyKeptAnswer>> {
  const kept = await keepCopy(provider, id, files);
  if (kept.saved) return ok({ saved: true, bytes: kept.bytes, newBytes: kept.newBytes });
  return ok({
    saved: false,
    bytes: 0,
    newBytes: 0,
    message:
      kept.why === 'not-kept'
        ? 'This report is not kept on this computer (the browser refused to store it), so its look cannot be kept either. It still opens from the service.'
        : kept.why === 'budget'
          ? 'This copy does not fit in the room the library keeps for your reports (50 MB, reports and their copies together), even after making room from the reports you opened longest ago. Nothing was lost: the report is kept as it came and opens as before.'
          : 'The browser has no room left for this copy (its storage for the extension is full). Nothing was lost: the report is kept as it came and opens as before. Free some disk space, or clear cached data in the options, and try again.',
  });
}

export async function getCompleteCopy({ provider, id }: KeptReportRequest): Promise<Result<CompleteCopy>> {
  return ok((await copyOf(provider, id)) ?? null);
}

export async function forgetCompleteCopy({ provider, id }: KeptReportRequest): Promise<Result<null>> {
  await dropCopy(provider, id);
  return ok(null);
}

export async function getCopiesSummary(): Promise<Result<CopiesSummary>> {
  return ok(await copiesSummary());
}
