// The wire shape of a failure (lib/errors/error-kinds.ts has the kinds and their words).
import { z } from 'zod/mini';
import { ERROR_KINDS } from './error-kinds';

export const ErrorKind = z.enum(ERROR_KINDS);

/** What crosses messaging and storage: plain data, no Error instance. */
export const ErrorData = z.object({
  kind: ErrorKind,
  message: z.string(),
  status: z.optional(z.int()),
  retryAfterMs: z.optional(z.number().check(z.nonnegative())),
});
export type ErrorData = z.infer<typeof ErrorData>;

/** What a Result of `value` looks like on the wire. */
export const resultOf = <T extends z.ZodMiniType>(value: T) =>
  z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorData })]);
