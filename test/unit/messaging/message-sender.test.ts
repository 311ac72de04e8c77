// @vitest-environment node
// The content script's small sender and the background's small receiver must speak exactly the wire
// format of @webext-core/messaging, which the pages send with: pinned here against the library itself.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ok } from '@/lib/errors/result';
import { type MessageListener, receiveMessages } from '@/lib/messaging/message-receiver';
import { createMessageSender, type WireMessage } from '@/lib/messaging/message-sender';
import { onMessage, removeAllListeners, sendMessage } from '@/lib/messaging/messaging';

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

const shape = (message: unknown) =>
  Object.fromEntries(Object.entries(message as object).map(([key, value]) => [key, typeof value]));

describe('content-script sender', () => {
  it('sends what the library sends, and reads what the library answers', async () => {
    const seen: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      seen.push(message);
    });
    onMessage('getLedger', () => ok({ checks: 3, reports: 1, checksPerReport: 3, warnRatio: 5 }));

    const fromLibrary = await sendMessage('getLedger', undefined);
    const send = createMessageSender(async (message: WireMessage) =>
      (await fakeBrowser.runtime.onMessage.trigger(message, {})).find(Boolean),
    );
    const fromOurs = await send('getLedger', undefined);

    expect(seen).toHaveLength(2);
    expect(shape(seen[1])).toEqual(shape(seen[0]));
    expect(seen[1]).toMatchObject({ type: 'getLedger', data: undefined });
    expect(fromOurs).toEqual(fromLibrary);
    expect(fromOurs).toEqual({
      ok: true,
      value: { checks: 3, reports: 1, checksPerReport: 3, warnRatio: 5 },
    });
  });

  it('turns a handler that throws, or no handler at all, into an `unanswered` Result', async () => {
    onMessage('getLedger', () => {
      throw new Error('storage is gone');
    });
    const send = createMessageSender(async (message: WireMessage) =>
      (await fakeBrowser.runtime.onMessage.trigger(message, {})).find(Boolean),
    );
    expect(await send('getLedger', undefined)).toMatchObject({
      ok: false,
      error: { kind: 'unanswered', message: expect.stringContaining('storage is gone') },
    });
    const nobody = createMessageSender(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    expect(await nobody('getLedger', undefined)).toMatchObject({ ok: false, error: { kind: 'unanswered' } });
  });
});

describe('background receiver', () => {
  const ledger = { checks: 3, reports: 1, checksPerReport: 3, warnRatio: 5 };
  /** The listener the receiver adds, as the browser would call it. */
  const listenerOf = (handlers: Parameters<typeof receiveMessages>[1], promises: boolean) => {
    const added: MessageListener[] = [];
    receiveMessages({ addListener: (listener) => added.push(listener) }, handlers, promises);
    const [listener] = added;
    if (!listener) throw new Error('no listener added');
    return listener;
  };

  it("answers the library's sender (the pages') with what the library's own listener answers", async () => {
    onMessage('getLedger', () => ok(ledger));
    const fromLibrary = await sendMessage('getLedger', undefined);
    removeAllListeners();
    fakeBrowser.runtime.onMessage.removeAllListeners();
    const seen: unknown[] = [];
    receiveMessages(
      fakeBrowser.runtime.onMessage as never,
      {
        getLedger: async ({ data, sender }) => {
          seen.push([data, sender]);
          return ok(ledger);
        },
      },
      true,
    );
    expect(await sendMessage('getLedger', undefined)).toEqual(fromLibrary);
    // The content script's sender reads it the same way.
    const send = createMessageSender(async (message: WireMessage) =>
      (await fakeBrowser.runtime.onMessage.trigger(message, { id: 'x', tab: { id: 7 } } as never)).find(
        Boolean,
      ),
    );
    expect(await send('getLedger', undefined)).toEqual(ok(ledger));
    expect(seen[1]).toEqual([undefined, { id: 'x', tab: { id: 7 } }]);
  });

  it('answers through sendResponse where the browser wants it (Chrome), keeping the channel open', async () => {
    const listener = listenerOf({ getLedger: async () => ok(ledger) }, false);
    const respond = vi.fn();
    const message = { id: 1, type: 'getLedger', data: undefined, timestamp: Date.now() };
    expect(listener(message, {}, respond)).toBe(true);
    await vi.waitFor(() => expect(respond).toHaveBeenCalledWith({ res: ok(ledger) }));
  });

  it('leaves other messages to other listeners, and turns a handler that throws into an error the library throws', async () => {
    const listener = listenerOf(
      {
        getLedger: async () => {
          throw new Error('storage is gone');
        },
      },
      true,
    );
    const respond = vi.fn();
    for (const other of [
      'hello',
      null,
      { type: 'getLedger' },
      { type: 'toString', timestamp: 1 },
      { type: 'nope', timestamp: 1 },
    ])
      expect(listener(other, {}, respond)).toBeUndefined();
    const answer = await (listener(
      { id: 2, type: 'getLedger', timestamp: 1 },
      {},
      respond,
    ) as Promise<unknown>);
    expect(answer).toEqual({ err: { name: 'Error', message: 'storage is gone' } });
    expect(respond).not.toHaveBeenCalled();
    // What the library's sender makes of it: the error, thrown (ask() turns it into `unanswered`).
    fakeBrowser.runtime.onMessage.addListener((m: unknown) => listener(m, {}, respond) as never);
    await expect(sendMessage('getLedger', undefined)).rejects.toThrow('storage is gone');
  });
});
