// The request shapes the protocol's table shares (no payload, a VIN, a tab). Every request and answer
// that crosses messaging is a zod schema, each concern's beside it (lib/account/account-messages.ts,
// lib/purchases/purchase-messages.ts, …; a Result's wire shape: lib/errors/error-data.ts);
// lib/messaging/requests.ts and protocol.ts say which message carries which.
import { z } from 'zod/mini';
import { VinSchema } from '../vin/vin-schema';

export const NoPayload = z.union([z.undefined(), z.null()]);

export const VinRequest = z.object({ vin: VinSchema });
export const TabRequest = z.object({ tabId: z.int().check(z.nonnegative()) });
