// Reading facts out of a report's words: whitespace as a reader sees it, numbers as reports print
// them ("48,900"), severities by the words reports use.
import type { Severity } from './report-facts';

/** An element's words, whitespace collapsed, cut to what a fact's quote keeps. */
export const words = (node: { textContent: string | null } | null | undefined): string =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);

/** The first whole number in `text` ("48,900 mi" → 48900), or null (also for no text at all). */
export function firstNumber(text: string | null | undefined): number | null {
  const match = /\d[\d,]*/.exec(text ?? '');
  if (!match) return null;
  const n = Number(match[0].replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

const SEVERITIES: Severity[] = ['minor', 'moderate', 'severe'];

/** The worst severity named in these texts ("minor damage", "Severe damage to front"), or null. */
export function worstSeverity(texts: Iterable<string>): Severity | null {
  let worst = -1;
  for (const text of texts)
    for (const [i, severity] of SEVERITIES.entries())
      if (new RegExp(`\\b${severity}\\b`, 'i').test(text)) worst = Math.max(worst, i);
  return SEVERITIES[worst] ?? null;
}

/** "None reported", "No Problem", "No Issue": a check the report says came back clean. */
export const saysNone = (text: string): boolean => /^(none|no)\b/i.test(text.trim());
