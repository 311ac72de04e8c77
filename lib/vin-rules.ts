// The rules of the VIN itself (ISO 3779, 49 CFR 565): alphabet, check digit, model year.
// Small and table-free, so the content script can carry it. Pure: no browser globals.

/** Exactly 17 characters of the VIN alphabet (digits and capitals without I, O, Q). */
export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Position 10 -> year in the 1980-2009 cycle; the 2010-2039 cycle uses the same codes. */
export const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * Manufacturers whose real VINs do not follow the check-digit rule. shared/data/vin-exceptions.yaml
 * holds 299 such VINs from NHTSA's data, all Genesis (KMT) with a letter in position 9: these must
 * still be found on a page and never be shown to the user as mistyped.
 */
export const NO_CHECK_DIGIT_WMIS = new Set(['KMT']);

// Character code -> value for the check digit: digits are themselves, letters per 49 CFR 565.
const VALUES = new Uint8Array(91);
for (let d = 0; d <= 9; d++) VALUES[48 + d] = d;
const LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
'ABCDEFGHJKLMNPRSTUVWXYZ'.split('').forEach((letter, i) => {
  VALUES[letter.charCodeAt(0)] = LETTER_VALUES[i] as number;
});
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Trims, upper-cases and drops spaces and dashes; null when the result cannot be a VIN. */
export function normalizeVin(input: string): string | null {
  const vin = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
  return VIN_SHAPE.test(vin) ? vin : null;
}

/** True when the string has the VIN shape: 17 characters of the VIN alphabet (no check-digit test). */
export function isVinShaped(vin: string): boolean {
  return VIN_SHAPE.test(vin);
}

/** The check digit ('0'-'9' or 'X') that position 9 should hold for this VIN-shaped string. */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VALUES[vin.charCodeAt(i)] ?? 0) * (WEIGHTS[i] as number);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** VIN shape plus a correct check digit in position 9. */
export function isValidVin(vin: string): boolean {
  return VIN_SHAPE.test(vin) && vin[8] === expectedCheckDigit(vin);
}

/** Whether position 9 holds the right check digit; 'exempt' for makers known to skip the rule. */
export function checkDigitStatus(vin: string): 'valid' | 'invalid' | 'exempt' {
  if (vin[8] === expectedCheckDigit(vin)) return 'valid';
  return NO_CHECK_DIGIT_WMIS.has(vin.slice(0, 3)) ? 'exempt' : 'invalid';
}

/**
 * Model year from position 10. 49 CFR 565: for cars, MPVs and light trucks a digit in position 7
 * means 1980-2009 and a letter 2010-2039. Where that rule does not apply (other markets, heavy
 * vehicles) it can point to the future; then the previous cycle is taken.
 */
export function modelYear(vin: string, currentYear = new Date().getUTCFullYear()): number | undefined {
  const code = YEAR_CODES.indexOf(vin[9] ?? '');
  if (code < 0) return undefined;
  const letterIn7 = /[A-Z]/.test(vin[6] ?? '');
  let year = 1980 + code + (letterIn7 ? 30 : 0);
  if (year > currentYear + 1) year -= 30;
  return year;
}

/** Why a typed VIN is not acceptable, in words for the user; null when it is fine to send. */
export function describeVinProblem(input: string): string | null {
  const vin = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
  if (vin.length === 0) return 'Enter a VIN.';
  if (vin.length !== 17) return `A VIN has 17 characters; this one has ${vin.length}.`;
  const forbidden = vin.match(/[IOQ]/);
  if (forbidden) return `A VIN never contains the letter ${forbidden[0]} (I, O and Q are not used).`;
  const other = vin.match(/[^A-Z0-9]/);
  if (other) return `A VIN holds only letters and digits; "${other[0]}" is not allowed.`;
  if (checkDigitStatus(vin) === 'invalid') {
    return `The 9th character (the check digit) should be ${expectedCheckDigit(vin)} for this VIN: check it for a typo.`;
  }
  return null;
}
