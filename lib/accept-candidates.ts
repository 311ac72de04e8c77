// The background's half of VIN detection: which of a page's candidates are VINs.
import { decodeVin, isLikelyVin, isVinCandidate, type LocalDecode } from './vin';

export interface Candidate {
  vin: string;
  /** Found under a name that says "VIN": the manufacturer-code test is not needed. */
  labelled: boolean;
}

/** The candidates that are VINs, decoded offline, in the order given. */
export function acceptCandidates(candidates: Candidate[], currentYear?: number): LocalDecode[] {
  return candidates
    .filter(({ vin, labelled }) => (labelled ? isVinCandidate(vin) : isLikelyVin(vin)))
    .map(({ vin }) => decodeVin(vin, currentYear));
}
