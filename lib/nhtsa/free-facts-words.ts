// NHTSA's free facts in the words a shopper reads at a glance: what the VIN says the car is, what
// the listing claims against it, recall campaigns (never "safe" for none: recalls are kept by make,
// model and year, and whether this car's were repaired is only at NHTSA's own per-VIN lookup),
// complaints and crash stars. Shared by the badge panel, the popup, the workbench and the viewer.
import { plural } from '../plural';
import { listingMismatch } from '../vin/listing-mismatch';
import type { FreeFacts } from './free-facts';
import type { ComplaintSummary, CrashRating } from './model-facts';
import type { RecallRow } from './nhtsa-wire';
import { readDecode, recallsInOrder, starsOf, type VehicleDecode } from './read-facts';

/** NHTSA's official per-VIN recall lookup (the only place a VIN's open recalls are public). */
export const RECALL_LOOKUP_WORDS = 'Were this car’s recalls repaired? Ask NHTSA by VIN';
export const recallLookupUrl = (vin: string) => `https://www.nhtsa.gov/recalls?vin=${vin}`;

/** "2012 CHEVROLET Cruze LT": the vehicle as NHTSA names it. */
export const vehicleName = (d: VehicleDecode) => [d.year ?? '', d.make, d.model, d.trim].join(' ').trim();

/** The decode in one line, or NHTSA's refusal said plainly. */
export function decodeWords(d: VehicleDecode): string {
  if (d.rejected) return `NHTSA cannot decode this VIN: ${d.rejected}`;
  const built = d.plant ? `built in ${d.plant}` : '';
  return [vehicleName(d), d.body, d.engine, d.drive, built].filter(Boolean).join(' · ');
}

/** A decode NHTSA made despite a problem (a wrong check digit): said beside it, never hidden. */
export const problemWords = (d: VehicleDecode) =>
  d.problem && !d.rejected ? `NHTSA notes: ${d.problem}` : null;

export function recallHeadline(recalls: RecallRow[], d: VehicleDecode): string {
  const model = [d.year, d.make, d.model].join(' ');
  if (recalls.length === 0)
    // NHTSA answers a model name its recall catalogue spells otherwise with the same empty answer.
    return `No recall campaigns on record for the ${model} as NHTSA names them: by model year, not proof this car is safe.`;
  const parked = recalls.filter((r) => r.parkIt).length;
  const outside = recalls.filter((r) => r.parkOutSide).length;
  const urgent = [
    parked ? `${parked} “park it”: do not drive until repaired` : '',
    outside ? `${outside} “park outside”: fire risk` : '',
  ].filter(Boolean);
  return `${plural(recalls.length, 'recall campaign')} for the ${model}${urgent.length ? ` (${urgent.join('; ')})` : ''}.`;
}

/** One campaign in a line: its number, component and remedy. */
export const recallLine = (r: RecallRow) =>
  `${r.parkIt ? 'PARK IT · ' : r.parkOutSide ? 'PARK OUTSIDE · ' : ''}${r.NHTSACampaignNumber} · ${r.Component?.trim() || 'component not given'}${r.Remedy?.trim() ? ` · Remedy: ${r.Remedy.trim()}` : ''}`;

export function complaintWords(c: ComplaintSummary): string {
  if (c.count === 0) return 'No complaints to NHTSA on record for this model year.';
  const top = c.top.map((t) => `${t.component.toLowerCase()} (${t.count})`).join(', ');
  const harm = [
    c.crashes ? `${c.crashes} crash${c.crashes === 1 ? '' : 'es'}` : '',
    c.fires ? plural(c.fires, 'fire') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${plural(c.count, 'complaint')} to NHTSA for this model year${top ? `, most about ${top}` : ''}${harm ? `; ${harm} reported` : ''}.`;
}

export function ratingWords(r: CrashRating): string {
  const stars = starsOf(r.overall);
  if (stars === null)
    return r.variants === 0
      ? 'Not crash-tested by NHTSA for this model year.'
      : 'NHTSA has no overall crash rating for this model year.';
  return `NHTSA crash rating: ${stars} of 5 stars overall${r.variants > 1 ? ` (one of ${r.variants} rated versions)` : ''}.`;
}

/**
 * What the listing's title claims against NHTSA's decode: a year or make it contradicts (a typo or a
 * fraud sign, lib/vin/listing-mismatch.ts's rules: makes by family, unsure means silent), else a
 * model the title does not name (said as a note: listings name models their own way).
 */
export function listingAgainstDecode(
  d: VehicleDecode,
  title: string,
): { alarm: boolean; words: string } | null {
  if (d.rejected || !title.trim()) return null;
  const says = listingMismatch({ ...(d.year ? { modelYear: d.year } : {}), make: d.make }, title);
  if (says)
    return {
      alarm: true,
      words: `NHTSA decodes this VIN as ${vehicleName(d)}, but the listing says ${[says.year, says.make].filter(Boolean).join(' ')}. A typo, or a sign of fraud: check the VIN before paying for anything.`,
    };
  const flat = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  // Only where the title names NHTSA's make as NHTSA spells it: unsure means silent.
  if (flat(d.make) && flat(title).includes(flat(d.make)) && d.model && !flat(title).includes(flat(d.model)))
    return { alarm: false, words: `NHTSA names the model "${d.model}"; the listing's title does not.` };
  return null;
}

/** One line of the free facts as a page shows it; `tone` is how (pages and the panel draw it their way). */
export interface FactLine {
  text: string;
  tone: 'plain' | 'warn' | 'alarm' | 'note' | 'error' | 'recall';
  /** The recall headline: NHTSA's per-VIN lookup is linked after it. */
  lookup?: boolean;
}

/**
 * What the free facts say, line by line, in order: the decode, NHTSA's note, the listing's `claims`
 * against the decode (its warning left out when the page already `warned` of the offline decode),
 * then the model's recalls (the first `recalls` campaigns), complaints and stars, or why they failed.
 */
export function freeFactsShown(
  facts: FreeFacts,
  claims: string,
  options: { warned?: boolean; recalls: number },
): FactLine[] {
  const decode = readDecode(facts.decode);
  const lines: FactLine[] = [{ text: decodeWords(decode), tone: 'plain' }];
  const problem = problemWords(decode);
  if (problem) lines.push({ text: problem, tone: 'warn' });
  const against = listingAgainstDecode(decode, claims);
  if (against && !(against.alarm && options.warned))
    lines.push({ text: against.words, tone: against.alarm ? 'alarm' : 'note' });
  const model = facts.model;
  if (!model) return lines;
  if (!model.ok)
    return [...lines, { text: `Recalls, complaints and ratings: ${model.error.message}`, tone: 'error' }];
  const recalls = recallsInOrder(model.value.recalls);
  const urgent = recalls.some((r) => r.parkIt || r.parkOutSide);
  return [
    ...lines,
    { text: recallHeadline(recalls, decode), tone: urgent ? 'warn' : 'plain', lookup: true },
    ...recalls.slice(0, options.recalls).map((r): FactLine => ({ text: recallLine(r), tone: 'recall' })),
    { text: complaintWords(model.value.complaints), tone: 'plain' },
    { text: ratingWords(model.value.rating), tone: 'plain' },
  ];
}
