// providerA's state script, `window.__INITIAL__DATA__ = {…}` (docs/report-evidence.md §2.2): read as
// JSON text, never run. It is only ever a second witness: a value from it is stated only when the
// words the report shows agree (issue 43: an injected state ahead of the provider's own made a report
// that shows accidents and a salvage title read "no accidents · clean title"). A document carrying
// the name more than once is trusted for nothing.
import { z } from 'zod/mini';

/** A script that sets the state (one that only reads it, as a hydration call may, does not count). */
const SETS_STATE = /__INITIAL__DATA__\s*=(?!=)/;
const STATE_PREFIX = /^\s*window\.__INITIAL__DATA__\s*=\s*/;

/** What is read of the state: the overview's rows (A2 keeps them here when its HTML has none). */
const State = z.object({
  vhr: z.object({
    headerSection: z.object({
      historyOverview: z.object({
        rows: z.array(
          z.object({
            name: z.string(),
            text: z.optional(z.string()),
            translatedText: z.optional(z.object({ en: z.optional(z.string()) })),
          }),
        ),
      }),
    }),
  }),
});

/** The overview rows of the one state script, by name, in English words without tags; or null. */
export function stateOverview(doc: Document): Map<string, string> | null {
  const scripts = [...doc.querySelectorAll('script:not([src])')].filter((s) =>
    SETS_STATE.test(s.textContent ?? ''),
  );
  if (scripts.length !== 1) return null;
  const text = scripts[0]?.textContent ?? '';
  if (!STATE_PREFIX.test(text)) return null;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(STATE_PREFIX, '').replace(/;\s*$/, ''));
  } catch {
    return null; // not JSON: a state we cannot read states nothing
  }
  const state = State.safeParse(json);
  if (!state.success) return null;
  const rows = new Map<string, string>();
  for (const row of state.data.vhr.headerSection.historyOverview.rows) {
    const words = row.translatedText?.en ?? row.text ?? '';
    rows.set(
      row.name,
      words
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return rows;
}
