// Shared set-up for unit tests: an in-process simulator and a client wired to it.
import { type ClientOptions, createClient } from '@/lib/api/client';
import { createSimulator } from '@/simulator/app';
import { DEMO_API_KEY } from '@/simulator/seed';

export const BASE_URL = 'https://sim.test/v1';

export function simulatorWithClient(options: Partial<ClientOptions> = {}) {
  const sim = createSimulator();
  const sleeps: number[] = [];
  const client = createClient({
    baseUrl: BASE_URL,
    apiKey: DEMO_API_KEY,
    fetch: sim.fetch,
    // Retries wait for real in production; here the waits are recorded instead.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  const requests = (endpoint?: string) => sim.log.filter((e) => !endpoint || e.endpoint === endpoint).length;
  return { sim, client, sleeps, requests };
}

/** The rejection of a promise, for assertions on ApiError fields. */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<{ kind: string; message: string; status?: number; retryAfterMs?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as { kind: string; message: string; status?: number };
  }
  throw new Error('expected the call to fail, and it succeeded');
}
