// A few words for each kind of failure (error-kinds.ts), shown in bold before its message by the
// pages' error notices. Apart from the messages: neither the background nor the content script shows
// a title, and their budgets do not carry them.
import type { ErrorKind } from './error-kinds';

/** Every kind's title. A new kind without one does not compile. */
export const ERROR_TITLE = {
  'no-key': 'No API key yet.',
  forbidden: 'Not allowed.',
  busy: 'Already under way.',
  'needs-override': 'Above your limit.',
  'needs-permission': 'Permission needed.',
  'needs-confirmation': 'Confirm first.',
  'over-budget': 'Slow down.',
  'invalid-input': 'Check the input.',
  internal: 'Something went wrong in the extension.',
  unanswered: 'The extension did not answer.',
  'key-rejected': 'Key rejected.',
  'bad-request': 'Refused.',
  'not-found': 'Not found.',
  'rate-limited': 'Too many requests.',
  exhausted: 'Nothing left to spend.',
  server: 'Service error.',
  network: 'Could not reach the service.',
  timeout: 'No answer in time.',
  'invalid-response': 'Unexpected answer.',
  'too-large': 'Answer too large.',
  'unknown-outcome': 'Not confirmed yet.',
} as const satisfies Record<ErrorKind, string>;
