// The purchase intents (lib/purchases/purchase-intent.ts), kept in the background's store. Opening one is an
// atomic check-and-set in a single transaction: two windows, a double click or a restarted worker
// can never both open an intent for the same (provider, VIN).
import { canonicalVin, type Provider } from '@/lib/domain';
import { blockingIntent, OPEN_STATES, PurchaseIntent } from '@/lib/purchases/purchase-intent';
import type { Vin } from '@/lib/vin/vin-syntax';
import { storedList } from '../storage/store';

// Element by element: an intent that no longer parses stays stored as it was (storedList).
const intents = storedList('purchaseIntents', PurchaseIntent);

const SETTLED_RAW = new Set(['held', 'none']);

/**
 * A stored intent that fails its schema but still names its provider and VIN holds back a new
 * purchase of that report like an unresolved one: its outcome cannot be read, so it may have been
 * charged. The user can still buy past it explicitly (as past any unresolved intent).
 */
function damagedBlocking(
  damaged: readonly unknown[],
  provider: Provider,
  vin: Vin,
): PurchaseIntent | undefined {
  for (const [index, raw] of damaged.entries()) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    if (r.provider !== provider || typeof r.vin !== 'string' || canonicalVin(r.vin) !== vin) continue;
    if (typeof r.state === 'string' && SETTLED_RAW.has(r.state)) continue;
    return {
      id: typeof r.id === 'string' ? r.id : `damaged-${index}`,
      provider,
      vin,
      state: 'unresolved',
      createdAt: typeof r.createdAt === 'number' && Number.isFinite(r.createdAt) ? r.createdAt : 0,
      heldBefore: [],
      checks: 0,
    };
  }
  return undefined;
}

/** Settled intents kept as history (newest first); open and unresolved ones are always kept. */
const HISTORY_KEPT = 500;

function prune(all: PurchaseIntent[]): PurchaseIntent[] {
  const settled = all.filter((i) => !OPEN_STATES.has(i.state) && i.state !== 'unresolved');
  if (settled.length <= HISTORY_KEPT) return all;
  const dropped = new Set(
    settled
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(HISTORY_KEPT)
      .map((i) => i.id),
  );
  return all.filter((i) => !dropped.has(i.id));
}

export interface IntentDraft {
  id: string;
  provider: Provider;
  vin: Vin;
  heldBefore: string[];
  creditsBefore: number;
  /** The user chose, explicitly, to buy past an unresolved earlier intent. */
  overrideUnresolved: boolean;
  /** The settings' generation it is bought under, and whose account that is. */
  generation: string;
  accountName?: string;
}

/** How old a report list read before a purchase can be (it is read a moment before the intent opens). */
const STALE_LIST_MS = 10 * 60_000;

export type OpenResult =
  | { opened: PurchaseIntent }
  | { blocked: PurchaseIntent }
  /** A purchase this caller's look at /user/reports did not see has since brought the report. */
  | { bought: PurchaseIntent };

/** Writes a new intent unless an open (or unresolved, not overridden) one holds this report back. */
export async function openIntent(draft: IntentDraft, now = Date.now()): Promise<OpenResult> {
  let result: OpenResult | undefined;
  await intents.update((all, damaged) => {
    const blocking =
      blockingIntent(all, draft.provider, draft.vin) ?? damagedBlocking(damaged, draft.provider, draft.vin);
    if (blocking && !(blocking.state === 'unresolved' && draft.overrideUnresolved)) {
      result = { blocked: blocking };
      return all;
    }
    // The caller decided to buy from a report list read before this moment: if another window's
    // purchase has brought a report since, that list is stale, and buying now would buy it twice.
    const before = new Set(draft.heldBefore);
    const since = all.find(
      (i) =>
        i.provider === draft.provider &&
        i.vin === draft.vin &&
        i.state === 'held' &&
        i.reportId !== undefined &&
        !before.has(i.reportId) &&
        // A report list is read seconds before this; an older purchase is not what it missed.
        (i.settledAt ?? 0) > now - STALE_LIST_MS,
    );
    if (since) {
      result = { bought: since };
      return all;
    }
    const intent: PurchaseIntent = {
      id: draft.id,
      provider: draft.provider,
      vin: draft.vin,
      state: 'intended',
      createdAt: now,
      heldBefore: draft.heldBefore,
      creditsBefore: draft.creditsBefore,
      checks: 0,
      generation: draft.generation,
      ...(draft.accountName ? { accountName: draft.accountName } : {}),
    };
    result = { opened: intent };
    const marked = all.map((i) => (i.id === blocking?.id ? { ...i, overridden: true } : i));
    return prune([...marked, intent]);
  });
  return result as OpenResult;
}

/**
 * Changes one intent if it is still in one of the `from` states (another path may have settled it
 * meanwhile); returns the new intent, or undefined when nothing changed.
 */
export async function moveIntent(
  id: string,
  from: PurchaseIntent['state'][],
  change: (intent: PurchaseIntent) => PurchaseIntent,
): Promise<PurchaseIntent | undefined> {
  let moved: PurchaseIntent | undefined;
  await intents.update((all) =>
    all.map((i) => {
      if (i.id !== id || !from.includes(i.state)) return i;
      moved = change(i);
      return moved;
    }),
  );
  return moved;
}

export const allIntents = (): Promise<PurchaseIntent[]> => intents.get();

/** The newest intent for this report, settled or not. */
export async function latestIntent(provider: Provider, vin: string): Promise<PurchaseIntent | undefined> {
  return (await intents.get())
    .filter((i) => i.provider === provider && i.vin === vin)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
}

/** Adds an intent as it is (purchases an older version left pending). */
export async function adoptIntent(intent: PurchaseIntent): Promise<void> {
  await intents.update((all) => [...all, intent]);
}
