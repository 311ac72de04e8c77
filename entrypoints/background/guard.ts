// Wraps a message handler: checks who sent it, parses its payload, and turns every failure
// into a typed error result, so no handler can be reached by the wrong sender or bad data.
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { fail, type Result } from '@/lib/result';
import { classifySender, type SenderInfo, type SenderKind } from '@/lib/sender';

interface Incoming {
  data: unknown;
  sender: SenderInfo;
}

export function guard<S extends z.ZodMiniType, T>(
  allowed: readonly SenderKind[],
  schema: S,
  handler: (data: z.infer<S>, sender: SenderInfo) => Promise<Result<T>>,
): (message: Incoming) => Promise<Result<T>> {
  return async ({ data, sender }) => {
    // Not new URL().origin: for chrome-extension: URLs that is "null" outside Chrome.
    const self = { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') };
    const kind = classifySender(sender, self);
    if (!allowed.includes(kind)) {
      return fail({ kind: 'invalid-input', message: 'This request is not allowed from here.' });
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      return fail({
        kind: 'invalid-input',
        message: parsed.error.issues[0]?.message ?? 'Malformed request.',
      });
    }
    try {
      return await handler(parsed.data, sender);
    } catch (error) {
      if (error instanceof ApiError) return fail(error.toData());
      throw error;
    }
  };
}
