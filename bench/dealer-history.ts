// A dealer's report history in the simulator: thousands of reports over varied vehicles, for the
// popup and library benchmarks.

import { makeVin, rng } from '../samples/listing-page';
import type { Simulator } from '../simulator/app';
import { addReport } from '../simulator/state';

const MAKES: Array<[string, string[]]> = [
  ['Honda', ['Accord', 'Civic', 'CR-V', 'Pilot']],
  ['Toyota', ['Camry', 'Corolla', 'RAV4', 'Tacoma']],
  ['Ford', ['F-150', 'Escape', 'Explorer', 'Mustang']],
  ['Chevrolet', ['Silverado', 'Malibu', 'Equinox', 'Tahoe']],
  ['Nissan', ['Altima', 'Rogue', 'Sentra', 'Frontier']],
  ['BMW', ['330i', 'X3', 'X5', 'M3']],
];

/**
 * Adds reports to a user until it holds `total`, each for a new vehicle, one an hour back in time;
 * by default two in three from providerA.
 */
export function holdManyReports(
  sim: Simulator,
  apiKey: string,
  total: number,
  providerOf: (i: number) => 'providerA' | 'providerB' = (i) => (i % 3 ? 'providerA' : 'providerB'),
): void {
  const state = sim.state;
  const user = state.users.find((u) => u.apiKey === apiKey);
  if (!user) throw new Error(`no user with key ${apiKey}`);
  const random = rng(user.reports.length + 17);
  const start = Date.parse('2026-11-01T00:00:00Z');
  while (user.reports.length < total) {
    const i = user.reports.length;
    const vin = makeVin(random);
    const [make, models] = MAKES[i % MAKES.length] as [string, string[]];
    state.vehicles.set(vin, {
      vin,
      year: 2000 + (i % 25),
      make,
      model: models[Math.floor(i / MAKES.length) % models.length] as string,
      providerA: i % 40,
      providerB: i % 30,
    });
    addReport(state, user, providerOf(i), vin, new Date(start - i * 3_600_000));
  }
}
