// What every background answer is: a value, or an error the UI can show as it is.
import type { ApiErrorData } from './api/errors';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ApiErrorData): Result<never> => ({ ok: false, error });

/** A message the background never answered (it was restarting, or the extension was reloaded). */
export const unanswered = (error: Error): Result<never> =>
  fail({ kind: 'network', message: `The extension did not answer: ${error.message}` });
