// Purchases 0.1 left pending in storage.local (moved into the store once by store.ts): each becomes an
// unknown intent, reconciled like any other, so an upgrade never forgets a purchase that may have
// been charged.
import { z } from 'zod/mini';
import { Provider } from '@/lib/domain';
import { normalizeVin } from '@/lib/vin/vin-syntax';
import { storedValue } from '../storage/store';
import { adoptIntent } from './intent-store';

const Pending = z.object({
  provider: Provider,
  vin: z.string(),
  heldBefore: z.array(z.string()),
  startedAt: z.number(),
});
const legacy = storedValue('pendingPurchases', z.record(z.string(), Pending), () => ({}));

export async function adoptLegacyPending(): Promise<void> {
  const pending = Object.values(await legacy.get());
  if (pending.length === 0) return;
  for (const p of pending) {
    // 0.1 refused a VIN without a VIN's shape before sending: one without it was never sent, and
    // reading it as a Vin here (not in the record's schema) keeps one odd entry from hiding the rest.
    const vin = normalizeVin(p.vin);
    if (!vin) continue;
    await adoptIntent({
      id: crypto.randomUUID(),
      provider: p.provider,
      vin,
      state: 'unknown',
      createdAt: p.startedAt,
      sentAt: p.startedAt,
      heldBefore: p.heldBefore,
      checks: 0,
      nextCheckAt: Date.now(),
      cause: { kind: 'unanswered', message: 'This purchase was under way when the extension was updated.' },
    });
  }
  await legacy.remove();
}
