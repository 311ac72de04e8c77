// What every background answer is: a value, or an error the UI can show as it is.
import type { ApiErrorData } from './api/errors';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ApiErrorData): Result<never> => ({ ok: false, error });
