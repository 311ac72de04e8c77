// providerA's layout (AutoLedger; shaped like the larger US provider's reports: simulator/
// report-provider-a.ts says from which public descriptions): an overview table of one sentence per
// topic (".al-overview"), sections with ids, and the report's data as JSON in an inline state script
// (`window.__AUTOLEDGER_STATE__ = {…};`, as the real reports carry 220-260 KB of it). The JSON is
// read as JSON, never run, and preferred for values; the overview's sentences are the quotes the
// user sees. Without the state script, the values come from the sentences themselves.
import { z } from 'zod/mini';
import { firstNumber, saysNone, words, worstSeverity } from './fact-text';
import { noFacts, type ReportFacts, Severity } from './report-facts';

const STATE_PREFIX = /^\s*window\.__AUTOLEDGER_STATE__\s*=\s*/;

/** What the extractor reads of the state: every field optional, so a report that lacks one says less. */
const State = z.object({
  owners: z.optional(z.array(z.object({ type: z.optional(z.string()) }))),
  accidents: z.optional(z.array(z.object({ severity: z.optional(Severity) }))),
  titleBrands: z.optional(z.array(z.string())),
  odometerProblem: z.optional(z.boolean()),
  openRecalls: z.optional(z.array(z.string())),
  serviceRecords: z.optional(z.int().check(z.nonnegative())),
  lastOdometer: z.optional(
    z.nullable(z.object({ reading: z.int().check(z.nonnegative()), date: z.string() })),
  ),
});
type State = z.infer<typeof State>;

export const isProviderALayout = (doc: Document): boolean =>
  doc.querySelector('header.al-header, table.al-overview') !== null || readState(doc) !== null;

function readState(doc: Document): State | null {
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const text = script.textContent ?? '';
    if (!STATE_PREFIX.test(text)) continue;
    try {
      const json: unknown = JSON.parse(text.replace(STATE_PREFIX, '').replace(/;\s*$/, ''));
      const state = State.safeParse(json);
      return state.success ? state.data : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function providerAFacts(doc: Document): ReportFacts {
  const facts = noFacts('providerA');
  const state = readState(doc);
  const rows = [...doc.querySelectorAll('table.al-overview tr')].map((row) => words(row));
  const row = (pattern: RegExp) => rows.find((text) => pattern.test(text)) ?? null;
  const quoted = <T>(value: T | null | undefined, quote: string | null, anchor: string) =>
    value === null || value === undefined || quote === null ? null : { value, quote, anchor };

  const owners = row(/\bprevious owners?\b/i);
  facts.owners = quoted(state?.owners?.length ?? firstNumber(owners), owners, 'ownership');

  const accidents = row(/\baccidents?\b/i);
  if (accidents) {
    const count =
      state?.accidents?.length ?? (/^no accidents?/i.test(accidents) ? 0 : firstNumber(accidents));
    const worst = state?.accidents
      ? worstSeverity(state.accidents.map((a) => a.severity ?? ''))
      : worstSeverity([...doc.querySelectorAll('.al-damage')].map((d) => words(d)));
    if (count !== null) facts.accidents = { value: { count, worst }, quote: accidents, anchor: 'damage' };
  }

  const title = row(/\btitle\b/i);
  const brands =
    state?.titleBrands ??
    (title === null
      ? null
      : /^no title problems?/i.test(title)
        ? []
        : title.replace(/\s*title reported$/i, '').split(/\s*,\s*/));
  facts.titleBrands = quoted(brands, title, 'title-history');

  const odometer = row(/odometer reading/i);
  if (odometer && !/^no odometer/i.test(odometer)) {
    const reading = state?.lastOdometer?.reading ?? firstNumber(odometer);
    if (reading !== null)
      facts.lastOdometer = {
        value: { miles: reading, date: state?.lastOdometer?.date ?? null },
        quote: odometer,
        anchor: 'ownership',
      };
  }
  // The title table's "Odometer problem" row shows an icon, not words: its verdict is in the state.
  const problemRow = [...doc.querySelectorAll('#title-history ~ table tr, table.al-grid tr')].find((tr) =>
    /^odometer problem/i.test(words(tr)),
  );
  if (state?.odometerProblem !== undefined && problemRow)
    facts.odometerProblem = {
      value: state.odometerProblem,
      quote: `Odometer problem: ${state.odometerProblem ? 'reported' : 'none reported'}`,
      anchor: 'title-history',
    };

  const use = row(/\bvehicle$/i);
  facts.use = quoted(use?.replace(/\s*vehicle$/i, ''), use, 'overview');

  const recalls = row(/\brecalls?\b/i);
  facts.openRecalls = quoted(
    state?.openRecalls?.length ?? (recalls && saysNone(recalls) ? 0 : firstNumber(recalls)),
    recalls,
    'overview',
  );

  const service = row(/service history records?/i);
  facts.serviceRecords = quoted(state?.serviceRecords ?? firstNumber(service), service, 'detailed');
  return facts;
}
