// Bounds on what one page may hand the background, shared by the content script and the message
// schemas (so the scanner never sends what the background would refuse). There is no cap on the
// vehicles of a page: a dealer's infinite scroll keeps getting badges. What is bounded is the work:
// candidates per message and messages per second (a page flooding VIN-like strings is judged at
// this pace, never faster), and the tab's list in the background (newest kept).

/** Candidates in one message to the background. */
export const CANDIDATES_PER_MESSAGE = 500;
/** Messages per second from one page while it has candidates waiting. */
export const MESSAGES_PER_SECOND = 8;
/** VINs the popup lists for a tab: the newest seen, those scrolled away included. */
export const MAX_TAB_VINS = 1000;
/** Sightings in one message for the memory of vehicles seen (a page of 2,000 cards sends ten). */
export const SIGHTINGS_PER_MESSAGE = 200;
