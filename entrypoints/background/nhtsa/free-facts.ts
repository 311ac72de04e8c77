// NHTSA's free facts for a vehicle the user acted on (issue 46): a badge opened (a content script
// only about a VIN its tab shows, as for memory and record checks), a VIN looked up in the popup, a
// workbench's rows. Nothing is sent before the user granted NHTSA's hosts; answers are kept
// (free-facts-cache.ts) so a vehicle is asked about once; a failure costs nothing and is not kept.
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { ApiError } from '@/lib/api/errors';
import { failWith, ok, type Result } from '@/lib/errors/result';
import type { VinRequest } from '@/lib/messaging/message-shapes';
import type { Sender } from '@/lib/messaging/sender-kind';
import type { FreeFacts } from '@/lib/nhtsa/free-facts';
import { recallLookupUrl } from '@/lib/nhtsa/free-facts-words';
import { type ModelFacts, modelOf, reduceComplaints } from '@/lib/nhtsa/model-facts';
import type { FreeDecodesAnswer, FreeFactsAccess, FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import {
  ComplaintsAnswer,
  DecodeAnswer,
  type DecodeRow,
  RatedVariants,
  RecallsAnswer,
  VariantRating,
} from '@/lib/nhtsa/nhtsa-wire';
import { sharedCalls } from '@/lib/shared-calls';
import type { Vin } from '@/lib/vin/vin-syntax';
import { mayAskAbout, NOT_ON_TAB } from '../sites/tab-vins';
import { forgetFreeFacts, keepDecodes, keepModel, keptDecodes, keptModel } from './free-facts-cache';
import { askNhtsa } from './nhtsa-client';
import { freeFactsOn, type NhtsaHosts, nhtsaAllowed, nhtsaHosts } from './nhtsa-hosts';

/** vPIC's batch decodes at most 50 VINs a request. */
const BATCH = 50;

export async function getFreeFactsAccess(): Promise<Result<FreeFactsAccess>> {
  const hosts = await nhtsaHosts();
  return ok({ on: await nhtsaAllowed(hosts), origins: hosts.origins });
}

/** The options page's "Turn on" (after the browser granted the hosts) and "Turn off". */
export async function setFreeFacts({ on }: { on: boolean }): Promise<Result<FreeFactsAccess>> {
  const hosts = await nhtsaHosts();
  if (on && !(await browser.permissions.contains({ origins: hosts.origins })))
    return failWith(
      'needs-permission',
      'The browser has not allowed NHTSA’s hosts: nothing is sent to NHTSA.',
    );
  await freeFactsOn.set(on);
  if (!on) await forgetFreeFacts();
  return getFreeFactsAccess();
}

/**
 * Kept decodes, the rest from NHTSA (one GET, or POSTs of 50), rows matched by their VIN; kept in
 * turn unless asked from a private window (`keep` false: PRIVACY.md, nothing kept from those).
 */
async function decodeAll(vins: string[], hosts: NhtsaHosts, keep = true): Promise<Record<string, DecodeRow>> {
  const found = await keptDecodes(vins);
  const missing = vins.filter((vin) => !found[vin]);
  for (let i = 0; i < missing.length; i += BATCH) {
    const chunk = missing.slice(i, i + BATCH);
    const { Results } = await askNhtsa(
      chunk.length === 1
        ? `${hosts.vpic}/DecodeVinValues/${chunk[0]}?format=json`
        : `${hosts.vpic}/DecodeVINValuesBatch/`,
      DecodeAnswer,
      chunk.length === 1
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `format=json&data=${chunk.join(';')}`,
          },
    );
    const fresh: Record<string, DecodeRow> = {};
    Results.forEach((row, index) => {
      const vin = row.VIN?.trim().toUpperCase() || chunk[index];
      if (vin && chunk.includes(vin)) fresh[vin] = row;
    });
    // An empty Results is NHTSA failing, not a decode: nothing is kept, and it is said.
    if (!Object.keys(fresh).length)
      throw new ApiError(
        'invalid-response',
        'NHTSA answered without a decode. Nothing was kept; try again later.',
      );
    if (keep) await keepDecodes(fresh);
    Object.assign(found, fresh);
  }
  return found;
}

const modelKey = (model: { make: string; model: string; year: number }) =>
  `${model.year}|${model.make}|${model.model}`.toLowerCase();

/**
 * Each vehicle's model's recalls as NHTSA answered them earlier on this device (the cards' pills,
 * issue 64), by VIN: never asked for here; none while the free facts are off.
 */
