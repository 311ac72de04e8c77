// @vitest-environment node
// The content script's small sender must speak exactly the wire format of @webext-core/messaging,
// which the pages use and the background listens with: pinned here against the library itself.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMessageSender, type WireMessage } from '@/lib/messaging/message-sender';
import { onMessage, removeAllListeners, sendMessage } from '@/lib/messaging/messaging';
import { ok } from '@/lib/messaging/result';

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
