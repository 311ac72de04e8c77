// Where NHTSA's free facts come from, and whether the user let the extension ask (issue 46). Its
// hosts are optional: nothing is sent to NHTSA until the user grants them in the options page, and
// nothing after the grant is withdrawn. The test build asks the simulator's stand-in instead
// (simulator/nhtsa/, on 127.0.0.5 at the service's own port), so tests grant and count for real.
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { readCredentials } from '../service/credentials';
import { storedValue } from '../storage/store';

export interface NhtsaHosts {
  /** vPIC's vehicles API (decodes). */
  vpic: string;
  /** api.nhtsa.gov (recalls, complaints, ratings). */
  api: string;
  /** The host permissions asked for: what the browser names in its prompt. */
  origins: string[];
}

const REAL: NhtsaHosts = {
  vpic: 'https://vpic.nhtsa.dot.gov/api/vehicles',
  api: 'https://api.nhtsa.gov',
  origins: ['https://vpic.nhtsa.dot.gov/*', 'https://api.nhtsa.gov/*'],
};

export async function nhtsaHosts(): Promise<NhtsaHosts> {
  if (import.meta.env.MODE !== 'loopback') return REAL;
  const { serviceUrl } = await readCredentials();
  const port = URL.canParse(serviceUrl) ? new URL(serviceUrl).port : '';
  const origin = `http://127.0.0.5:${port || '8787'}`;
  return { vpic: `${origin}/api/vehicles`, api: origin, origins: ['http://127.0.0.5/*'] };
}

/**
 * The user's own "Turn on" in the options: host access alone is not consent to send VINs to NHTSA
 * (a broad pattern granted for something else would hold NHTSA's hosts too).
 */
export const freeFactsOn = storedValue('freeFactsOn', z.boolean(), () => false);

/** Turned on by the user, with NHTSA's hosts granted and not withdrawn since. */
export const nhtsaAllowed = async (hosts: NhtsaHosts) =>
  (await freeFactsOn.get()) && browser.permissions.contains({ origins: hosts.origins });