export async function keptRecalls(vins: string[]): Promise<Record<string, ModelFacts['recalls']>> {
  const found: Record<string, ModelFacts['recalls']> = {};
  if (!(await nhtsaAllowed(await nhtsaHosts()))) return found;
  const decodes = await keptDecodes(vins);
  for (const vin of vins) {
    const row = decodes[vin];
    const model = row && modelOf(row);
    const recalls = model && (await keptModel(modelKey(model)))?.recalls;
    if (recalls) found[vin] = recalls;
  }
  return found;
}

/** One vehicle, one model asked about once at a time: a panel and the popup asking together share it. */
const shareVehicle = sharedCalls<FreeFacts>();
const shareModel = sharedCalls<FreeFacts['model']>();

/** A model's recalls, complaints and stars: kept, or asked (four requests) and kept when all came. */
function modelFacts(row: DecodeRow, hosts: NhtsaHosts, keep: boolean): Promise<FreeFacts['model']> {
  const model = modelOf(row);
  if (!model) return Promise.resolve(null);
  const key = modelKey(model);
  // A private window's asking is shared only with another's: its answer is not kept.
  return shareModel(keep ? key : `${key}|private`, () => askModel(model, key, hosts, keep));
}

async function askModel(
  model: { make: string; model: string; year: number },
  key: string,
  hosts: NhtsaHosts,
  keep: boolean,
): Promise<FreeFacts['model']> {
  const kept = await keptModel(key);
  if (kept) return { ok: true, value: kept };
  const [make, name] = [encodeURIComponent(model.make), encodeURIComponent(model.model)];
  const query = `make=${make}&model=${name}&modelYear=${model.year}`;
  try {
    const recalls = await askNhtsa(`${hosts.api}/recalls/recallsByVehicle?${query}`, RecallsAnswer);
    const complaints = await askNhtsa(
      `${hosts.api}/complaints/complaintsByVehicle?${query}`,
      ComplaintsAnswer,
    );
    const variants = await askNhtsa(
      `${hosts.api}/SafetyRatings/modelyear/${model.year}/make/${make}/model/${name}`,
      RatedVariants,
    );
    const first = variants.Results[0];
    const rating =
      first && (await askNhtsa(`${hosts.api}/SafetyRatings/VehicleId/${first.VehicleId}`, VariantRating));
    const facts: ModelFacts = {
      recalls: recalls.results,
      complaints: reduceComplaints(complaints),
      rating: {
        overall: rating?.Results[0]?.OverallRating || null,
        variants: variants.Results.length,
      },
    };
    if (keep) await keepModel(key, facts);
    return { ok: true, value: facts };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, error: error.toData() };
  }
}

/** A badge's panel, the popup's VIN box, the viewer: one vehicle's decode and its model's facts. */
export async function getFreeFacts({ vin }: { vin: Vin }, sender: Sender): Promise<Result<FreeFactsAnswer>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  const hosts = await nhtsaHosts();
  if (!(await nhtsaAllowed(hosts))) return ok({ on: false });
  const keep = !sender.tab?.incognito;
  const facts = await shareVehicle(keep ? vin : `${vin}|private`, async () => {
    const decode = (await decodeAll([vin], hosts, keep))[vin] as DecodeRow;
    return { vin, decode, model: await modelFacts(decode, hosts, keep) };
  });
  return ok({ on: true, facts });
}

/** The workbench's rows: decodes only, 50 a request; what NHTSA failed on is said and asked again later. */
export async function getFreeDecodes({ vins }: { vins: Vin[] }): Promise<Result<FreeDecodesAnswer>> {
  const hosts = await nhtsaHosts();
  if (!(await nhtsaAllowed(hosts))) return ok({ on: false });
  const unique = [...new Set(vins)];
  try {
    return ok({ on: true, decodes: await decodeAll(unique, hosts), failed: null });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return ok({ on: true, decodes: await keptDecodes(unique), failed: error.message });
  }
}

/** A badge's "Turn on in the options…": consent is asked in the extension's own page, never the listing's. */
export async function openFreeFactsOptions(): Promise<Result<null>> {
  await browser.tabs.create({ url: browser.runtime.getURL('/options.html#free-facts') });
  return ok(null);
}

/**
 * NHTSA's recall lookup for a VIN its tab shows, opened in a new tab by the background (issue 64): a
 * link inside the badge's closed root never navigates (its host cancels every click, so a card's
 * own link never opens instead), and a tab opened here carries no referrer from the listing page.
 */
export async function openRecallLookup(
  { vin }: z.infer<typeof VinRequest>,
  sender: Sender,
): Promise<Result<null>> {
  if (!(await mayAskAbout(vin, sender))) return failWith('forbidden', NOT_ON_TAB);
  await browser.tabs.create({
    url: recallLookupUrl(vin),
    ...(sender.tab?.id !== undefined ? { openerTabId: sender.tab.id } : {}),
  });
  return ok(null);
}
