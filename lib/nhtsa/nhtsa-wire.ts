// NHTSA's own answers, as its public APIs send them (no key, no account). The shapes follow NHTSA's
// documentation and published examples: vPIC's "Decode VIN (flat format)" and "Decode VIN (flat
// format) in a Batch" (https://vpic.nhtsa.dot.gov/api/, every value a string, "" when unknown, the
// decode's problems in ErrorCode "0" / "1,11" and ErrorText); api.nhtsa.gov's recalls, complaints
// and 5-Star Safety Ratings (https://www.nhtsa.gov/nhtsa-datasets-and-apis: recalls say `Count` and
// `results`, complaints `count` and `results` in lower case, ratings `Count` and `Results`). Rows
// keep only the fields read here (zod drops the rest): NHTSA adds fields over the years, and a
// complaint's narrative or a decode's 140 variables are not kept.
import { z } from 'zod/mini';

/** vPIC writes "" or null for a variable it has no value for. */
const text = z.optional(z.nullable(z.string()));

export const DecodeRow = z.object({
  VIN: text,
  ErrorCode: z.string(),
  ErrorText: text,
  ModelYear: text,
  Make: text,
  Model: text,
  Trim: text,
  Series: text,
  BodyClass: text,
  DriveType: text,
  EngineCylinders: text,
  DisplacementL: text,
  FuelTypePrimary: text,
  PlantCity: text,
  PlantState: text,
  PlantCountry: text,
});
export type DecodeRow = z.infer<typeof DecodeRow>;

/** DecodeVinValues and DecodeVINValuesBatch alike: one row per VIN asked. */
export const DecodeAnswer = z.looseObject({ Count: z.number(), Message: text, Results: z.array(DecodeRow) });

const flag = z.optional(z.nullable(z.boolean()));

export const RecallRow = z.object({
  NHTSACampaignNumber: z.string(),
  ReportReceivedDate: text,
  Component: text,
  Summary: text,
  Consequence: text,
  Remedy: text,
  parkIt: flag,
  parkOutSide: flag,
});
export type RecallRow = z.infer<typeof RecallRow>;
export const RecallsAnswer = z.looseObject({ Count: z.number(), results: z.array(RecallRow) });

export const ComplaintsAnswer = z.looseObject({
  count: z.number(),
  results: z.array(z.object({ components: text, crash: flag, fire: flag })),
});

/** SafetyRatings/modelyear/{y}/make/{m}/model/{m}: the rated variants of a model, then one by its id. */
export const RatedVariants = z.looseObject({
  Count: z.number(),
  Results: z.array(z.object({ VehicleId: z.number() })),
});
export const VariantRating = z.looseObject({
  Count: z.number(),
  Results: z.array(z.object({ OverallRating: text })),
});
