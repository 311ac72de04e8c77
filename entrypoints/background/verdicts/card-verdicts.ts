// Each drawn card's one finding for its pill (lib/memory/card-verdict.ts), from what this device
// already holds: the memory, the reports held and their read facts, cached record counts and NHTSA's
// kept answers. Never a record check, a purchase or a request to NHTSA; only about VINs the asking
// tab shows (checked once a batch against the tab's list), so a page learns nothing through its
// badges.
import { ok, type Result } from '@/lib/errors/result';
import { type CardVerdict, cardVerdict } from '@/lib/memory/card-verdict';
import type { CardVerdictsRequest, HistoryRequest } from '@/lib/memory/memory-messages';
import { vehicleHistory } from '@/lib/memory/vehicle-history';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { ModelFacts } from '@/lib/nhtsa/model-facts';
import { vehicleFacts } from '@/lib/reports/facts/vehicle-facts';
import type { Vin } from '@/lib/vin/vin-syntax';
import { cachedAccount } from '../account/account';
import { getOwnedFacts } from '../library/kept-facts';
import { historyOf } from '../memory/vehicle-memory';
import { keptRecalls } from '../nhtsa/free-facts';
import { knownCounts } from '../records/record-cache';
import { tabVins } from '../sites/tab-vins';

async function verdictOf(
  item: HistoryRequest,
  sender: Sender,
  owned: boolean,
  counts: Awaited<ReturnType<typeof knownCounts>>,
  recalls: ModelFacts['recalls'] | undefined,
): Promise<CardVerdict> {
  const { vin } = item;
  const { listings, current, at, report, market } = await historyOf(item, sender);
  const held = owned ? await getOwnedFacts({ vin: vin as Vin }) : null;
  const facts = held?.ok && held.value.length ? vehicleFacts(held.value.map((h) => h.facts)) : null;
  return cardVerdict({
    history: vehicleHistory(listings, current, at, report),
    market: market ?? null,
    held: facts,
    owned,
    recalls: recalls
      ? {
          count: recalls.length,
          parkIt: recalls.filter((r) => r.parkIt).length,
          parkOutside: recalls.filter((r) => r.parkOutSide).length,
        }
      : null,
    counts: counts[vin] ?? null,
  });
}

export async function getCardVerdicts(
  { items }: CardVerdictsRequest,
  sender: Sender,
): Promise<Result<Record<string, CardVerdict>>> {
  // Only VINs the tab shows (mayAskAbout's rule), its list read once for the batch; each store read
  // once for all its cards.
  const shown = new Set<string>(sender.tab?.id !== undefined ? await tabVins(sender.tab.id) : []);
  const asked = items.filter((item) => shown.has(item.vin));
  const vins = [...new Set(asked.map((i) => i.vin))];
  const [account, counts, recalls] = await Promise.all([
    cachedAccount(),
    knownCounts(vins),
    keptRecalls(vins),
  ]);
  const held = new Set(account?.reports.map((r) => r.vin) ?? []);
  const answers = await Promise.all(
    asked.map(
      async (item) =>
        [item.vin, await verdictOf(item, sender, held.has(item.vin), counts, recalls[item.vin])] as const,
    ),
  );
  return ok(Object.fromEntries(answers));
}
