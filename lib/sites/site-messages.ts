// The messages of the sites the content script runs on: built-in ones on or off, a site the user added.
import { z } from 'zod/mini';

import { BUILT_IN_SITES } from './sites';

const Origin = z.string().check(z.regex(/^https?:\/\/[^/?#\s]+$/, 'Not a site origin.'), z.maxLength(300));

export const EnableSiteRequest = z.object({
  origin: Origin,
  tabId: z.optional(z.int().check(z.nonnegative())),
});
export const DisableSiteRequest = z.object({ origin: Origin });
export const BuiltInSiteRequest = z.object({ site: z.enum(BUILT_IN_SITES), enabled: z.boolean() });
export const Sites = z.array(z.string());
