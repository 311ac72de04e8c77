// What the background answers about one vehicle: NHTSA's decode row and its model's facts (read for
// the pages by read-facts.ts, worded by free-facts-words.ts). Pure: no browser globals.
import { z } from 'zod/mini';
import { ErrorData } from '../errors/error-data';
import { VinSchema } from '../vin/vin-schema';
import { ModelFacts } from './model-facts';
import { DecodeRow } from './nhtsa-wire';

export const FreeFacts = z.object({
  vin: VinSchema,
  decode: DecodeRow,
  /** By the decoded make, model and year: null when the decode names none; NHTSA's failure (not kept). */
  model: z.nullable(
    z.union([
      z.object({ ok: z.literal(true), value: ModelFacts }),
      z.object({ ok: z.literal(false), error: ErrorData }),
    ]),
  ),
});
export type FreeFacts = z.infer<typeof FreeFacts>;
