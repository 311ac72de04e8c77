// What the simulator's reports say about a vehicle: owners, accidents, title brands, odometer, use,
// recalls, service records, and the dated events behind them. Drawn from the VIN alone, so both
// providers' reports of one vehicle tell the same story in their own layouts (report-provider-a.ts,
// report-provider-b.ts), except where real providers differ too: each provider lists as many events as
// its record count says, and for about one vehicle in five providerB's sources miss the least serious
// accident. The fields are those real reports state (the owner table's rows, the damage severities,
// the title brands) as described in the public sources named in report-provider-a.ts and -b.ts.

export type OwnerType = 'Personal' | 'Personal lease' | 'Fleet' | 'Rental' | 'Commercial';
export type Severity = 'minor' | 'moderate' | 'severe';

export interface Owner {
  yearPurchased: number;
  type: OwnerType;
  state: string;
  months: number;
  milesPerYear: number;
  lastOdometer: number;
}

export interface Accident {
  date: string;
  mileage: number;
  severity: Severity;
  /** Where the vehicle was hit: front, rear, left side, right side. */
  impact: 'front' | 'rear' | 'left side' | 'right side';
  airbags: boolean;
  owner: number;
}

export interface HistoryEvent {
  date: string;
  mileage: number | null;
  source: string;
  comments: string[];
  /** Index of the owner at the time (0-based). */
  owner: number;
  kind: 'manufactured' | 'sale' | 'registration' | 'title' | 'service' | 'odometer' | 'accident' | 'recall';
}

export interface VehicleHistory {
  owners: Owner[];
  accidents: Accident[];
  /** Title brands reported ("Salvage", "Rebuilt", …): empty when none. */
  titleBrands: string[];
  odometerProblem: boolean;
  openRecalls: string[];
  serviceRecords: number;
  /** providerB's score and the range of similar vehicles' scores. */
  score: number;
  scoreRange: [number, number];
  events: HistoryEvent[];
  lastOdometer: { reading: number; date: string } | null;
}

