// @vitest-environment node
// The protocol table at run time: every message × every kind of sender is either allowed (the
// handler runs) or refused with `forbidden`; and whatever the payload, every call answers with a
// Result whose value matches the table's response schema. Nothing ever rejects.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { resultOf } from '@/lib/errors/error-data';
import { MESSAGE_TYPES, PROTOCOL } from '@/lib/messaging/protocol';
import { startBackground } from '../support/background-harness';

afterEach(() => vi.unstubAllGlobals());

const KINDS = ['extension-page', 'content-script', 'untrusted'] as const;

describe('who may send what', () => {
  const cases = MESSAGE_TYPES.flatMap((type) => KINDS.map((kind) => [type, kind] as const));

  it.each(cases)('%s from %s: allowed as the table says, else forbidden', async (type, kind) => {
    const bg = await startBackground({ configured: true });
    const sender = {
      'extension-page': bg.senders.page,
      'content-script': bg.senders.contentScript,
      untrusted: bg.senders.otherExtension,
    }[kind];
    // A payload no schema accepts: allowed senders get past the sender check and fail on the payload.
    const answer = await bg.deliver(type, { surely: 'not this' }, sender);
    const allowed = (PROTOCOL[type].from as readonly string[]).includes(kind);
    expect(answer.ok === false && answer.error.kind === 'forbidden').toBe(!allowed);
    if (!allowed) expect(bg.sim.log).toHaveLength(0);
  });
});

describe('every call answers with a Result', () => {
  it('random payloads to every message from every sender: never a rejection, always the table shape', async () => {
    const bg = await startBackground({ configured: true });
    // Not implemented by fakeBrowser; the window is only opened, never looked at, here.
    fakeBrowser.windows.create = async () => ({}) as never;
    const senders = [bg.senders.page, bg.senders.contentScript, bg.senders.otherExtension];
    const payload = fc.oneof(
      fc.anything(),
      fc.record({
        vin: fc.oneof(fc.constant('5N3ZA0NE1AN908084'), fc.string({ maxLength: 20 })),
        tabId: fc.oneof(fc.constant(7), fc.integer()),
        provider: fc.constantFrom('providerA', 'providerB', 'providerC'),
        id: fc.oneof(fc.constant('1'), fc.string({ maxLength: 10 })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MESSAGE_TYPES),
        fc.constantFrom(...senders),
        payload,
        async (type, sender, data) => {
          const answer = await bg.deliver(type, data, sender);
          const shape = resultOf(PROTOCOL[type].response).safeParse(answer);
          expect(shape.success, JSON.stringify(answer)).toBe(true);
          // A fault inside the extension would be a bug, whatever the payload.
          expect(answer.ok || answer.error.kind !== 'internal', JSON.stringify(answer)).toBe(true);
        },
      ),
      { numRuns: 400, seed: 42 },
    );
  });
});
