// The free local decode in words, the same on the badge and in the popup.

import type { LocalDecode } from './vin-verdict';

/**
 * The free local decode in one line: "2012 · Ram · maker’s country: United States" (the maker's code when
 * unknown). The country is the manufacturer code's, labelled so: on a Toronto listing a bare "United
 * States" read as where the car is (issue 64).
 */
export const decodeLine = (decode: LocalDecode): string =>
  [
    decode.modelYear,
    decode.make ?? `manufacturer code ${decode.wmi}`,
    (decode.country ?? decode.region) && `maker’s country: ${decode.country ?? decode.region}`,
  ]
    .filter(Boolean)
    .join(' · ');
