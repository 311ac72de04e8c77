// The key facts of the reports kept offline (lib/reports/facts/). Read in the library page, which
// has a DOMParser (Chrome's worker has none), a report at a time: this side hands out kept bodies and
// keeps what comes back. Only kept reports: a report never opened is never fetched for its facts.
import type {
  FactLines,
  FactLinesRequest,
  FactsList,
  KeptReportRequest,
  SaveFactsRequest,
} from '@/lib/messaging/library-messages';
import { failWith, ok, type Result } from '@/lib/messaging/result';
import { factsLine } from '@/lib/reports/facts/facts-line';
import { reportKey } from '@/lib/reports/report-key';
import type { Vin } from '@/lib/vin/vin-syntax';
import { factsOf, isKept, keepFacts, keptFacts, keptReportHtml, keptReportKeys } from '../storage/store';
import { cachedAccount } from './account';

export async function getReportFacts(): Promise<Result<FactsList>> {
  const [kept, facts] = await Promise.all([keptReportKeys(), keptFacts()]);
  return ok({
    facts: Object.fromEntries(facts),
    pending: kept
      .filter(([provider, id]) => !facts.has(`${provider}:${id}`))
      .map(([provider, id]) => ({ provider, id })),
  });
}

export async function getKeptReport({ provider, id }: KeptReportRequest): Promise<Result<{ html: string }>> {
  const html = await keptReportHtml(provider, id);
  return html === undefined
    ? failWith('not-found', 'That report is not saved offline: open it once to read its facts.')
    : ok({ html });
}

export async function saveReportFacts({ provider, id, facts }: SaveFactsRequest): Promise<Result<null>> {
  // Facts only beside a report kept: a page cannot fill the store with facts of reports never held.
  if (await isKept(provider, id)) await keepFacts(provider, id, facts);
  return ok(null);
}

/** The short form of these reports' facts (the popup's list), for those read; nothing is fetched. */
export async function getFactLines({ reports }: FactLinesRequest): Promise<Result<FactLines>> {
  const facts = await factsOf(reports);
  return ok(Object.fromEntries([...facts].map(([key, f]) => [key, factsLine(f)])));
}

/**
 * The short form of the newest read report the user holds for a VIN (an owned VIN's badge, once
 * its panel is opened): "providerA: 2 owners · no accidents · …"; null when none is read.
 */
export async function getOwnedFacts({ vin }: { vin: Vin }): Promise<Result<string | null>> {
  const held = ((await cachedAccount())?.reports ?? [])
    .filter((r) => r.vin === vin)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const facts = await factsOf(held);
  const newest = held.find((r) => facts.has(reportKey(r)));
  const read = newest && facts.get(reportKey(newest));
  return ok(newest && read ? `${newest.provider}: ${factsLine(read)}` : null);
}
