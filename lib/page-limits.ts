// Bounds on what one page may hand the background, shared by the content script and the message
// schemas (so the scanner never sends what the background would refuse).

/**
 * Distinct candidates one page may hand the background. A listing shows tens of VINs and a dealer's
 * inventory page hundreds; a page with more is not a listing (or is hostile): the rest is ignored so
 * the content script's memory, its messages and the badges stay bounded.
 */
export const MAX_PAGE_VINS = 2000;
