// Every message passes here before its handler: who sent it (lib/messaging/requests.ts says who may), its
// payload parsed with the table's schema, and every failure turned into a Result, so no handler can
// be reached by the wrong sender or bad data, and no caller ever sees a rejected promise.
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import { failWith, type Result } from '@/lib/errors/result';
import type { Handlers } from '@/lib/messaging/protocol';
import { type MessageType, REQUESTS } from '@/lib/messaging/requests';
import { classifySender, type Sender, type SenderInfo } from '@/lib/messaging/sender-kind';

interface Incoming {
  data: unknown;
  sender: SenderInfo;
}

export function guard<K extends MessageType>(
  type: K,
  handler: Handlers[K],
): (message: Incoming) => Promise<Result<unknown>> {
  const spec = REQUESTS[type];
  return async ({ data, sender }) => {
    // Not new URL().origin: for chrome-extension: URLs that is "null" outside Chrome.
    const self = { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') };
    const kind = classifySender(sender, self);
    if (!(spec.from as readonly string[]).includes(kind)) return failWith('forbidden');
    const parsed = spec.request.safeParse(data);
    if (!parsed.success)
      return failWith('invalid-input', parsed.error.issues[0]?.message ?? 'Malformed request.');
    try {
      // Handlers get the sender's kind with it: what they budget or refuse follows from it alone.
      return await (handler as (data: unknown, sender: Sender) => Promise<Result<unknown>>)(parsed.data, {
        ...sender,
        kind,
      });
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.toData() };
      // A bug or a storage failure: the caller is told, and the cause is kept for the developer.
      console.error(`[${type}]`, error);
      return failWith('internal');
    }
  };
}
