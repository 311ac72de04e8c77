// The messaging module: @webext-core/messaging typed by the protocol table (lib/messaging/protocol.ts).
// Pages call `ask`, which always resolves to a Result; the content script has its own small
// sender speaking the same wire format (lib/messaging/message-sender.ts).
import { defineExtensionMessaging } from '@webext-core/messaging';
import { type Result, unanswered } from '../errors/result';
import type { MessageType, Protocol, RequestOf, ResponseOf } from './protocol';

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<Protocol>({
  breakError: true,
});

/** Sends a message to the background; never rejects: a background that does not answer is a Result too. */
export function ask<K extends MessageType>(type: K, data: RequestOf<K>): Promise<Result<ResponseOf<K>>> {
  // The library's types cannot follow a generic K through its overloads; the table fixes both ends.
  const send = sendMessage as unknown as (type: K, data: RequestOf<K>) => Promise<Result<ResponseOf<K>>>;
  return send(type, data).catch(unanswered);
}
