// Key facts side by side, one row per fact, one column per report: both providers' reports of one
// vehicle in the compare view. A fact the reports state differently is marked: disagreement is
// information (one provider's sources may have missed an accident). Each value carries the report's
// own words as its description.
import { FACT_LABELS, factsDisagree, factText } from '@/lib/reports/facts/facts-line';
import { FACT_NAMES, type ReportFacts } from '@/lib/reports/facts/report-facts';

export interface FactsColumn {
  label: string;
  /** Undefined: not read (the report is not kept offline, or is being read). */
  facts: ReportFacts | undefined;
}

export function FactsTable({
  columns,
  caption,
  markDifferences = true,
}: {
  columns: FactsColumn[];
  caption: string;
  /** Mark the facts two reports of one vehicle state differently (not for different vehicles). */
  markDifferences?: boolean;
}) {
  const [first, second] = columns.map((c) => c.facts);
  return (
    <table class="facts-table" data-testid="facts-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Fact</th>
          {columns.map((c) => (
            <th scope="col" key={c.label}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FACT_NAMES.map((name) => {
          const differ = markDifferences && first && second ? factsDisagree(first, second, name) : false;
          return (
            <tr key={name} class={differ ? 'differ' : undefined} data-fact={name}>
              <th scope="row">
                {FACT_LABELS[name]}
                {differ && <span class="differ-note"> · the reports differ</span>}
              </th>
              {columns.map(({ label, facts }) => (
                <td key={label} title={facts?.[name]?.quote}>
                  {facts === undefined
                    ? 'not read: open the report once'
                    : facts.layout === null
                      ? 'layout not known'
                      : factText(facts, name)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
