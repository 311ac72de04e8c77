// The key facts of the reports kept offline (lib/reports/facts/). Read in the library page, which
// has a DOMParser (Chrome's worker has none), a report at a time: this side hands out kept bodies and
// keeps what comes back. Only kept reports: a report never opened is never fetched for its facts.
import type { FactsList, KeptReportRequest, SaveFactsRequest } from '@/lib/messaging/library-messages';
import { failWith, ok, type Result } from '@/lib/messaging/result';
import { keepFacts, keptFacts, keptReportHtml, keptReportKeys } from '../storage/store';

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
  if ((await keptReportHtml(provider, id)) !== undefined) await keepFacts(provider, id, facts);
  return ok(null);
}
