// Each drawn card's one finding for its pill (lib/memory/card-verdict.ts), from what this device
// already holds: the memory, the reports held and their read facts, cached record counts and NHTSA's
// kept answers. Never a record check, a purchase or a request to NHTSA; only about VINs the asking
// tab shows (getVehicleHistory's check), so a page learns nothing through its badges.
import { ok, type Result } from '@/lib/errors/result';
import { type CardVerdict, cardVerdict } from '@/lib/memory/card-verdict';
import type { CardVerdictsRequest, HistoryRequest } from '@/lib/memory/memory-messages';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import type { Sender } from '@/lib/messaging/sender-kind';
import { vehicleFacts } from '@/lib/reports/facts/vehicle-facts';
import type { Vin } from '@/lib/vin/vin-syntax';
import { cachedAccount } from '../account/account';
import { getOwnedFacts } from '../library/kept-facts';
import { getVehicleHistory } from '../memory/vehicle-memory';
import { keptRecalls } from '../nhtsa/free-facts';
import { knownCounts } from '../records/record-cache';

async function verdictOf(
  { vin, url }: HistoryRequest,
  sender: Sender,
  owned: boolean,
  counts: Awaited<ReturnType<typeof knownCounts>>,
): Promise<CardVerdict | null> {
  const memory = await getVehicleHistory({ vin, url }, sender);
  if (!memory.ok) return null;
  const { listings, current, at, report, market } = memory.value;
  const [held, recalls] = await Promise.all([
    owned ? getOwnedFacts({ vin: vin as Vin }) : null,
    keptRecalls(vin),
  ]);
  const facts = held?.ok && held.value.length ? vehicleFacts(held.value.map((h) => h.facts)) : null;
  return cardVerdict({
    history: vehicleHistory(listings, current, at, report),
    market: market ?? null,
    held: facts,
    owned,
    recalls: recalls && {
      count: recalls.length,
      parkIt: recalls.filter((r) => r.parkIt).length,
      parkOutside: recalls.filter((r) => r.parkOutSide).length,
    },
    counts: counts[vin] ?? null,
  });
}

export async function getCardVerdicts(
  { items }: CardVerdictsRequest,
  sender: Sender,
): Promise<Result<Record<string, CardVerdict>>> {
  const vins = [...new Set(items.map((i) => i.vin))];
  const [account, counts] = await Promise.all([cachedAccount(), knownCounts(vins)]);
  const held = new Set(account?.reports.map((r) => r.vin) ?? []);
  const answers = await Promise.all(
    items.map(async (item) => [item.vin, await verdictOf(item, sender, held.has(item.vin), counts)] as const),
  );
  const out: Record<string, CardVerdict> = {};
  for (const [vin, verdict] of answers) if (verdict) out[vin] = verdict;
  return ok(out);
}
