// The free local decode in words, the same on the badge and in the popup.

import type { LocalDecode } from './vin-verdict';

/** The free local decode in one line: "2012 · Ram · United States" (the maker's code when unknown). */
export const decodeLine = (decode: LocalDecode): string =>
  [decode.modelYear, decode.make ?? `manufacturer code ${decode.wmi}`, decode.country ?? decode.region]
    .filter(Boolean)
    .join(' · ');
