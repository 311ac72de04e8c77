// The rules of the VIN itself (ISO 3779, 49 CFR 565): alphabet, check digit, model year. Small and
// table-free, so every bundle carries it: the content script proposes with `isVinSyntax`, the
// background's verdict (lib/vin/vin-verdict.ts) is the same predicate plus the manufacturer code.
// Pure: no browser globals.

/** Exactly 17 characters of the VIN alphabet (digits and capitals without I, O, Q). */
export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Position 10 -> year in the 1980-2009 cycle; the 2010-2039 cycle uses the same codes. */
export const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * Manufacturers whose real VINs do not follow the check-digit rule. samples/data/vin-exceptions.yaml
 * holds 299 such VINs from NHTSA's data, all Genesis (KMT) with a letter in position 9: these must
 * still be found on a page and never be shown to the user as mistyped.
 */
const NO_CHECK_DIGIT_WMIS = new Set(['KMT']);

// Character code -> value for the check digit: digits are themselves, letters per 49 CFR 565.
const VALUES = new Uint8Array(91);
for (let d = 0; d <= 9; d++) VALUES[48 + d] = d;
const LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
'ABCDEFGHJKLMNPRSTUVWXYZ'.split('').forEach((letter, i) => {
  VALUES[letter.charCodeAt(0)] = LETTER_VALUES[i] as number;
});
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** What a person typed, as a VIN would be written: trimmed, upper case, no spaces or dashes. */
function compactVin(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

declare const vinBrand: unique symbol;
/**
 * A string known to have a VIN's shape, normalised (VIN_SHAPE): made only by `normalizeVin` (and the
 * zod schema built on it, lib/vin/vin-schema.ts) where VINs come in: the message guard, the paste
 * parser, what the service answers, what storage gives back. Code past those takes a `Vin` and checks
 * nothing again; the type says it was checked. Costs nothing at run time.
 */
export type Vin = string & { readonly [vinBrand]: true };

/** Trims, upper-cases and drops spaces and dashes; null when the result cannot be a VIN. */
export function normalizeVin(input: string): Vin | null {
  const vin = compactVin(input);
  return VIN_SHAPE.test(vin) ? (vin as Vin) : null;
}

/** The check digit ('0'-'9' or 'X') that position 9 should hold for this VIN-shaped string. */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VALUES[vin.charCodeAt(i)] ?? 0) * (WEIGHTS[i] as number);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** Whether position 9 holds the right check digit; 'exempt' for makers known to skip the rule. */
export function checkDigitStatus(vin: string): 'valid' | 'invalid' | 'exempt' {
  if (vin[8] === expectedCheckDigit(vin)) return 'valid';
  return NO_CHECK_DIGIT_WMIS.has(vin.slice(0, 3)) ? 'exempt' : 'invalid';
}

const LETTER = /[A-Z]/;
const DIGIT = /[0-9]/;

/** Every rule but the shape, cheapest rejection first (17-digit order numbers are the commonest). */
function passesRules(vin: string): boolean {
  return (
    LETTER.test(vin) &&
    DIGIT.test(vin) &&
    YEAR_CODES.includes(vin[9] as string) &&
    checkDigitStatus(vin) !== 'invalid'
  );
}

/**
 * The one syntax predicate: the VIN shape, letters and digits, a model-year character and a right
 * check digit (or a maker known to skip it). Every path in every bundle uses this.
 */
export function isVinSyntax(vin: string): vin is Vin {
  return VIN_SHAPE.test(vin) && passesRules(vin);
}

/**
 * A VIN under a name that says so (a "vin" key, data-vin): besides every VIN `isVinSyntax` takes, one
 * made outside North America (its first character not 1-5), where ISO 3779 asks for no check digit in
 * position 9 and no model year in position 10, so those two rules are not asked of it. Only a label
 * earns that (unlabelled, the rules are what tells a VIN from a 17-character code); the background
 * still wants a known manufacturer code for it (lib/vin/vin-verdict.ts).
 */
export function isLabelledVinSyntax(vin: string): vin is Vin {
  return (
    isVinSyntax(vin) ||
    (VIN_SHAPE.test(vin) &&
      !NORTH_AMERICA.test(vin) &&
      LETTER.test(vin) &&
      DIGIT.test(vin) &&
      (YEAR_CODES.includes(vin[9] as string) || makerFillsPosition10(vin)))
  );
}

/**
 * Position 10 with no model-year code and no check digit in position 9: a 17-character serial of a
 * car older than standard VINs (a 1979 car's "vin" field on a classifieds page: issue 47), unless the
 * maker's own rule puts that character there. BMW's European VINs carry "0" in position 10 and the
 * plant in position 11 (its VIN key: 10 "0" since year codes are not required in Europe; 11 the plant).
 */
const BMW_GROUP = new Set(['WBA', 'WBS', 'WBX', 'WBY', 'WMW']);
const BMW_PLANTS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
function makerFillsPosition10(vin: string): boolean {
  return BMW_GROUP.has(vin.slice(0, 3)) && vin[9] === '0' && BMW_PLANTS.includes(vin[10] as string);
}

/** A VIN of a vehicle made for North America: a check digit and a model year are required there. */
export const NORTH_AMERICA = /^[1-5]/;

// Upper case only: listing pages show VINs in capitals, and lower-case 17-character tokens are
// mostly ids and hashes. Structured fields named "vin" are normalised by the scanner instead.
// \b (not glued to a letter, digit or underscore) runs about twice as fast in V8 as lookarounds.
const CANDIDATE = /\b[0-9A-HJ-NPR-Z]{17}\b/g;

/** Every string in the text that passes `isVinSyntax`, in order, not glued to letters or digits. */
export function findVinCandidates(text: string): Array<{ vin: Vin; index: number }> {
  const found: Array<{ vin: Vin; index: number }> = [];
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match; match = CANDIDATE.exec(text)) {
    // The regex is the shape: only the other rules are left to test.
    if (passesRules(match[0])) found.push({ vin: match[0] as Vin, index: match.index });
  }
  return found;
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
  const vin = compactVin(input);
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
