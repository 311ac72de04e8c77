// The messages of NHTSA's free facts (issue 46): asked only for a VIN the user acted on (a badge
// opened, a VIN looked up, a workbench row), and only once the user granted NHTSA's hosts.
import { z } from 'zod/mini';
import { VinSchema } from '../vin/vin-schema';
import { FreeFacts } from './free-facts';
import { DecodeRow } from './nhtsa-wire';

/** Whether the user turned the free facts on, and the hosts the browser is asked for. */
export const FreeFactsAccess = z.object({ on: z.boolean(), origins: z.array(z.string()) });
export type FreeFactsAccess = z.infer<typeof FreeFactsAccess>;

export const SetFreeFactsRequest = z.object({ on: z.boolean() });

/** Off: nothing was sent to NHTSA. */
export const FreeFactsAnswer = z.union([
  z.object({ on: z.literal(false) }),
  z.object({ on: z.literal(true), facts: FreeFacts }),
]);
export type FreeFactsAnswer = z.infer<typeof FreeFactsAnswer>;

/** A workbench's rows, decoded in NHTSA's batches of 50. */
export const FreeDecodesRequest = z.object({ vins: z.array(VinSchema).check(z.maxLength(2000)) });
export const FreeDecodesAnswer = z.union([
  z.object({ on: z.literal(false) }),
  z.object({
    on: z.literal(true),
    decodes: z.record(z.string(), DecodeRow),
    /** Why some were not decoded (NHTSA failed): they are asked again next time. */
    failed: z.nullable(z.string()),
  }),
]);
export type FreeDecodesAnswer = z.infer<typeof FreeDecodesAnswer>;
