// Schemas for every inbound message payload; the background parses with these before acting.
import { z } from 'zod/mini';
import { Provider } from './api/schemas';
import { BUILT_IN_SITES } from './sites';
import { MAX_PAGE_VINS } from './vin-candidates';
import { describeVinProblem, normalizeVin, VIN_SHAPE } from './vin-rules';

export const SaveSettingsRequest = z.object({
  serviceUrl: z.string().check(z.trim(), z.minLength(1, 'Enter the service URL.'), z.maxLength(2048)),
  apiKey: z.optional(z.string().check(z.trim(), z.maxLength(512, 'That API key is too long.'))),
});

export const NoPayload = z.union([z.undefined(), z.null()]);

/** A VIN from a page or a typed box: normalised, and refused unless it has the VIN shape. */
const Vin = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform((value: string, ctx) => {
    const vin = normalizeVin(value);
    if (!vin)
      ctx.issues.push({ code: 'custom', message: describeVinProblem(value) ?? 'Not a VIN.', input: value });
    return vin ?? '';
  }),
);

export const VinRequest = z.object({ vin: Vin });

const PageVin = z.string().check(z.regex(VIN_SHAPE));

export const PageCandidates = z.object({
  candidates: z
    .array(z.object({ vin: PageVin, labelled: z.boolean() }))
    .check(z.maxLength(MAX_PAGE_VINS, 'Too many VINs on one page.')),
  present: z.array(PageVin).check(z.maxLength(MAX_PAGE_VINS, 'Too many VINs on one page.')),
});

export const TabVinsRequest = z.object({ tabId: z.int().check(z.nonnegative()) });

const Origin = z.string().check(z.regex(/^https?:\/\/[^/?#\s]+$/, 'Not a site origin.'), z.maxLength(300));

export const EnableSiteRequest = z.object({
  origin: Origin,
  tabId: z.optional(z.int().check(z.nonnegative())),
});

export const DisableSiteRequest = z.object({ origin: Origin });

export const CheckAllRequest = z.object({ tabId: z.int().check(z.nonnegative()), override: z.boolean() });

export const AccountRequest = z.union([
  z.undefined(),
  z.null(),
  z.object({ fresh: z.optional(z.boolean()) }),
]);

export const PurchaseRequest = z.object({ provider: Provider, vin: Vin, buyAgain: z.optional(z.boolean()) });

export const OpenReportRequest = z.object({
  provider: Provider,
  id: z.string().check(z.minLength(1), z.maxLength(128)),
});

export const BuiltInSiteRequest = z.object({ site: z.enum(BUILT_IN_SITES), enabled: z.boolean() });
