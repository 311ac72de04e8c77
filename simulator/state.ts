// The simulator's in-memory world: users, their credits and allowances, the reports they hold.
import { SEED_USERS, SEED_VEHICLES, type SeedUser, type SeedVehicle } from './seed';

export type SimProvider = 'providerA' | 'providerB';

export interface SimReport {
  provider: SimProvider;
  id: string;
  vin: string;
  yearMakeModel: string;
  records: number;
  createdAt: string;
  updatedAt: string;
  padToBytes?: number;
  /** HTML given through the control surface (hostile-report tests) instead of the generated report. */
  html?: string;
}

/** A seeded user as the running service holds it: the seed's fields plus today's allowance and state. */
export interface SimUser extends Omit<SeedUser, 'reports'> {
  leftToday: Record<SimProvider, number>;
  day: string;
  updatedAt: string;
  reports: SimReport[];
}

export interface SimState {
  users: SimUser[];
  vehicles: Map<string, SeedVehicle>;
  nextId: Record<SimProvider, number>;
}

/** Year, make and model of a VIN the catalogue does not know: "Unknown" rather than invented. */
export function vehicleFor(state: SimState, vin: string): SeedVehicle {
  return (
    state.vehicles.get(vin) ?? { vin, year: 0, make: 'Unknown', model: 'Unknown', providerA: 0, providerB: 0 }
  );
}

export function yearMakeModel(vehicle: SeedVehicle): string {
  return vehicle.year ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : `${vehicle.make} vehicle`;
}

export function createState(
  users: SeedUser[] = SEED_USERS,
  vehicles: SeedVehicle[] = SEED_VEHICLES,
  now = new Date(),
): SimState {
  const state: SimState = {
    users: [],
    // Copies: a test that adds records to a vehicle (as the service does over time) changes this
    // simulator only, not the seed every later one and /__sim/reset start from.
    vehicles: new Map(vehicles.map((vehicle) => [vehicle.vin, { ...vehicle }])),
    nextId: { providerA: 1, providerB: 1 },
  };
  for (const seed of users) {
    const user: SimUser = {
      id: seed.id,
      name: seed.name,
      email: seed.email,
      apiKey: seed.apiKey,
      credits: seed.credits,
      dailyLimit: seed.dailyLimit,
      leftToday: { providerA: seed.dailyLimit, providerB: seed.dailyLimit },
      day: now.toISOString().slice(0, 10),
      createdAt: seed.createdAt,
      updatedAt: seed.createdAt,
      reports: [],
    };
    for (const r of seed.reports) addReport(state, user, r.provider, r.vin, new Date(r.createdAt));
    state.users.push(user);
  }
  // The demo user also holds one very large report, for viewer tests (about 1 MB of HTML).
  const demo = state.users[0];
  if (demo)
    addReport(state, demo, 'providerB', '1GCHK29U11E231511', new Date('2026-09-30T12:00:00.000Z'), 1_000_000);
  return state;
}

export function addReport(
  state: SimState,
  user: SimUser,
  provider: SimProvider,
  vin: string,
  at: Date,
  padToBytes?: number,
): SimReport {
  const vehicle = vehicleFor(state, vin);
  const report: SimReport = {
    provider,
    id: String(state.nextId[provider]++),
    vin,
    yearMakeModel: yearMakeModel(vehicle),
    records: vehicle[provider],
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  if (padToBytes) report.padToBytes = padToBytes;
  user.reports.push(report);
  return report;
}

/** Daily allowances reset at 00:00 UTC. */
export function rollDay(user: SimUser, now: Date): void {
  const day = now.toISOString().slice(0, 10);
  if (user.day !== day) {
    user.day = day;
    user.leftToday = { providerA: user.dailyLimit, providerB: user.dailyLimit };
  }
}
