// What every background answer is: a value, or an error the UI can show as it is.
import type { ErrorData } from './error-data';
import { type ErrorKind, errorOf } from './error-kinds';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ErrorData): Result<never> => ({ ok: false, error });
/** A failure of this kind, with its standard words (lib/errors/error-kinds.ts) unless given others. */
export const failWith = (kind: ErrorKind, message?: string): Result<never> => fail(errorOf(kind, message));

/**
 * A message the background never answered (it was restarting, or the extension was reloaded).
 * Written out rather than through `failWith`, so the content script does not carry every kind's words.
 */
export const unanswered = (error: unknown): Result<never> =>
  fail({
    kind: 'unanswered',
    message: `The extension did not answer (${error instanceof Error ? error.message : String(error)}). It may be restarting: try again in a moment.`,
  });
