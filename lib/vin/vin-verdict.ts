// The background's half of VIN detection: which of a page's candidates are VINs, and what a VIN
// tells offline. The verdict is the syntax every bundle applies (lib/vin/vin-syntax.ts) plus NHTSA's
// manufacturer codes (lib/vin/wmi.ts, 2.5 KB gzip), which the content script does not carry: it
// proposes, the background decides. Pure: no browser globals.
import { z } from 'zod/mini';
import { VinSchema } from './vin-schema';
import {
  checkDigitStatus,
  isLabelledVinSyntax,
  isVinSyntax,
  modelYear,
  NORTH_AMERICA,
  type Vin,
} from './vin-syntax';
import { describeWmi, isKnownWmiPrefix } from './wmi';

export interface Candidate {
  vin: Vin;
  /** Found under a name that says "VIN" (data-vin, a "vin" JSON key): the code test is not needed. */
  labelled: boolean;
}

/**
 * The verdict on a candidate (already a Vin: it has the shape): is it a vehicle's VIN, not a 17-character
 * order number? The syntax's other rules, plus a known manufacturer code unless a label says "VIN".
 */
export function isVin(vin: string, labelled: boolean): boolean {
  if (isVinSyntax(vin)) return labelled || isKnownWmiPrefix(vin.slice(0, 3));
  // A labelled VIN made outside North America, without its check digit: its maker must be known.
  return labelled && isLabelledVinSyntax(vin) && isKnownWmiPrefix(vin.slice(0, 3));
}

export const LocalDecode = z.object({
  vin: VinSchema,
  wmi: z.string(),
  region: z.string(),
  country: z.optional(z.string()),
  make: z.optional(z.string()),
  modelYear: z.optional(z.int()),
  checkDigit: z.enum(['valid', 'invalid', 'exempt']),
});
export type LocalDecode = z.infer<typeof LocalDecode>;

/** All a VIN tells without any network call: year, region, country, maker for common codes. */
export function decodeVin(vin: Vin, currentYear?: number): LocalDecode {
  const checkDigit = checkDigitStatus(vin);
  const decode: LocalDecode = { vin, ...describeWmi(vin), checkDigit };
  // Outside North America position 10 is a model year only where the maker follows those rules, as
  // a right check digit shows: otherwise no year is read from it (and no mismatch built on one).
  const year = checkDigit === 'invalid' && !NORTH_AMERICA.test(vin) ? undefined : modelYear(vin, currentYear);
  if (year !== undefined) decode.modelYear = year;
  return decode;
}

/** The candidates that are VINs, decoded offline, in the order given. */
export function acceptCandidates(candidates: Candidate[], currentYear?: number): LocalDecode[] {
  return candidates
    .filter(({ vin, labelled }) => isVin(vin, labelled))
    .map(({ vin }) => decodeVin(vin, currentYear));
}
