// The record-check settings (cache period, automatic checks, warning ratio, hard limit), kept in the
// background's store and read by everything that decides whether to spend a check.

import { ok, type Result } from '@/lib/errors/result';
import { EconomySettings, readEconomySettings } from '@/lib/records/economy';
import { storedValue } from '../storage/store';

const stored = storedValue('economySettings', EconomySettings, () => readEconomySettings(undefined));

export const economySettings = (): Promise<EconomySettings> => stored.get();

export async function getEconomySettings(): Promise<Result<EconomySettings>> {
  return ok(await stored.get());
}

export async function saveEconomySettings(settings: EconomySettings): Promise<Result<EconomySettings>> {
  await stored.set(settings);
  return getEconomySettings();
}
