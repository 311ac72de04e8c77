// The record-check settings, and "check all VINs on this page" for a tab, as message handlers.
import type { EconomySettings } from '@/lib/economy';
import { ok, type Result } from '@/lib/result';
import { economySettings } from '@/lib/storage';
import { checkAll, planChecks } from './record-checks';
import { tabVins } from './tab-vins';

export async function getEconomySettings(): Promise<Result<EconomySettings>> {
  return ok(await economySettings.get());
}

export async function saveEconomySettings(settings: EconomySettings): Promise<Result<EconomySettings>> {
  await economySettings.set(settings);
  return getEconomySettings();
}

export async function planTabChecks({ tabId }: { tabId: number }) {
  return ok(await planChecks(await tabVins(tabId)));
}

export async function checkTab({ tabId, override }: { tabId: number; override: boolean }) {
  return checkAll(await tabVins(tabId), override);
}
