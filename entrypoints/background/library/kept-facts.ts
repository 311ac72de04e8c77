// The key facts of the reports kept offline (lib/reports/facts/). Read in the library page, which
// has a DOMParser (Chrome's worker has none), a report at a time: this side hands out kept bodies and
// keeps what comes back. Only kept reports: a report never opened is never fetched for its facts.

import type { ReportSummary } from '@/lib/domain';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { HeldFacts } from '@/lib/reports/facts/held-facts';
import type { ReportFacts } from '@/lib/reports/facts/report-facts';
import type {
  FactLines,
  FactLinesRequest,
  FactsList,
  KeptReportRequest,
  SaveFactsRequest,
} from '@/lib/reports/library-messages';
import { reportKey } from '@/lib/reports/report-key';
import type { Vin } from '@/lib/vin/vin-syntax';
import { cachedAccount } from '../account/account';
import { factsOf, isKept, keepFacts, keptFacts, keptReportHtml, keptReportKeys } from '../storage/store';
import { tellTabsOwned } from './tell-tabs-owned';

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
  if (!(await isKept(provider, id))) return ok(null);
  // A disk refusing the write: the facts are read again next time (getReportFacts' pending).
  if (!(await keepFacts(provider, id, facts))) return ok(null);
  // Its vehicle's pills on open tabs ask again: "2 accidents" shows as soon as the report is read.
  const vin = (await cachedAccount().catch(() => null))?.reports.find(
    (r) => r.provider === provider && r.id === id,
  )?.vin;
  if (vin) await tellTabsOwned(vin).catch(() => undefined);
  return ok(null);
}

/** The reports the user holds for each of these VINs, newest first. */
async function heldByVin(vins: Iterable<string>): Promise<Map<string, ReportSummary[]>> {
  const wanted = new Set(vins);
  const held = new Map<string, ReportSummary[]>();
  for (const r of (await cachedAccount())?.reports ?? [])
    if (wanted.has(r.vin)) held.set(r.vin, [...(held.get(r.vin) ?? []), r]);
  for (const list of held.values()) list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return held;
}

/** A vehicle's reports that the library has read, with their facts, newest first. */
function readFacts(reports: ReportSummary[], facts: Map<string, ReportFacts>): HeldFacts {
  return reports.flatMap((r) => {
    const read = facts.get(reportKey(r));
    return read ? [{ provider: r.provider, facts: read }] : [];
  });
}

/**
 * The read reports of each of these reports' vehicle (the popup's list words them), every report of it the
 * user holds and the library has read; nothing is fetched.
 */
export async function getFactLines({ reports }: FactLinesRequest): Promise<Result<FactLines>> {
  const account = (await cachedAccount())?.reports ?? [];
  const vinOf = new Map(account.map((r) => [reportKey(r), r.vin]));
  const vins = new Set(reports.flatMap((r) => vinOf.get(reportKey(r)) ?? []));
  const held = await heldByVin(vins);
  const facts = await factsOf([...held.values()].flat());
  const lines: FactLines = {};
  for (const r of reports) {
    const read = readFacts(held.get(vinOf.get(reportKey(r)) ?? '') ?? [], facts);
    if (read.length) lines[reportKey(r)] = read;
  }
  return ok(lines);
}

/** Every read report the user holds for a VIN (an owned VIN's badge, once its panel is opened, words them). */
export async function getOwnedFacts({ vin }: { vin: Vin }): Promise<Result<HeldFacts>> {
  const held = (await heldByVin([vin])).get(vin) ?? [];
  return ok(readFacts(held, await factsOf(held)));
}

/** The highest last odometer reading among the read reports held for a VIN (the memory's mileage check). */
export async function reportOdometer(vin: string): Promise<{ miles: number; date: string | null } | null> {
  const reports = (await heldByVin([vin])).get(vin) ?? [];
  const facts = await factsOf(reports);
  let best: { miles: number; date: string | null } | null = null;
  for (const r of reports) {
    const odometer = facts.get(reportKey(r))?.lastOdometer?.value;
    if (odometer && odometer.miles > (best?.miles ?? -1)) best = odometer;
  }
  return best;
}
