// The shapes every concern's messages share. Every request and answer that crosses messaging is a zod
// schema: the background parses requests with them, and every type is inferred from them (never
// written twice). Each concern's shapes are beside this file (account-messages.ts,
// purchase-messages.ts, page-messages.ts, …); lib/messaging/protocol.ts says which message carries which.
import { z } from 'zod/mini';
import { ErrorData } from '../errors/error-data';
import { Vin } from '../vin/vin-schema';

export const NoPayload = z.union([z.undefined(), z.null()]);

export const VinRequest = z.object({ vin: Vin });
export const TabRequest = z.object({ tabId: z.int().check(z.nonnegative()) });

/** What a Result of `value` looks like on the wire. */
export const resultOf = <T extends z.ZodMiniType>(value: T) =>
  z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorData })]);
