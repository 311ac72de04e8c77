// The content script's side of messaging: the wire format of @webext-core/messaging
// ({ id, type, data, timestamp } answered by { res } or { err }) in a few lines instead of the
// library's 1.8 KB gzip. Typed by the protocol table; the wire format is pinned against the library
// by test/unit/messaging/message-sender.test.ts, and the unit tests deliver every message through this sender.

import { type Result, unanswered } from '../errors/result';
import type { MessageType, RequestOf, ResponseOf } from './protocol';

export interface WireMessage {
  id: number;
  type: string;
  data: unknown;
  timestamp: number;
}

/** Hands a message to the browser (runtime.sendMessage) and resolves with the raw answer. */
export type Transport = (message: WireMessage) => Promise<unknown>;

/** A typed sender over a transport; it never rejects: no answer is an `unanswered` Result. */
export function createMessageSender(transport: Transport) {
  let seq = 0;
  return async function send<K extends MessageType>(
    type: K,
    data: RequestOf<K>,
  ): Promise<Result<ResponseOf<K>>> {
    try {
      const answer = (await transport({ id: ++seq, type, data, timestamp: Date.now() })) as
        | { res?: Result<ResponseOf<K>>; err?: { message?: string } }
        | undefined;
      if (!answer || answer.err || answer.res === undefined)
        return unanswered(new Error(answer?.err?.message ?? 'no answer'));
      return answer.res;
    } catch (error) {
      return unanswered(error);
    }
  };
}
