// Schemas for every inbound message payload; the background parses with these before acting.
import { z } from 'zod/mini';

export const SaveSettingsRequest = z.object({
  serviceUrl: z.string().check(z.trim(), z.minLength(1, 'Enter the service URL.'), z.maxLength(2048)),
  apiKey: z.optional(z.string().check(z.trim(), z.maxLength(512, 'That API key is too long.'))),
});

export const NoPayload = z.union([z.undefined(), z.null()]);
