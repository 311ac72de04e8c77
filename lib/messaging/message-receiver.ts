// The background's side of messaging: it answers the wire format of @webext-core/messaging
// ({ id, type, data, timestamp } answered by { res } or { err }), which the pages send with the
// library and the content script with its own sender (message-sender.ts), in a few lines instead of
// the library and webextension-polyfill under it (4 KB gzip of the background's 40 KB budget). Pinned
// against the library by test/unit/messaging/message-sender.test.ts.
import type { SenderInfo } from './sender-kind';

/** What one message type's handler is given: the payload, and who the browser says sent it. */
export type Receive = (message: { data: unknown; sender: SenderInfo }) => Promise<unknown>;

/** A listener as runtime.onMessage calls it: an answer as a promise, or true and sendResponse later. */
export type MessageListener = (
  message: unknown,
  sender: SenderInfo,
  sendResponse: (answer: unknown) => void,
) => true | Promise<unknown> | undefined;

interface MessageEvent {
  addListener(listener: MessageListener): void;
}

/**
 * Answers each message whose type has a handler in `handlers`; others are left to other listeners.
 * `promises`: the browser takes an answer returned as a promise (Firefox); otherwise (Chrome) the
 * answer goes through sendResponse, after returning true to keep it open.
 */
export function receiveMessages(
  onMessage: MessageEvent,
  handlers: Partial<Record<string, Receive>>,
  promises: boolean,
): void {
  onMessage.addListener((message, sender, sendResponse) => {
    if (!message || typeof message !== 'object') return undefined;
    const { type, data, timestamp } = message as { type?: unknown; data?: unknown; timestamp?: unknown };
    if (typeof type !== 'string' || typeof timestamp !== 'number' || !Object.hasOwn(handlers, type))
      return undefined;
    const answer = Promise.resolve()
      .then(() => handlers[type]?.({ data, sender }))
      .then(
        (res) => ({ res }),
        (error: unknown) => ({
          err: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
        }),
      );
    if (promises || typeof sendResponse !== 'function') return answer;
    void answer.then(sendResponse);
    return true;
  });
}
