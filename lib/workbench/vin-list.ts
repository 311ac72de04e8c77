// VINs out of whatever a dealer pastes or drops on the workbench: a run list, a spreadsheet column,
// an e-mail, a CSV. Same alphabet and rules as on pages (lib/vin/vin-syntax.ts), but a list the user
// gives is meant to hold VINs: lower case is accepted, a wrong check digit is a warning (some makers'
// real VINs do not follow it), and anything that looks like a VIN but cannot be one is listed with
// the reason, never dropped in silence. Pure.
import {
  checkDigitStatus,
  expectedCheckDigit,
  normalizeVin,
  VIN_SHAPE,
  type Vin,
  YEAR_CODES,
} from '../vin/vin-syntax';

export interface Rejected {
  /** The text as it appeared (first 40 characters). */
  text: string;
  reason: string;
}

export interface VinList {
  /** Distinct VINs, in the order first seen. */
  vins: Vin[];
  rejected: Rejected[];
  /** VINs seen again after their first appearance (left out). */
  duplicates: number;
}

// Separators between tokens: anything but letters, digits, dashes and the characters sites mask with.
const TOKENS = /[^A-Za-z0-9*•●-]+/;
const MASK = /[*•●]/;
// Shorter or longer than this is a word, a price, a phone number or a hash, not a VIN mistyped.
const MIN_LENGTH = 12;
const MAX_LENGTH = 22;

/**
 * Why `token` (upper case, compact) is not a VIN; null when it is one. Not vin-syntax's
 * describeVinProblem: here the check digit is only a warning, masks are a reason of their own, and a
 * reason is a short line per entry of a list rather than advice on one typed VIN.
 */
function vinProblem(token: string): string | null {
  if (MASK.test(token)) return 'masked: part of the VIN is hidden';
  if (token.length !== 17) return `length: ${token.length} characters, a VIN has 17`;
  const forbidden = token.match(/[IOQ]/);
  if (forbidden) return `letter ${forbidden[0]}: a VIN never contains I, O or Q`;
  if (!VIN_SHAPE.test(token)) return 'characters a VIN does not use';
  if (!/[A-Z]/.test(token) || !/[0-9]/.test(token)) return 'only digits or only letters: not a VIN';
  if (!YEAR_CODES.includes(token[9] as string)) return `position 10 (${token[9]}) is not a model-year code`;
  return null;
}

/** The warning a row carries when its check digit is wrong (the VIN is kept: it may be real). */
export function checkDigitWarning(vin: string): string | null {
  return checkDigitStatus(vin) === 'invalid'
    ? `Check digit: the 9th character should be ${expectedCheckDigit(vin)}; check for a typo (some makers do not follow the rule).`
    : null;
}

/** A token that someone might have meant as a VIN: long enough, with a digit or a mask in it. */
const looksMeant = (token: string) =>
  token.length >= MIN_LENGTH && token.length <= MAX_LENGTH && /[0-9*•●]/.test(token);

// "VIN: 1G1FY6S0 3J4227091", "VIN # 1G1 FY6 S03 J42 27091": a VIN printed in groups after its label
// (auction sheets, some e-mails). The label and its groups on one line, the groups apart by spaces
// only: a table's header ending in "VIN" ("Lot / VIN", "Stock / Mileage / VIN") is followed by a line
// break, and its rows' cells by tabs or commas; read across those, a row's lot or stock number was
// glued onto its VIN (22 characters, refused; or more, dropped).
const LABELLED_SPLIT =
  /\bVIN\b(?:[ \t]*(?:#|no\.?|number))?[ \t]*[:#.]?[ \t]*((?:[A-Za-z0-9]+ +){1,6}[A-Za-z0-9]+)/gi;

/**
 * Rewrites each labelled VIN printed in groups as one token, so the list below takes it (or lists it
 * as a near-VIN with its length) like any other: nothing pasted is dropped because of a space.
 */
function joinLabelledSplits(text: string): string {
  return text.replace(LABELLED_SPLIT, (whole, groups: string) => {
    const pieces = groups.split(/ +/);
    if ((pieces[0] as string).length >= 17) return whole; // written whole: the usual path
    let joined = '';
    let used = 0;
    for (const piece of pieces) {
      if (joined.length >= 17 || !/[0-9]/.test(piece)) break;
      joined += piece;
      used++;
    }
    // Short of a VIN: listed as a near-VIN below. Longer than one: these pieces were never one VIN,
    // and each is judged on its own below.
    if (joined.length < MIN_LENGTH || joined.length > 17) return whole;
    const rest = pieces.slice(used).join(' ');
    return `${whole.slice(0, whole.length - groups.length)}${joined}${rest ? ` ${rest}` : ''}`;
  });
}

export function extractVinList(text: string): VinList {
  const seen = new Set<string>();
  const vins: Vin[] = [];
  const rejected: Rejected[] = [];
  let duplicates = 0;
  // Called with tokens vinProblem passed: normalizeVin is what makes a Vin, here as everywhere.
  const accept = (token: string) => {
    const vin = normalizeVin(token);
    if (!vin) return;
    if (seen.has(vin)) duplicates++;
    else {
      seen.add(vin);
      vins.push(vin);
    }
  };
  for (const raw of joinLabelledSplits(text).split(TOKENS)) {
    if (!raw) continue;
    const token = raw.toUpperCase();
    const compact = token.replace(/-/g, '');
    const problem = vinProblem(compact);
    if (!problem) {
      accept(compact);
      continue;
    }
    // "2019-honda-accord-1HGCV1F34KA012345" (a URL slug): the VIN is one of the dashed parts.
    const parts = token.split('-').filter((p) => !vinProblem(p));
    if (parts.length > 0) {
      for (const part of parts) accept(part);
      continue;
    }
    if (looksMeant(compact)) rejected.push({ text: raw.slice(0, 40), reason: problem });
  }
  return { vins, rejected, duplicates };
}
