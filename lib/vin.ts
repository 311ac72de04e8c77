// VIN detection and decoding for the whole extension. Pure: no browser globals.
// The table-free rules live in vin-rules.ts and vin-candidates.ts (light enough for the content
// script); this module adds NHTSA's manufacturer codes, which the background applies.
import { findVinCandidates, isVinCandidate } from './vin-candidates';
import { checkDigitStatus, modelYear } from './vin-rules';
import { describeWmi, isKnownWmiPrefix, type WmiInfo } from './wmi';

export { findVinCandidates, isVinCandidate } from './vin-candidates';
export * from './vin-rules';

/** True for a 17-character string that a page would only show as a vehicle's VIN (the detector's rule). */
export function isLikelyVin(vin: string): boolean {
  return isVinCandidate(vin) && isKnownWmiPrefix(vin.slice(0, 3));
}

/** Every likely VIN in a string, in order, not glued to neighbouring letters or digits. */
export function findVins(text: string): Array<{ vin: string; index: number }> {
  return findVinCandidates(text).filter(({ vin }) => isKnownWmiPrefix(vin.slice(0, 3)));
}

export interface LocalDecode extends WmiInfo {
  vin: string;
  modelYear?: number;
  checkDigit: 'valid' | 'invalid' | 'exempt';
}

/** All a VIN tells without any network call: year, region, country, maker for common codes. */
export function decodeVin(vin: string, currentYear?: number): LocalDecode {
  const decode: LocalDecode = { vin, ...describeWmi(vin), checkDigit: checkDigitStatus(vin) };
  const year = modelYear(vin, currentYear);
  if (year !== undefined) decode.modelYear = year;
  return decode;
}
