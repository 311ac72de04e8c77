// The part of VIN detection cheap enough for every page: shape, letters and digits, a model-year
// character and the check digit. The manufacturer-code test (lib/wmi.ts, 2.5 KB) runs in the
// background, which keeps the content script within its size budget.
import { checkDigitStatus, VIN_SHAPE, YEAR_CODES } from './vin-rules';

/**
 * Distinct candidates one page may hand the background. A listing shows tens of VINs and a dealer's
 * inventory page hundreds; a page with more is not a listing (or is hostile): the rest is ignored so
 * the content script's memory, its messages and the badges stay bounded.
 */
export const MAX_PAGE_VINS = 2000;

// Upper case only: listing pages show VINs in capitals, and lower-case 17-character tokens are
// mostly ids and hashes. Structured fields named "vin" are normalised by the scanner instead.
// \b (not glued to a letter, digit or underscore) runs about twice as fast in V8 as lookarounds.
const CANDIDATE = /\b[0-9A-HJ-NPR-Z]{17}\b/g;
const LETTER = /[A-Z]/;
const DIGIT = /[0-9]/;

/** True when a 17-character string passes every test except the manufacturer code's. */
export function isVinCandidate(vin: string): boolean {
  return (
    VIN_SHAPE.test(vin) &&
    /[A-Z]/.test(vin) &&
    /[0-9]/.test(vin) &&
    YEAR_CODES.includes(vin[9] as string) &&
    checkDigitStatus(vin) !== 'invalid'
  );
}

/** Every candidate VIN in a string, in order, not glued to neighbouring letters or digits. */
export function findVinCandidates(text: string): Array<{ vin: string; index: number }> {
  const found: Array<{ vin: string; index: number }> = [];
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match; match = CANDIDATE.exec(text)) {
    const vin = match[0];
    // The shape is the regex's; the cheapest rejections first (17-digit order numbers are the commonest).
    if (!LETTER.test(vin) || !DIGIT.test(vin) || !YEAR_CODES.includes(vin[9] as string)) continue;
    if (checkDigitStatus(vin) !== 'invalid') found.push({ vin, index: match.index });
  }
  return found;
}
