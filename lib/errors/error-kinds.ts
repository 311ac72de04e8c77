// The one vocabulary of failures for everything that crosses messaging, and the words a user sees
// for each. A kind says what happened (so a page can act on it: "no-key" shows the way to the
// options); the message says the particulars ("Try again in 120 s").
// No zod here: the content script carries this file (lib/errors/error-data.ts holds the wire schema).

/** Refused by the extension itself, before anything reached the service. */
const EXTENSION_ERROR_KINDS = [
  'no-key', // no API key stored yet
  'forbidden', // this sender may not ask for this
  'busy', // the same thing is under way already (a purchase of this report)
  'needs-override', // above the hard limit: the user must override explicitly
  'needs-permission', // the browser has not granted a host permission the action needs
  'needs-confirmation', // the user must say yes first (send the stored key to another origin)
  'over-budget', // a page asked for more than its share (windows, checks per minute)
  'invalid-input', // a malformed VIN, URL, id or message
  'internal', // a fault inside the extension (a bug, a storage failure); never a purchase's answer
  'unanswered', // the background did not answer (restarting, or the extension was reloaded)
] as const;

/** What the service (or the way to it) answered; see lib/api/errors.ts for how statuses map here. */
const SERVICE_ERROR_KINDS = [
  'key-rejected', // 401/403
  'bad-request', // 400
  'not-found', // 404
  'rate-limited', // 429 about request rate
  'exhausted', // 402, or a 429 about credits or the daily allowance
  'server', // 5xx
  'network', // connection refused, DNS, dropped connection
  'timeout',
  'invalid-response', // a 2xx that is not JSON or fails its schema; an unexpected status
  'too-large', // an answer over the size the client accepts
] as const;

/** A purchase whose answer was lost: whether a credit was spent is not known yet. */
const PURCHASE_ERROR_KINDS = ['unknown-outcome'] as const;

export const ERROR_KINDS = [
  ...EXTENSION_ERROR_KINDS,
  ...SERVICE_ERROR_KINDS,
  ...PURCHASE_ERROR_KINDS,
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Every kind's message, used when the code that fails has nothing more particular to say (its
 * title, for the pages, is in error-titles.ts). A new kind without one does not compile. */
export const ERROR_MESSAGE = {
  'no-key': 'Enter your API key in the options page (from the API Keys section of your dashboard).',
  forbidden: 'This request is not allowed from here.',
  busy: 'The same request is under way already: wait for it.',
  'needs-override': 'This is above your record-check limit. Confirm the override to go ahead.',
  'needs-permission': 'The browser has not allowed the extension to reach that site yet.',
  'needs-confirmation': 'This needs your explicit confirmation.',
  'over-budget': 'This page has asked for too much in a short time. Wait a minute and try again.',
  'invalid-input': 'That request was malformed.',
  // Not "nothing was sent": the guard that answers this cannot know. A purchase never ends here: past
  // the moment it is sent, its failures are 'unknown-outcome' (purchases.ts).
  internal: 'Try again; if it persists, reload the extension.',
  unanswered: 'It may be restarting: try again in a moment.',
  'key-rejected':
    'The service rejected the API key, or this network is not allowed by the service. Check the key in the options page.',
  'bad-request': 'The service refused the request.',
  'not-found': 'The service does not have that.',
  'rate-limited': 'The service is limiting requests: try again later.',
  exhausted: 'No credits or daily allowance left for this.',
  server: 'The service had an internal error. Try again later.',
  network: 'Check your connection and the service URL.',
  timeout: 'The service did not answer in time.',
  'invalid-response': 'The service answered with something the extension cannot read.',
  'too-large': 'The service sent more than the extension accepts.',
  'unknown-outcome':
    'We could not confirm whether this purchase went through; checking… Nothing will be bought again for this report until it is settled.',
} as const satisfies Record<ErrorKind, string>;

/** An error of this kind, with its standard message unless a more particular one is given. */
export function errorOf(kind: ErrorKind, message?: string): { kind: ErrorKind; message: string } {
  return { kind, message: message ?? ERROR_MESSAGE[kind] };
}
