// @vitest-environment node
// Compile-time guarantees of the message contract. `npm test` type-checks this file before running
// anything: each @ts-expect-error below must really be an error, or tsc fails.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import type { ErrorKind } from '@/lib/errors/error-kinds';
import { ERROR_MESSAGE } from '@/lib/errors/error-kinds';
import { ERROR_TITLE } from '@/lib/errors/error-titles';
import type { Result } from '@/lib/errors/result';
import { VinRequest } from '@/lib/messaging/message-shapes';
import type { ask } from '@/lib/messaging/messaging';
import { PROTOCOL, type ProtocolOf, type RequestOf } from '@/lib/messaging/protocol';

/** The same table, with one request schema grown a required field. */
const GROWN = {
  ...PROTOCOL,
  getRecordCounts: { ...PROTOCOL.getRecordCounts, request: z.extend(VinRequest, { reason: z.string() }) },
};
type Send<P> = <K extends keyof P>(
  type: K,
  data: P[K] extends (data: infer D) => unknown ? D : never,
) => Promise<unknown>;

describe('the protocol table types every caller', () => {
  it('a request schema that gains a required field breaks the callers that do not send it', () => {
    const callToday = (send: Send<ProtocolOf<typeof PROTOCOL>>) =>
      send('getRecordCounts', { vin: '1G1PG5SC3C7167133' });
    const callAfterTheChange = (send: Send<ProtocolOf<typeof GROWN>>) =>
      // @ts-expect-error `reason` is now required, and this caller does not send it
      send('getRecordCounts', { vin: '1G1PG5SC3C7167133' });
    expect([callToday, callAfterTheChange]).toHaveLength(2);
  });

  it('the pages call through the same types: a missing field or an unknown message does not compile', () => {
    const calls = (send: typeof ask) => [
      send('purchaseReport', { provider: 'providerA', vin: '1G1PG5SC3C7167133' }),
      // @ts-expect-error the VIN is required
      send('purchaseReport', { provider: 'providerA' }),
      // @ts-expect-error there is no such provider
      send('purchaseReport', { provider: 'providerC', vin: '1G1PG5SC3C7167133' }),
      // @ts-expect-error there is no such message
      send('purchaseEverything', {}),
    ];
    expectTypeOf<RequestOf<'checkAll'>>().toEqualTypeOf<{ planId: string; override: boolean }>();
    expectTypeOf<ReturnType<typeof ask<'getLedger'>>>().toEqualTypeOf<
      Promise<Result<{ checks: number; reports: number; checksPerReport: number; warnRatio: number }>>
    >();
    expect(calls).toBeTypeOf('function');
  });

  it('every error kind has its words: a new kind without them does not compile', () => {
    const messages: Record<ErrorKind, string> = ERROR_MESSAGE;
    const titles: Record<ErrorKind, string> = ERROR_TITLE;
    // @ts-expect-error a kind that ERROR_MESSAGE does not have
    const withNewKind: Record<ErrorKind | 'brand-new-kind', string> = ERROR_MESSAGE;
    // @ts-expect-error nor ERROR_TITLE
    const titledNewKind: Record<ErrorKind | 'brand-new-kind', string> = ERROR_TITLE;
    expect(Object.keys(messages)).toEqual(Object.keys(titles));
    expect(Object.keys(withNewKind).length).toBe(Object.keys(titledNewKind).length);
  });
});
