// The messages of the memory of vehicles seen (issue 45): sightings from the content script, one
// vehicle's listings for its badge's panel (only a VIN its tab shows), watched vehicles, the
// settings. Nothing of it ever leaves the device.
import { z } from 'zod/mini';
import { SIGHTINGS_PER_MESSAGE } from '../vin/page-limits';
import { VinSchema } from '../vin/vin-schema';
import { ListingMemory, Sighting } from './listing-memory';
import { MarketAnswer } from './market-answer';

export const NoteSightings = z.object({
  sightings: z
    .array(Sighting)
    .check(z.maxLength(SIGHTINGS_PER_MESSAGE, 'Too many sightings in one message.')),
  /** Where the page says it is (its language's region, its prices' currency code): page-locale.ts. */
  page: z.optional(
    z.object({
      region: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
      currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
    }),
  ),
});
export type NoteSightings = z.infer<typeof NoteSightings>;

/** A vehicle's memory, for the listing at `url` (a card's link; the page's own when absent). */
export const HistoryRequest = z.object({
  vin: VinSchema,
  url: z.optional(z.string().check(z.maxLength(2000))),
});
export type HistoryRequest = z.infer<typeof HistoryRequest>;

export const HistoryAnswer = z.object({
  listings: z.array(ListingMemory),
  /** The key of the listing asked about (it may not be in `listings` yet: written within a second). */
  current: z.nullable(z.string()),
  /** The highest last odometer reading of the reports held for it (key facts), if read. */
  report: z.nullable(z.object({ miles: z.number(), date: z.nullable(z.string()) })),
  watched: z.boolean(),
  /** The fair-price gauge from the listings of its make and model seen (lib/market/); absent when no
   * listing of it names the vehicle or the memory is off. */
  market: z.optional(MarketAnswer),
  /** Minutes since 1970 by the background's clock: "since Oct 2" is said against it. */
  at: z.number(),
});
export type HistoryAnswer = z.infer<typeof HistoryAnswer>;

export const WatchRequest = z.object({
  vin: VinSchema,
  on: z.boolean(),
  /** The listing's title where the user chose to watch it (shown on the watched page). */
  title: z.optional(z.string().check(z.maxLength(200))),
});
export type WatchRequest = z.infer<typeof WatchRequest>;

export const WatchedVehicle = z.object({
  vin: z.string(),
  /** When it was watched, and when the user last looked at the watched page (minutes since 1970). */
  at: z.number(),
  looked: z.number(),
  title: z.optional(z.string()),
});
export type WatchedVehicle = z.infer<typeof WatchedVehicle>;

export const WatchedList = z.object({
  vehicles: z.array(
    z.object({
      watched: WatchedVehicle,
      listings: z.array(ListingMemory),
      /** Its fair-price gauge with the comparables listed; absent as in a history answer. */
      market: z.optional(MarketAnswer),
    }),
  ),
  at: z.number(),
});
export type WatchedList = z.infer<typeof WatchedList>;

export const MemorySettings = z.object({
  /** Remember vehicles seen at all. */
  on: z.boolean(),
  /** Sites (as siteOf names them) where nothing is remembered. */
  offSites: z.array(z.string().check(z.maxLength(253))).check(z.maxLength(500)),
  /** Listings unseen this many days are forgotten. */
  retentionDays: z.int().check(z.minimum(1), z.maximum(3650)),
  /** Tell the user when a watched vehicle's price drops or it is relisted, on a page they open. */
  notify: z.boolean(),
});
export type MemorySettings = z.infer<typeof MemorySettings>;
export const DEFAULT_MEMORY_SETTINGS: MemorySettings = {
  on: true,
  offSites: [],
  retentionDays: 180,
  notify: false,
};

/** The cards drawn near the screen, each VIN with its card's link: their pills' findings (issue 64). */
export const CardVerdictsRequest = z.object({
  items: z.array(HistoryRequest).check(z.maxLength(40, 'Too many cards in one message.')),
});
export type CardVerdictsRequest = z.infer<typeof CardVerdictsRequest>;

/** A listing of this vehicle the memory holds ("Listed for less on …"), opened in a new tab. */
export const OpenListingRequest = z.object({
  vin: VinSchema,
  url: z.string().check(z.maxLength(2000)),
});
export type OpenListingRequest = z.infer<typeof OpenListingRequest>;
