// Complete copies of kept reports (lib/reports/offline/): downloaded by the viewer, which holds the
// DOM the plan is read from and asks the user for each host; kept and joined here, beside the report.

import { ok, type Result } from '@/lib/errors/result';
import type {
  CompleteCopy,
  CopiesSummary,
  CopyKeptAnswer,
  KeepCopyRequest,
  KeptReportRequest,
} from '@/lib/reports/library-messages';
import { copiesSummary, copyOf, dropCopy, keepCopy } from '../storage/store';

export async function keepCompleteCopy({
  provider,
  id,
  files,
}: KeepCopyRequest): Promise<Result<CopyKeptAnswer>> {
  const kept = await keepCopy(provider, id, files);
  return ok(kept.saved ? kept : { saved: false, bytes: 0, newBytes: 0, why: kept.why });
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
