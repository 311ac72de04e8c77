// NHTSA's answers kept in the background's own store (never storage.local, which Firefox lets content
// scripts read: which VINs the user looked at is theirs alone). A decode is kept for good (a VIN's
// decode does not change), the newest 3,000; one naming no vehicle, 7 days (NHTSA adds makers'
// data); a model's recalls, complaints and ratings, 7 days. Failures are never kept.
import { z } from 'zod/mini';
import { ModelFacts } from '@/lib/nhtsa/model-facts';
import { DecodeRow } from '@/lib/nhtsa/nhtsa-wire';
import { storedValue } from '../storage/store';

const WEEK = 7 * 24 * 60 * 60 * 1000;
const KEEP_DECODES = 3_000;

const decodes = storedValue(
  'nhtsaDecodes',
  z.record(z.string(), z.object({ row: DecodeRow, at: z.number() })),
  () => ({}),
);
const models = storedValue(
  'nhtsaModels',
  z.record(z.string(), z.object({ facts: ModelFacts, at: z.number() })),
  () => ({}),
);

/** Turned off, or "Clear cached data": nothing NHTSA said, nor which VINs it was asked about, is kept. */
export async function forgetFreeFacts(): Promise<void> {
  await Promise.all([decodes.remove(), models.remove()]);
}

/** Within a week, and not from a clock set back since. */
const thisWeek = (at: number, now: number) => at <= now && now - at < WEEK;

export async function keptDecodes(vins: string[], now = Date.now()): Promise<Record<string, DecodeRow>> {
  const all = await decodes.get();
  const found: Record<string, DecodeRow> = {};
  for (const vin of vins) {
    const entry = all[vin];
    if (entry && (entry.row.Make?.trim() || thisWeek(entry.at, now))) found[vin] = entry.row;
  }
  return found;
}

export async function keepDecodes(found: Record<string, DecodeRow>, now = Date.now()): Promise<void> {
  await decodes.update((all) => {
    const next = { ...all };
    for (const [vin, row] of Object.entries(found)) next[vin] = { row, at: now };
    const entries = Object.entries(next);
    return entries.length <= KEEP_DECODES
      ? next
      : Object.fromEntries(entries.sort((a, b) => b[1].at - a[1].at).slice(0, KEEP_DECODES));
  });
}

export async function keptModel(key: string, now = Date.now()): Promise<ModelFacts | undefined> {
  const entry = (await models.get())[key];
  return entry && thisWeek(entry.at, now) ? entry.facts : undefined;
}

/** Keeps a model's facts; those older than a week go at the same time. */
export async function keepModel(key: string, facts: ModelFacts, now = Date.now()): Promise<void> {
  await models.update((all) => ({
    ...Object.fromEntries(Object.entries(all).filter(([, e]) => thisWeek(e.at, now))),
    [key]: { facts, at: now },
  }));
}
