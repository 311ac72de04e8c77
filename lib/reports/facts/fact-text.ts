// Reading facts out of a report's words: whitespace as a reader sees it, numbers as reports print
// them ("48,900"), severities by the words reports use, and the two ways a report answers a check:
// clean ("No Issues Reported") or silent ("No data available": not stated, never "none").
import type { Severity } from './report-facts';

/** Collapses whitespace and cuts to what a fact's quote keeps. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 300);

/** The first whole number in `text` ("48,900 mi" → 48900), or null (also for no text at all). */
export function firstNumber(text: string | null | undefined): number | null {
  const match = /\d[\d,]*/.exec(text ?? '');
  if (!match) return null;
  const n = Number(match[0].replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** A date as the reports print them (MM/DD/YYYY), the first in `text`, or null. */
export const usDateIn = (text: string): string | null =>
  /\b(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/(19|20)\d\d\b/.exec(text)?.[0] ?? null;

const SEVERITIES: Severity[] = ['minor', 'moderate', 'severe'];

/** The worst severity named in these texts ("Minor to Moderate" → moderate), or null. */
export function worstSeverity(texts: Iterable<string>): Severity | null {
  let worst = -1;
  for (const text of texts)
    for (const [i, severity] of SEVERITIES.entries())
      if (new RegExp(`\\b${severity}\\b`, 'i').test(text)) worst = Math.max(worst, i);
  return SEVERITIES[worst] ?? null;
}

/**
 * Words that state nothing: "No data available", "Not Reported", "No CPO Info Available", "---",
 * "See Details", an empty cell. Checked before `saysNone`, which they would otherwise pass.
 */
export const saysNothing = (text: string): boolean =>
  /^(|-+|n\/?a|unknown|see details|not (reported|available|provided)|no (data|information|info)\b.*|no .*\binfo(rmation)? available)$/i.test(
    text.trim(),
  );

/** "No Issues Reported", "No Problem", "Clean", "None": a check the report says came back clean. */
export const saysNone = (text: string): boolean =>
  !saysNothing(text) && /^(none|no\b|clean\b|guaranteed no problem)/i.test(text.trim());
