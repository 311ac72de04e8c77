// What the simulator's two generations of providerB's report share: the brand, the VIN in ids, the
// icons as images on the provider's CDN under its /reportservice/report/fullReport/img/ path (their
// file name and alt carry the meaning, as in the real reports), the uses the report names.
import type { OwnerType } from './report-history';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const miles = (n: number) => n.toLocaleString('en-US');

export interface BParts {
  vin: string;
  brand: string;
  /** The CDN's folder of the report's icons. */
  img: string;
  /** The score badge image (a remote image of the provider's CDN). */
  badge: string;
}

/** An icon image; its alt is its name, as the real reports' alts are. */
export const bIcon = (p: BParts, name: string, cls = '') =>
  `<img${cls ? ` class="${cls}"` : ''} src="${p.img}/${name}.svg" alt="${name}" width="18" height="18">`;

/** The 2021 generation's fixed list of uses, in its order (docs/report-evidence.md §3.2). */
export const B_USE_LIST = [
  'Personal',
  'Fleet',
  'Rental',
  'Lease',
  'Taxi',
  'Livery',
  'Police',
  'Government',
  'Drivers Ed',
  'Commercial',
];

/** Which use of the list each kind of owner is. */
export const B_USES: Record<OwnerType, string> = {
  Personal: 'Personal',
  'Personal lease': 'Lease',
  Fleet: 'Fleet',
  Rental: 'Rental',
  Commercial: 'Commercial',
};
