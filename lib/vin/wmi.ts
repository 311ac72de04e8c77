// What the first three characters of a VIN (the world manufacturer identifier) tell, offline.

/**
 * NHTSA's assigned manufacturer-code prefixes (2.4 KB gzip of data), handed in by whoever loaded
 * them: the background reads its copy from the package's `wmi-prefixes.txt` on its first verdict
 * (entrypoints/background/sites/wmi-file.ts) instead of parsing it at every start of its worker;
 * tests pass the generated module's string (lib/vin/wmi-prefixes.ts, the one source of both).
 */
let prefixes: Set<string> | undefined;

/** Unpacks "<two characters><every third character>" groups separated by "|". */
export function useWmiPrefixes(packed: string): void {
  const set = new Set<string>();
  for (const group of packed.split('|'))
    for (const third of group.slice(2)) set.add(group.slice(0, 2) + third);
  prefixes = set;
}

export const wmiPrefixesLoaded = (): boolean => prefixes !== undefined;

/** True when NHTSA has assigned a manufacturer code starting with these three characters. */
export function isKnownWmiPrefix(wmi: string): boolean {
  // Never a silent "unknown" (it would drop every unlabelled VIN): the caller loads them first.
  if (!prefixes) throw new Error('The manufacturer codes are not loaded yet (useWmiPrefixes).');
  return prefixes.has(wmi);
}

const REGIONS: Array<[RegExp, string]> = [
  [/^[A-H]/, 'Africa'],
  [/^[J-R]/, 'Asia'],
  [/^[S-Z]/, 'Europe'],
  [/^[1-5]/, 'North America'],
  [/^[67]/, 'Oceania'],
  [/^[890]/, 'South America'],
];

// First two characters -> country, for the common ranges of ISO 3780.
const COUNTRIES: Array<[RegExp, string]> = [
  [/^[145]/, 'United States'],
  [/^2/, 'Canada'],
  [/^3[A-W]/, 'Mexico'],
  [/^J/, 'Japan'],
  [/^K[L-R]/, 'South Korea'],
  [/^L/, 'China'],
  [/^M[A-E]/, 'India'],
  [/^S[A-M]/, 'United Kingdom'],
  [/^T[J-P]/, 'Czech Republic'],
  [/^V[F-R]/, 'France'],
  [/^V[S-W]/, 'Spain'],
  [/^W/, 'Germany'],
  [/^X[3-9]/, 'Russia'],
  [/^Y[A-E]/, 'Belgium'],
  [/^Y[S-W]/, 'Sweden'],
  [/^Z[A-R]/, 'Italy'],
  [/^6[A-W]/, 'Australia'],
  [/^9[A-E]/, 'Brazil'],
];

// Common manufacturer codes -> make. Not exhaustive: the badge says "manufacturer code XYZ" otherwise.
const MAKES: Record<string, string> = {
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '2G1': 'Chevrolet',
  '3GN': 'Chevrolet',
  KL1: 'Chevrolet',
  '1G4': 'Buick',
  '1G6': 'Cadillac',
  '1GY': 'Cadillac',
  W06: 'Cadillac',
  '1GK': 'GMC',
  '1GT': 'GMC',
  '1G8': 'Saturn',
  '1FA': 'Ford',
  '1FB': 'Ford',
  '1FD': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '2FM': 'Ford',
  '3FA': 'Ford',
  '1ZV': 'Ford',
  '1LN': 'Lincoln',
  '5LM': 'Lincoln',
  '1C3': 'Chrysler',
  '2C3': 'Chrysler',
  '1C4': 'Jeep',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '1JC': 'Jeep',
  '1C6': 'Ram',
  '3C6': 'Ram',
  '1B3': 'Dodge',
  '1B4': 'Dodge',
  '1B7': 'Dodge',
  '2B3': 'Dodge',
  '2D8': 'Dodge',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  JHM: 'Honda',
  JH4: 'Acura',
  '19U': 'Acura',
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '5N1': 'Nissan',
  JN1: 'Nissan',
  JN8: 'Nissan',
  '3N1': 'Nissan',
  JNK: 'Infiniti',
  '5N3': 'Infiniti',
  JNR: 'Infiniti',
  '4T1': 'Toyota',
  '2T1': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTK: 'Toyota',
  JTM: 'Toyota',
  JTN: 'Toyota',
  JTH: 'Lexus',
  '2T2': 'Lexus',
  KMH: 'Hyundai',
  KM8: 'Hyundai',
  '5NP': 'Hyundai',
  KNA: 'Kia',
  KND: 'Kia',
  '5XY': 'Kia',
  KMT: 'Genesis',
  WBA: 'BMW',
  WBS: 'BMW M',
  '5UX': 'BMW',
  WBY: 'BMW',
  WDD: 'Mercedes-Benz',
  WDB: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  '4JG': 'Mercedes-Benz',
  '55S': 'Mercedes-Benz',
  WAU: 'Audi',
  WA1: 'Audi',
  TRU: 'Audi',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  '3VW': 'Volkswagen',
  '1VW': 'Volkswagen',
  WP0: 'Porsche',
  WP1: 'Porsche',
  SCF: 'Aston Martin',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  YV1: 'Volvo',
  YV4: 'Volvo',
  ZFF: 'Ferrari',
  ZAR: 'Alfa Romeo',
  ZHW: 'Lamborghini',
  JM1: 'Mazda',
  JM3: 'Mazda',
  '1YV': 'Mazda',
  JF1: 'Subaru',
  JF2: 'Subaru',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  '5YJ': 'Tesla',
  '7SA': 'Tesla',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  SCC: 'Lotus',
  SCB: 'Bentley',
  SCA: 'Rolls-Royce',
  ZAM: 'Maserati',
  '3MZ': 'Mazda',
  '7FA': 'Honda',
  JTJ: 'Lexus',
  '58A': 'Lexus',
  '1GB': 'Chevrolet',
  '1C8': 'Chrysler',
};

export interface WmiInfo {
  wmi: string;
  region: string;
  country?: string;
  make?: string;
}

/** Region, country and (for common codes) make from the first characters of a VIN. */
export function describeWmi(vin: string): WmiInfo {
  const wmi = vin.slice(0, 3);
  const info: WmiInfo = { wmi, region: REGIONS.find(([re]) => re.test(vin))?.[1] ?? 'Unknown region' };
  const country = COUNTRIES.find(([re]) => re.test(vin))?.[1];
  if (country) info.country = country;
  const make = MAKES[wmi];
  if (make) info.make = make;
  return info;
}