/** A tiny deterministic generator so a VIN always gets the same history. */
export function rng(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const STATES = ['Ohio', 'Virginia', 'Texas', 'Florida', 'California', 'New Jersey', 'Illinois', 'Georgia'];
const SERVICE = [
  ['Vehicle serviced', 'Oil and filter changed'],
  ['Vehicle serviced', 'Tires rotated', 'Brakes checked'],
  ['Maintenance inspection completed', 'Fluids checked'],
  ['Vehicle serviced', 'Battery replaced'],
  ['Emissions inspection performed', 'Passed'],
  ['Vehicle serviced', 'Wheels aligned'],
];
const DEALERS = [
  'Lakeside Motors, Columbus, OH',
  'Riverside Auto Service, Richmond, VA',
  'Midtown Tire & Lube, Austin, TX',
  'Bayview Dealer Service, Tampa, FL',
  'Summit Collision & Repair, Fresno, CA',
];
const RECALLS = ['Airbag inflator may rupture', 'Fuel pump may fail', 'Rear camera image may not display'];

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
const pad = (n: number) => String(n).padStart(2, '0');
/** The US date form reports print: 03/14/2025. */
export const usDate = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;

export function vehicleHistory(
  vin: string,
  modelYear: number,
  provider: 'providerA' | 'providerB',
  records: number,
): VehicleHistory {
  // The vehicle's facts come from the VIN alone; which events each provider lists from the provider too.
  const random = rng(`history:${vin}`);
  const ownerCount = 1 + Math.floor(random() * 3);
  const start = Date.UTC(Math.max(1985, modelYear - 1), 8, 15);
  const end = Date.UTC(2026, 9, 1);
  const span = Math.max(1, end - start);
  const owners: Owner[] = [];
  let odometer = 0;
  for (let i = 0; i < ownerCount; i++) {
    const from = start + (span * i) / ownerCount;
    const to = start + (span * (i + 1)) / ownerCount;
    const months = Math.max(1, Math.round((to - from) / (30.4 * 86_400_000)));
    const milesPerYear = 6_000 + Math.round(random() * 9_000);
    odometer += Math.round((milesPerYear * months) / 12);
    owners.push({
      yearPurchased: new Date(from).getUTCFullYear(),
      type:
        i === 0 && random() < 0.2 ? pick(random, ['Fleet', 'Rental', 'Personal lease'] as const) : 'Personal',
      state: pick(random, STATES),
      months,
      milesPerYear,
      lastOdometer: odometer,
    });
  }
  const accidentCount = random() < 0.45 ? 0 : 1 + Math.floor(random() * 2);
  const accidents: Accident[] = [];
  for (let i = 0; i < accidentCount; i++) {
    const at = start + span * (0.2 + 0.6 * random());
    const owner = Math.min(ownerCount - 1, Math.floor(((at - start) / span) * ownerCount));
    accidents.push({
      date: usDate(new Date(at)),
      mileage: Math.round((odometer * (at - start)) / span),
      severity: pick(random, ['minor', 'minor', 'moderate', 'severe'] as const),
      impact: pick(random, ['front', 'rear', 'left side', 'right side'] as const),
      airbags: random() < 0.2,
      owner,
    });
  }
  const severe = accidents.some((a) => a.severity === 'severe');
  const titleBrands = severe && random() < 0.6 ? ['Salvage'] : random() < 0.05 ? ['Flood'] : [];
  const openRecalls = random() < 0.3 ? [pick(random, RECALLS)] : [];
  const odometerProblem = random() < 0.05;
  // providerB's sources miss the least serious accident of about one vehicle in five.
  const missed = provider === 'providerB' && accidents.length > 0 && random() < 0.2;
  const listedAccidents = missed
    ? accidents.filter((a) => a !== [...accidents].sort((x, y) => rank(x) - rank(y))[0])
    : accidents;

  // The provider's own events: as many as its record count, spread over the owners' years.
  const own = rng(`${provider}:${vin}`);
  const events: HistoryEvent[] = [];
  for (let i = 0; i < records; i++) {
    const at = start + (span * (i + 0.5)) / Math.max(1, records);
    const owner = Math.min(ownerCount - 1, Math.floor(((at - start) / span) * ownerCount));
    const mileage = Math.round((odometer * (at - start)) / span);
    const date = usDate(new Date(at));
    if (i === 0)
      events.push({
        date,
        mileage: null,
        source: 'Manufacturer',
        comments: ['Vehicle manufactured and shipped to original dealer'],
        owner,
        kind: 'manufactured',
      });
    else if (i % 7 === 1)
      events.push({
        date,
        mileage,
        source: `${owners[owner]?.state ?? 'State'} Motor Vehicle Dept.`,
        comments: ['Title issued or updated', 'Registration issued or renewed'],
        owner,
        kind: 'title',
      });
    else if (i % 5 === 2)
      events.push({
        date,
        mileage,
        source: `${owners[owner]?.state ?? 'State'} Inspection Station`,
        comments: ['Odometer reading reported'],
        owner,
        kind: 'odometer',
      });
    else
      events.push({
        date,
        mileage,
        source: pick(own, DEALERS),
        comments: pick(own, SERVICE),
        owner,
        kind: 'service',
      });
  }
  for (const accident of listedAccidents)
    events.push({
      date: accident.date,
      mileage: accident.mileage,
      source: 'Police report',
      comments: [
        'Accident reported',
        `${accident.severity[0]?.toUpperCase()}${accident.severity.slice(1)} damage to ${accident.impact}`,
        accident.airbags ? 'Airbags deployed' : 'Airbags did not deploy',
      ],
      owner: accident.owner,
      kind: 'accident',
    });
  events.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const withMileage = events.filter((e) => e.mileage !== null);
  // Each owner's last reading as this provider's own records have it (providers differ here too).
  const ownersSeen = owners.map((o, i) => {
    const last = withMileage.filter((e) => e.owner === i).at(-1);
    return last ? { ...o, lastOdometer: last.mileage as number } : o;
  });
  const last = withMileage.at(-1);
  return {
    owners: ownersSeen,
    accidents: listedAccidents,
    titleBrands,
    odometerProblem,
    openRecalls,
    serviceRecords: events.filter((e) => e.kind === 'service').length,
    score: Math.max(
      1,
      Math.min(99, 92 - listedAccidents.length * 9 - titleBrands.length * 30 - ownerCount * 3),
    ),
    scoreRange: [78, 90],
    events,
    lastOdometer: last ? { reading: last.mileage as number, date: last.date } : null,
  };
}

function rank(accident: Accident): number {
  return ['minor', 'moderate', 'severe'].indexOf(accident.severity) * 1e9 + accident.mileage;
}
